// Islands that a theme component marks in the HTML it renders into static
// content (a code block's buttons), found in the browser by their name. Each
// loads its code once one nears the view and renders when the reader reaches
// it, or when it asks to render near the view: until then its HTML serves.
import {createElement, type ComponentType, type ReactNode} from 'react';

/** An island given the element that holds it in the static content. */
export type NamedIsland = ComponentType<{readonly element: Element}>;

/** When a named island renders before the reader reaches it, and what reaching it means. */
export type IslandOptions = {
  /**
   * Renders, in idle time, once it nears the view while this holds (a code
   * block's buttons, once the block scrolls sideways: the theme shows its
   * word-wrap button then).
   */
  readonly renderNearView?: (element: Element) => boolean;
  /**
   * The element a reader reaches it by (the whole code block, its title
   * too, whose hover shows the buttons); by default the island's parent.
   */
  readonly area?: (element: Element) => Element | null;
};

type NamedEntry = IslandOptions & {
  load: () => Promise<void>;
  Component?: NamedIsland;
};

const named = new Map<string, NamedEntry>();

/** Makes the component that `load` brings the island `<StaticIsland name>` marks. */
export function registerIsland(
  name: string,
  load: () => Promise<NamedIsland>,
  {renderNearView, area}: IslandOptions = {},
): void {
  const island: NamedEntry = {
    load: async () => {
      island.Component ??= await load();
    },
    renderNearView,
    area,
  };
  named.set(name, island);
}

export function islandFor(name: string):
  | (IslandOptions & {
      readonly render: (element: Element) => ReactNode;
      readonly load: () => Promise<void>;
    })
  | undefined {
  const island = named.get(name);
  return (
    island && {
      render: (element) =>
        island.Component && <island.Component element={element} />,
      load: island.load,
      renderNearView: island.renderNearView,
      area: island.area,
    }
  );
}

/** Marks its children, static HTML in the browser, as the island `name`. */
export function StaticIsland({
  name,
  children,
}: {
  readonly name: string;
  readonly children: ReactNode;
}): ReactNode {
  return createElement('nk-island', {'data-island': name}, children);
}

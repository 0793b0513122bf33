// Islands that a theme component marks in the HTML it renders into static
// content (a code block's buttons), found in the browser by their name. Each
// loads its code once one nears the view and renders when the reader reaches
// it, or when it asks to render near the view: until then its HTML serves.
import {createElement, type ComponentType, type ReactNode} from 'react';

/** An island given the element that holds it in the static content. */
export type NamedIsland = ComponentType<{readonly element: Element}>;

type NamedEntry = {
  load: () => Promise<void>;
  renderNearView?: (element: Element) => boolean;
  Component?: NamedIsland;
};

const named = new Map<string, NamedEntry>();

/**
 * Makes the component that `load` brings the island `<StaticIsland name>`
 * marks. With `renderNearView`, an island also renders, in idle time, once
 * it nears the view while `renderNearView(element)` holds (a code block's
 * buttons, once the block scrolls sideways: the theme shows its word-wrap
 * button then).
 */
export function registerIsland(
  name: string,
  load: () => Promise<NamedIsland>,
  renderNearView?: (element: Element) => boolean,
): void {
  const island: NamedEntry = {
    load: async () => {
      island.Component ??= await load();
    },
    renderNearView,
  };
  named.set(name, island);
}

export function islandFor(name: string):
  | {
      readonly render: (element: Element) => ReactNode;
      readonly load: () => Promise<void>;
      readonly renderNearView?: (element: Element) => boolean;
    }
  | undefined {
  const island = named.get(name);
  return (
    island && {
      render: (element) =>
        island.Component && <island.Component element={element} />,
      load: island.load,
      renderNearView: island.renderNearView,
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

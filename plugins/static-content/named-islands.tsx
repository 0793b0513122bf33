// Islands that a theme component marks in the HTML it renders into static
// content (a code block's buttons), found in the browser by their name. Each
// loads its code once one nears the view and renders when the reader reaches
// it: until then its HTML serves.
import {createElement, type ComponentType, type ReactNode} from 'react';

/** An island given the element that holds it in the static content. */
export type NamedIsland = ComponentType<{readonly element: Element}>;

const named = new Map<
  string,
  {load: () => Promise<void>; Component?: NamedIsland}
>();

/** Makes the component that `load` brings the island `<StaticIsland name>` marks. */
export function registerIsland(
  name: string,
  load: () => Promise<NamedIsland>,
): void {
  const island: {load: () => Promise<void>; Component?: NamedIsland} = {
    load: async () => {
      island.Component ??= await load();
    },
  };
  named.set(name, island);
}

export function islandFor(name: string):
  | {
      readonly render: (element: Element) => ReactNode;
      readonly load: () => Promise<void>;
    }
  | undefined {
  const island = named.get(name);
  return (
    island && {
      render: (element) =>
        island.Component && <island.Component element={element} />,
      load: island.load,
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

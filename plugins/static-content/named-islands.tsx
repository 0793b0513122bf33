// Islands that a theme component marks in the HTML it renders into static
// content (a code block's buttons), found in the browser by their name.
import {createElement, type ComponentType, type ReactNode} from 'react';

/** An island given the element that holds it in the static content. */
export type NamedIsland = ComponentType<{readonly element: Element}>;

const named = new Map<string, NamedIsland>();

/** Makes `Component` the island that `<StaticIsland name>` marks. */
export function registerIsland(name: string, Component: NamedIsland): void {
  named.set(name, Component);
}

export function islandFor(
  name: string,
): ((element: Element) => ReactNode) | undefined {
  const Component = named.get(name);
  return Component && ((element) => <Component element={element} />);
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

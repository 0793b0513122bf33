// The route the page shows. The address changes as soon as a link is
// followed, and the page it leads to shows once its code and content have
// come: until then the old page is on screen. Docusaurus calls
// onRouteDidUpdate once the new route has rendered (and on the first load);
// the WebMCP tools (src/webmcp) answer from the page shown.
import type {ClientModule} from '@docusaurus/types';

type Location = Parameters<
  NonNullable<ClientModule['onRouteDidUpdate']>
>[0]['location'];

let shown: Location | undefined;
const listeners = new Set<(location: Location) => void>();

/** The location of the route shown, once it has rendered. */
export const shownLocation = (): Location | undefined => shown;

/** Calls `listener` each time a route has rendered; returns what stops it. */
export function onRouteShown(
  listener: (location: Location) => void,
): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function onRouteDidUpdate({location}: {location: Location}): void {
  shown = location;
  listeners.forEach((listener) => listener(location));
}

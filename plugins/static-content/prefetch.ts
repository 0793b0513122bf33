// When Docusaurus prefetches a route (a link to it comes into view), it adds
// a <link rel="prefetch"> for each of the route's chunks. A doc's content is
// its page's HTML, which its chunk fetches when it loads: this prefetches
// that page beside the chunk, so that following the link waits for neither.
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import routesChunkNames from '@generated/routesChunkNames';

declare const __webpack_require__: {gca: (chunkName: string) => string};

/** The route path of each MDX content chunk, by the chunk's URL. */
function contentRoutes(): Map<string, string> {
  const routes = new Map<string, string>();
  for (const [routeWithHash, chunks] of Object.entries(routesChunkNames)) {
    const content = (chunks as {content?: unknown}).content;
    if (typeof content !== 'string') continue;
    const url = __webpack_require__.gca(content);
    // Removes the route's hash: /docs/intro-4f2 is /docs/intro.
    if (url) routes.set(url, routeWithHash.replace(/-[^-]+$/, ''));
  }
  return routes;
}

function prefetchPages(): void {
  let routes: Map<string, string> | undefined;
  const prefetched = new Set<string>();
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      mutation.addedNodes.forEach((node) => {
        if (!(node instanceof HTMLLinkElement) || node.rel !== 'prefetch')
          return;
        routes ??= contentRoutes();
        const route = routes.get(node.getAttribute('href') ?? '');
        if (!route || prefetched.has(route)) return;
        prefetched.add(route);
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.href = route;
        document.head.append(link);
      });
    }
  }).observe(document.head, {childList: true});
}

if (ExecutionEnvironment.canUseDOM && process.env.NODE_ENV === 'production')
  prefetchPages();

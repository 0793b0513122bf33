// Docusaurus prefetches a route when a link to it comes into view: its chunks,
// with <link rel="prefetch"> or, where the browser has none (Safari), a
// request. A doc's content is its page's HTML, which its route reads when it
// loads: this fetches that page beside the chunks, in every browser, and reads
// it in idle time (./runtime/pages.ts, which a doc's first load has already
// and a page without static content loads as it prefetches one), so that
// following the link waits for neither. A <link rel="prefetch"> would not do:
// Safari has none, and Firefox drops the prefetch of a page that must be
// revalidated, with an error event.
import {matchRoutes} from 'react-router-config';
import routes from '@generated/routes';
import routesChunkNames from '@generated/routesChunkNames';
import {wrappingDocusaurusGlobal} from '@nodekeeper/docusaurus-internals/docusaurus-global';

/** The route paths whose content is an MDX file's, static in production. */
const contentRoutes = new Set(
  Object.entries(routesChunkNames)
    .filter(([, chunks]) => 'content' in (chunks as object))
    // Removes the route's hash: /docs/intro-4f2 is /docs/intro.
    .map(([routeWithHash]) => routeWithHash.replace(/-[^-]+$/, '')),
);

export default wrappingDocusaurusGlobal(({prefetch}) =>
  process.env.NODE_ENV !== 'production'
    ? {}
    : {
        prefetch: (routePath) => {
          const prefetching = prefetch(routePath);
          if (prefetching === false) return false;
          // A chunk that fails to prefetch loads, or fails, with the route.
          if (prefetching instanceof Promise)
            prefetching.catch(() => undefined);
          if (
            matchRoutes(routes, routePath).some(({route}) =>
              contentRoutes.has(route.path ?? ''),
            )
          )
            // Failing, as a chunk does above: the route loads it again.
            import('./runtime/pages')
              .then(({prefetchPage}) => prefetchPage(routePath))
              .catch(() => undefined);
          return prefetching;
        },
      },
);

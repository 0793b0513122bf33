// A link preloads its route when a reader points at it, and leaves the
// promise unhandled: when a chunk fails to load (a deploy since the page was
// opened), the browser logs an uncaught error beside the warning with which
// the navigation itself reloads the page. The preload's failure is the
// navigation's to report, so it is caught here.
import {wrappingDocusaurusGlobal} from '@nodekeeper/docusaurus-internals/docusaurus-global';

export default wrappingDocusaurusGlobal(({preload}) => ({
  preload: (routePath) => {
    const loading = preload(routePath);
    if (loading instanceof Promise) loading.catch(() => undefined);
    return loading;
  },
}));

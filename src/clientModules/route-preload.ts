// A link preloads its route when a reader points at it, and leaves the
// promise unhandled: when a chunk fails to load (a deploy since the page was
// opened), the browser logs an uncaught error beside the warning with which
// the navigation itself reloads the page. The preload's failure is the
// navigation's to report, so it is caught here. (The object is the one
// Docusaurus puts on window; tests/unit/docusaurus-internals.test.mjs checks
// that links still call its preload.)
import docusaurus from '@docusaurus/core/lib/client/docusaurus';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

const routes = docusaurus as {preload: typeof docusaurus.preload};
const preload = routes.preload;
if (ExecutionEnvironment.canUseDOM)
  routes.preload = (routePath) => {
    const loading = preload(routePath);
    if (loading instanceof Promise) loading.catch(() => undefined);
    return loading;
  };

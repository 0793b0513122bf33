// A link preloads its route when a reader points at it, and leaves the
// promise unhandled: when a chunk fails to load (a deploy since the page was
// opened), the browser logs an uncaught error beside the warning with which
// the navigation itself reloads the page. The preload's failure is the
// navigation's to report, so it is caught here. Docusaurus freezes the object
// it puts on window before the first render, so the page gets a copy with
// this preload. (tests/unit/docusaurus-internals.test.mjs checks that links
// still preload through window.docusaurus.)
import type {ClientModule} from '@docusaurus/types';

let caught = false;

const routePreload: ClientModule = {
  onRouteDidUpdate() {
    if (caught) return;
    caught = true;
    const {preload} = window.docusaurus;
    window.docusaurus = {
      ...window.docusaurus,
      preload: (routePath) => {
        const loading = preload(routePath);
        if (loading instanceof Promise) loading.catch(() => undefined);
        return loading;
      },
    };
  },
};

export default routePreload;

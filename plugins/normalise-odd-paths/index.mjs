// Before the site's scripts start, rewrites a URL path that the client router
// cannot take as it is, in the address bar and without a reload:
// - a lone or invalid percent escape (/docs/%): decodeURI throws in the client's
//   route preload, and the page never starts;
// - an encoded or doubled slash (/docs%2Fintro, /docs//intro): hosts serve the
//   page it resolves to, the router matches no route, and hydration fails.

/**
 * The path the client router should see for `pathname`.
 * @param {string} pathname
 */
export function normalisedPath(pathname) {
  var path = pathname.replace(/%2F/gi, '/').replace(/\/{2,}/g, '/');
  try {
    decodeURI(path);
    return path;
  } catch (malformed) {
    // Every % becomes a literal one: the path names no page, the host and
    // the router agree on the not-found page.
    return path.replace(/%/g, '%25');
  }
}

// Failing here must never stop the page: at worst the path stays as it was.
const script = `(function (l) {
  try {
    var path = (${normalisedPath})(l.pathname);
    if (path !== l.pathname) history.replaceState(history.state, '', path + l.search + l.hash);
  } catch (error) {}
})(location);`;

/** @returns {import('@docusaurus/types').Plugin} */
export default function normaliseOddPathsPlugin() {
  return {
    name: 'normalise-odd-paths',
    injectHtmlTags() {
      return {headTags: [{tagName: 'script', innerHTML: script}]};
    },
  };
}

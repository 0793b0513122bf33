// Before the site's scripts start, sends a URL path that the client router
// cannot take as it is to the path it should be. Every inline script that does
// this lives here.
//
// To another page, with a reload, as the host served other HTML than that
// path's page:
// - a path ending in .html or /index.html gets the host's 404.html, or the
//   page's HTML under a path React does not expect: hydration fails, and React
//   19 can leave the prerendered copy beside its own;
// - a path in another letter case (/Docs/Intro) gets 404.html, which the
//   router, matching without regard to case, would hydrate as the page.
//   Every page's path is lowercase (the build fails otherwise), so its
//   lowercase form is the page or no page at all.
// In the address bar only, as the host already served the right page:
// - a lone or invalid percent escape (/docs/%): decodeURI throws in the
//   client's route preload, and the page never starts;
// - an encoded or doubled slash (/docs%2Fintro, /docs//intro): hosts serve the
//   page it resolves to, the router matches no route, and hydration fails.

/**
 * The path the client router should see for `pathname`, which the host has answered.
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

/**
 * The path of the page `pathname` asks for, under `baseUrl`: lowercase, and
 * without .html unless it is one of `htmlRoutes`, the pages whose own path
 * ends in .html.
 * @param {string} pathname
 * @param {string} baseUrl
 * @param {string[]} [htmlRoutes]
 */
export function pagePath(pathname, baseUrl, htmlRoutes) {
  var base = pathname.indexOf(baseUrl) === 0 ? baseUrl : '/';
  var rest = pathname
    .slice(base.length)
    // Percent escapes stay as they are: %C3%BC is not %c3%bc to every host.
    .replace(/%[0-9A-Fa-f]{2}|[A-Z]+/g, function (part) {
      return part.charAt(0) === '%' ? part : part.toLowerCase();
    });
  if (htmlRoutes && htmlRoutes.indexOf(base + rest) !== -1) return base + rest;
  return base + rest.replace(/(?:^|\/)index\.html$|\.html$/, '');
}

/**
 * Every `permalink` ending in .html in the plugins' content: the pages whose
 * own path ends so (a doc with `slug: page.html`).
 * @param {unknown} content
 * @param {Set<string>} [found]
 * @param {WeakSet<object>} [seen]
 * @returns {string[]}
 */
export function htmlPermalinks(
  content,
  found = new Set(),
  seen = new WeakSet(),
) {
  if (content && typeof content === 'object' && !seen.has(content)) {
    seen.add(content);
    for (const [key, value] of Object.entries(content)) {
      if (key === 'permalink' && typeof value === 'string') {
        if (/\.html$/.test(value)) found.add(value);
      } else htmlPermalinks(value, found, seen);
    }
  }
  return [...found].sort();
}

/**
 * The routes whose path, below `baseUrl`, has a capital letter.
 * @param {string[]} routesPaths
 * @param {string} baseUrl
 */
export function routesWithCapitals(routesPaths, baseUrl) {
  return routesPaths.filter(
    (route) =>
      route.slice(baseUrl.length) !== route.slice(baseUrl.length).toLowerCase(),
  );
}

// Failing here must never stop the page: at worst the path stays as it was.
/**
 * @param {string} baseUrl
 * @param {string[]} htmlRoutes
 */
function script(baseUrl, htmlRoutes) {
  return `(function (l) {
  try {
    var path = (${normalisedPath})(l.pathname);
    var page = (${pagePath})(path, ${JSON.stringify(baseUrl)}, ${JSON.stringify(htmlRoutes)});
    if (page !== path) l.replace(page + l.search + l.hash);
    else if (path !== l.pathname) history.replaceState(history.state, '', path + l.search + l.hash);
  } catch (error) {}
})(location);`;
}

/**
 * @param {import('@docusaurus/types').LoadContext} context
 * @returns {import('@docusaurus/types').Plugin}
 */
export default function normaliseOddPathsPlugin(context) {
  /** @type {string[]} */
  let htmlRoutes = [];
  return {
    name: 'normalise-odd-paths',
    allContentLoaded({allContent}) {
      htmlRoutes = htmlPermalinks(allContent);
    },
    injectHtmlTags() {
      return {
        headTags: [
          {tagName: 'script', innerHTML: script(context.baseUrl, htmlRoutes)},
        ],
      };
    },
    postBuild({routesPaths, baseUrl}) {
      const capitalised = routesWithCapitals(routesPaths, baseUrl);
      if (capitalised.length > 0) {
        throw new Error(
          `These pages' paths have capital letters: ${capitalised.join(', ')}. ` +
            'A path in any letter case is sent to its lowercase form, so every path must be lowercase: ' +
            'rename the file (docs/Intro.md to docs/intro.md) or give the page a lowercase slug.',
        );
      }
    },
  };
}

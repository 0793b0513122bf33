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
//   router, matching without regard to case, would hydrate as the page. A
//   page's path is its lowercase form, or, for the pages whose own path has
//   capitals (a writer's docs/FAQ.md, which the build warns of), that path.
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
 * The path of the page `pathname` asks for, under `baseUrl`: lowercase, or
 * the one of `mixedCaseRoutes` it is in another letter case, and without
 * .html unless it is one of `htmlRoutes`, the pages whose own path ends in
 * .html.
 * @param {string} pathname
 * @param {string} baseUrl
 * @param {string[]} [htmlRoutes]
 * @param {string[]} [mixedCaseRoutes]
 */
export function pagePath(pathname, baseUrl, htmlRoutes, mixedCaseRoutes) {
  var base = pathname.indexOf(baseUrl) === 0 ? baseUrl : '/';
  var rest = pathname
    .slice(base.length)
    // Percent escapes stay as they are: %C3%BC is not %c3%bc to every host.
    .replace(/%[0-9A-Fa-f]{2}|[A-Z]+/g, function (part) {
      return part.charAt(0) === '%' ? part : part.toLowerCase();
    });
  var page =
    htmlRoutes && htmlRoutes.indexOf(base + rest) !== -1
      ? base + rest
      : base + rest.replace(/(?:^|\/)index\.html$|\.html$/, '');
  var routes = mixedCaseRoutes || [];
  for (var i = 0; i < routes.length; i++)
    if (routes[i].toLowerCase() === page.toLowerCase()) return routes[i];
  return page;
}

/**
 * Every `permalink` in the plugins' content, with the `source` beside it
 * where there is one (a doc's or page's file).
 * @param {unknown} content
 * @param {Map<string, string | undefined>} [found]
 * @param {WeakSet<object>} [seen]
 * @returns {Map<string, string | undefined>}
 */
export function permalinksIn(content, found = new Map(), seen = new WeakSet()) {
  if (content && typeof content === 'object' && !seen.has(content)) {
    seen.add(content);
    const {permalink, source} = /** @type {Record<string, unknown>} */ (
      content
    );
    if (typeof permalink === 'string' && !found.get(permalink))
      found.set(permalink, typeof source === 'string' ? source : undefined);
    for (const value of Object.values(content))
      permalinksIn(value, found, seen);
  }
  return found;
}

/**
 * Every permalink ending in .html in the plugins' content: the pages whose
 * own path ends so (a doc with `slug: page.html`).
 * @param {unknown} content
 * @returns {string[]}
 */
export function htmlPermalinks(content) {
  return [...permalinksIn(content).keys()]
    .filter((permalink) => /\.html$/.test(permalink))
    .sort();
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
 * @param {string[]} mixedCaseRoutes
 */
function script(baseUrl, htmlRoutes, mixedCaseRoutes) {
  return `(function (l) {
  try {
    var path = (${normalisedPath})(l.pathname);
    var page = (${pagePath})(path, ${JSON.stringify(baseUrl)}, ${JSON.stringify(htmlRoutes)}, ${JSON.stringify(mixedCaseRoutes)});
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
  /** @type {Map<string, string | undefined>} */
  let sources = new Map();
  /** @type {string[]} */
  let mixedCaseRoutes = [];
  return {
    name: 'normalise-odd-paths',
    allContentLoaded({allContent}) {
      htmlRoutes = htmlPermalinks(allContent);
      sources = permalinksIn(allContent);
      mixedCaseRoutes = routesWithCapitals(
        [...sources.keys()],
        context.baseUrl,
      );
    },
    injectHtmlTags() {
      return {
        headTags: [
          {
            tagName: 'script',
            innerHTML: script(context.baseUrl, htmlRoutes, mixedCaseRoutes),
          },
        ],
      };
    },
    postBuild({routesPaths, baseUrl}) {
      // As stock Docusaurus, the site publishes them; a reader who types
      // another letter case is sent to the path as written.
      for (const route of routesWithCapitals(routesPaths, baseUrl)) {
        const source = sources.get(route)?.replace(/^@site\//, '');
        console.warn(
          `[WARNING] ${source ? `${source}: ` : ''}the page's path ${route} has capital letters: readers who type it in another letter case are sent to it, but a lowercase path is easier to share.`,
        );
      }
    },
  };
}

// Every path the site has published keeps answering: published-paths.json
// records each doc's path with its file. When a recorded path is no longer
// published, the build finds its successor (where git says the file was
// renamed, or where the writer says the page went) and answers the old path
// with a redirect, or with 410 Gone where the writer says so; a path with
// neither fails the build, naming it.

/**
 * The map's contents: `pages`, each published path (relative to the base
 * URL) with the doc file it came from; `moved`, an old path with the path
 * that answers it now; `gone`, paths that answer 410 Gone.
 * @typedef {{pages: Record<string, string>, moved: Record<string, string>, gone: string[]}} PublishedPaths
 */

/** @typedef {{from: string, to: string}} Rename */

/**
 * The renames in `git log --name-status -M --format=` output, oldest first.
 * @param {string} log
 * @returns {Rename[]}
 */
export function parseRenames(log) {
  return log
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([status]) => /^R\d*$/.test(status ?? ''))
    .map(([, from, to]) => ({from, to}))
    .reverse();
}

/**
 * Where the file `file` is now, following `renames` (oldest first);
 * undefined when git knows of no rename of it.
 * @param {string} file
 * @param {Rename[]} renames
 */
export function renamedTo(file, renames) {
  let current = file;
  for (const {from, to} of renames) if (from === current) current = to;
  return current === file ? undefined : current;
}

/**
 * What the build answers for each path published before: `redirects` (old
 * path to new), `gone`, and `missing`, the paths with neither, which fail
 * the build; and the map as it stands after this build.
 * @param {{
 *   recorded: PublishedPaths,
 *   published: Map<string, string>,
 *   renames: Rename[],
 * }} site `published`: each path the build publishes, with its file
 */
export function resolvePaths({recorded, published, renames}) {
  const pathOfFile = new Map(
    [...published].map(([page, file]) => [file, page]),
  );
  /** @type {Record<string, string>} */
  const moved = {};
  /** @type {{path: string, file: string}[]} */
  const missing = [];
  const gone = recorded.gone.filter((page) => !published.has(page));
  /** @param {string} page */
  const successor = (page) => {
    const seen = new Set();
    let target = page;
    while (!published.has(target) && !seen.has(target)) {
      seen.add(target);
      const file = recorded.pages[target];
      const renamed = file === undefined ? undefined : renamedTo(file, renames);
      const next =
        recorded.moved[target] ??
        (renamed === undefined ? undefined : pathOfFile.get(renamed));
      if (next === undefined) return undefined;
      target = next;
    }
    return published.has(target) ? target : undefined;
  };
  const oldPaths = new Set([
    ...Object.keys(recorded.pages),
    ...Object.keys(recorded.moved),
  ]);
  for (const page of [...oldPaths].sort()) {
    if (published.has(page) || gone.includes(page)) continue;
    const target = successor(page);
    if (target !== undefined) moved[page] = target;
    else missing.push({path: page, file: recorded.pages[page] ?? ''});
  }
  return {
    redirects: moved,
    gone,
    missing,
    next: /** @type {PublishedPaths} */ ({
      pages: Object.fromEntries(
        [...new Set([...Object.keys(recorded.pages), ...published.keys()])]
          .sort()
          .map((page) => [page, published.get(page) ?? recorded.pages[page]]),
      ),
      moved,
      gone,
    }),
  };
}

/**
 * The _redirects file of Netlify and Cloudflare Pages: each old page and its
 * Markdown copy to the new, 301, and each gone page 410 with the not-found
 * page (Netlify; Cloudflare Pages skips a status it does not know).
 * @param {{baseUrl: string, redirects: Record<string, string>, gone: string[]}} paths
 */
export function redirectsFile({baseUrl, redirects, gone}) {
  return (
    [
      '# Written by plugins/outputs/published-paths from published-paths.json; do not edit.',
      ...Object.entries(redirects).flatMap(([from, to]) => [
        `${baseUrl}${from} ${baseUrl}${to} 301`,
        `${baseUrl}${from}.md ${baseUrl}${to}.md 301`,
      ]),
      ...gone.flatMap((page) => [
        `${baseUrl}${page} ${baseUrl}404.html 410`,
        `${baseUrl}${page}.md ${baseUrl}404.html 410`,
      ]),
    ].join('\n') + '\n'
  );
}

/** @param {string} text */
const escaped = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * The page left at an old path for hosts that read no _redirects: it sends
 * the browser on at once, and names the new page to search engines.
 * @param {{url: string, path: string, title: string, language: string}} target
 */
export function redirectPage({url, path, title, language}) {
  return `<!doctype html>
<html lang="${escaped(language)}">
<head>
<meta charset="utf-8">
<title>${escaped(title)}</title>
<meta http-equiv="refresh" content="0; url=${escaped(path)}">
<meta name="robots" content="noindex">
<link rel="canonical" href="${escaped(url)}">
</head>
<body>
<p>This page has moved to <a href="${escaped(path)}">${escaped(title)}</a>.</p>
</body>
</html>
`;
}

/**
 * The Markdown copy left at an old copy's path for those hosts.
 * @param {{url: string, title: string}} target the new page's copy
 */
export function redirectMarkdown({url, title}) {
  return `# ${title}\n\nThis page has moved: its Markdown copy is at ${url}.\n`;
}

// The build's _headers file (written by plugins/outputs/security-headers) read as
// rules, and matched as Netlify and Cloudflare Pages match them. The nginx
// set-up turns the same rules into its configuration, so the headers have one
// source whichever host serves the site.

/** @typedef {{pattern: string, headers: [name: string, value: string][]}} HeaderRule */

/**
 * The rules of a _headers file: each path pattern with the headers it sets.
 * @param {string} text
 */
export function parseHeaders(text) {
  /** @type {HeaderRule[]} */
  const rules = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({pattern: line.trim(), headers: []});
    } else {
      const colon = line.indexOf(':');
      rules
        .at(-1)
        ?.headers.push([
          line.slice(0, colon).trim(),
          line.slice(colon + 1).trim(),
        ]);
    }
  }
  return rules;
}

/**
 * The regular expression source of a _headers path pattern: `*` matches
 * anything, `:name` one path segment, any other text itself.
 * @param {string} pattern
 */
export function patternSource(pattern) {
  const source = pattern
    .split(/(\*|:\w+)/)
    .map((part) =>
      part === '*'
        ? '.*'
        : part.startsWith(':')
          ? '[^/]+'
          : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return `^${source}$`;
}

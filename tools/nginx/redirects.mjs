// The build's _redirects file (written by plugins/outputs/published-paths) read as
// Netlify and Cloudflare Pages read it, for the nginx set-up: each line a
// path, where it goes, and the status.

/** @typedef {{from: string, to: string, status: number}} Redirect */

/**
 * The rules of a _redirects file.
 * @param {string} text
 * @returns {Redirect[]}
 */
export function parseRedirects(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [from, to, status = '301'] = line.split(/\s+/);
      return {from, to, status: Number(status)};
    });
}

/**
 * The nginx locations that answer `redirects`: a redirect to its path, and
 * a 410 with the site's not-found page.
 * @param {Redirect[]} redirects
 */
export function redirectLocations(redirects) {
  return redirects.map(({from, to, status}) => {
    if (/["\\\s{};$]/.test(from + to))
      throw new Error(
        `_redirects: nginx cannot answer "${from} ${to}": a path has a quote, a backslash, a space, a brace, a semicolon or a "$"`,
      );
    return status === 410
      ? `    location = ${from} {\n      return 410;\n    }`
      : `    location = ${from} {\n      return ${status} ${to}$is_args$args;\n    }`;
  });
}

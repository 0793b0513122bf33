// What a route costs a reader on its first load: every script, stylesheet,
// image and font the page asks for until hydration is over and the page has
// settled, each with the bytes a host sends for it (gzip for text). Prefetches
// are left out: they fetch what the next page needs, in idle time. Used by the
// byte budgets (tests/support/route-checks/budgets.ts) and by `npm run bench`.
import {gzipSync} from 'node:zlib';

/**
 * The budgets, in KB (1,024 bytes) a route's first load may transfer. The
 * JavaScript budget leaves the worst route some 5 KB to grow, so that an
 * upstream release that adds a little to every page is not a failed build.
 */
export const budgets = {javascript: 120, css: 16, image: 50};

/** @type {Record<string, string | undefined>} */
const kinds = {
  script: 'javascript',
  stylesheet: 'css',
  image: 'image',
  font: 'font',
};

/**
 * @typedef {{kind: string, path: string, bytes: number, body: Buffer}} LoadedFile
 * @typedef {{files: LoadedFile[], javascript: number, css: number, image: number, font: number}} FirstLoad
 */

/**
 * A built file's name without its content hash: main.1a2b3c4d.js -> main.js.
 * @param {string} file
 */
export function withoutHash(file) {
  return file.replace(/\.[0-9a-f]{8}(\.\w+)$/, '$1');
}

/**
 * The bytes a host with gzip sends for a file of this name and content: compressed for text, as is for the rest.
 * @param {string} name
 * @param {Buffer} bytes
 */
export function transferSize(name, bytes) {
  return /\.(?:js|css|svg|json|html|txt|xml)$/.test(name)
    ? gzipSync(bytes).length
    : bytes.length;
}

/**
 * Starts recording what `page` asks for from now on, for a first load about to
 * begin: call `measured()` once the load is over (the page hydrated, and
 * settled as the caller's check needs) for `files` ({kind, path, bytes, body},
 * biggest first) and the total bytes of each kind. Every request sent by then
 * is counted, its response awaited. Sizes are the gzip sizes of the bodies
 * served, whatever the server's own encoding, so that they are the same on
 * every run.
 * @param {import('@playwright/test').Page} page
 */
export function recordFirstLoad(page) {
  /** @type {{kind: string, request: import('@playwright/test').Request}[]} */
  const requests = [];
  /** @param {import('@playwright/test').Request} request */
  const record = (request) => {
    const kind = kinds[request.resourceType()];
    const purpose =
      request.headers()['sec-purpose'] ?? request.headers()['purpose'] ?? '';
    if (kind && !purpose.includes('prefetch')) requests.push({kind, request});
  };
  page.on('request', record);
  return {
    /** @returns {Promise<FirstLoad>} */
    async measured() {
      page.off('request', record);
      const siteOrigin = new URL(page.url()).origin;
      /** @type {LoadedFile[]} */
      const files = [];
      for (const {kind, request} of requests) {
        const response = await request.response();
        if (!response) continue;
        const {origin, pathname} = new URL(response.url());
        if (
          origin !== siteOrigin ||
          files.some((file) => file.path === pathname)
        )
          continue;
        const body = await response.body();
        files.push({
          kind,
          path: pathname,
          bytes: transferSize(pathname, body),
          body,
        });
      }
      files.sort((a, b) => b.bytes - a.bytes);
      /** @param {string} kind */
      const total = (kind) =>
        files
          .filter((file) => file.kind === kind)
          .reduce((sum, file) => sum + file.bytes, 0);
      return {
        files,
        javascript: total('javascript'),
        css: total('css'),
        image: total('image'),
        font: total('font'),
      };
    },
  };
}

/**
 * Opens `url` (absolute, or relative to the page's base URL) in `page`, a fresh
 * Playwright page, and returns what its first load transferred, as
 * `recordFirstLoad` measures it. The load ends once the page has hydrated and
 * `settled` resolves: by default, once the network has been quiet for 500 ms.
 * @param {import('@playwright/test').Page} page
 * @param {string} url
 * @param {(page: import('@playwright/test').Page) => Promise<void>} [settled]
 * @returns {Promise<FirstLoad>}
 */
export async function measureFirstLoad(
  page,
  url,
  settled = (page) => page.waitForLoadState('networkidle'),
) {
  const load = recordFirstLoad(page);
  await page.goto(url);
  await page
    .locator('html[data-has-hydrated="true"]')
    .waitFor({state: 'attached'});
  await settled(page);
  return load.measured();
}

/**
 * Bytes as KB with one decimal.
 * @param {number} bytes
 */
export function kb(bytes) {
  return (bytes / 1024).toFixed(1);
}

// What a route costs a reader on its first load: every script, stylesheet,
// image and font the page asks for until hydration is over and the network is
// quiet, each with the bytes a host sends for it (gzip for text). Prefetches
// are left out: they fetch what the next page needs, in idle time. Used by the
// byte budgets (tests/e2e/byte-budgets.spec.ts) and by `npm run bench`.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';

/** The budgets, in KB (1,024 bytes) a route's first load may transfer. */
export const budgets = {javascript: 170, css: 16, image: 50};

const kinds = {script: 'javascript', stylesheet: 'css', image: 'image', font: 'font'};

/** A built file's name without its content hash: main.1a2b3c4d.js -> main.js. */
export function withoutHash(file) {
  return file.replace(/\.[0-9a-f]{8}(\.\w+)$/, '$1');
}

/** The bytes a host with gzip sends for `file`: compressed for text, as is for the rest. */
export function transferSize(file) {
  const bytes = readFileSync(file);
  return /\.(?:js|css|svg|json|html|txt|xml)$/.test(file) ? gzipSync(bytes).length : bytes.length;
}

/**
 * Opens `url` (absolute, or relative to the page's base URL) in `page`, a fresh
 * Playwright page, and returns what its first load transferred: `files`
 * ({kind, path, bytes}, biggest first) and the total bytes of each kind. Sizes are read from `dir`, the build being served at
 * `basePath`, so that they are the same on every run.
 */
export async function measureFirstLoad(page, url, {dir, basePath = '/'}) {
  const requested = new Map();
  page.on('request', (request) => {
    const kind = kinds[request.resourceType()];
    const purpose = request.headers()['sec-purpose'] ?? request.headers()['purpose'] ?? '';
    if (kind && !purpose.includes('prefetch')) requested.set(request.url(), kind);
  });
  await page.goto(url);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  await page.waitForLoadState('networkidle');

  const siteOrigin = new URL(page.url()).origin;
  const files = [...requested]
    .map(([address, kind]) => [new URL(address), kind])
    .filter(([address]) => address.origin === siteOrigin && address.pathname.startsWith(basePath))
    .map(([address, kind]) => [address.pathname, kind])
    .map(([pathname, kind]) => ({
      kind,
      path: pathname,
      bytes: transferSize(path.join(dir, decodeURIComponent(pathname.slice(basePath.length)))),
    }))
    .sort((a, b) => b.bytes - a.bytes);
  const total = (kind) => files.filter((file) => file.kind === kind).reduce((sum, file) => sum + file.bytes, 0);
  return {files, javascript: total('javascript'), css: total('css'), image: total('image'), font: total('font')};
}

/** Bytes as KB with one decimal. */
export function kb(bytes) {
  return (bytes / 1024).toFixed(1);
}

// Where the bench works: the checkout, its .bench/ folder, the routes it
// measures, the ports of the servers it starts, and how it serves a build.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {start} from './processes.mjs';

export const root = path.resolve(fileURLToPath(import.meta.url), '../../..');
/** Everything the bench makes goes here; it is removed when the bench stops. */
export const work = path.join(root, '.bench');
export const docusaurus = path.join(root, 'node_modules/.bin/docusaurus');
/** The site's routes, the list the tests use. */
export const routes = /** @type {{path: string}[]} */ (
  JSON.parse(readFileSync(path.join(root, 'tools/routes.json'), 'utf8'))
).map((route) => route.path);

const portBase = Number(process.env.BENCH_PORT_BASE ?? 4380);
/** One port for each server the bench may start, so that none clash. */
export const ports = {
  siteBytes: portBase,
  stockBytes: portBase + 1,
  siteLighthouse: portBase + 2,
  devServer: portBase + 3,
  sameDocSite: portBase + 4,
  sameDocBefore: portBase + 5,
  sameDocStock: portBase + 6,
  length: portBase + 7,
  stockLighthouse: portBase + 8,
};

/** @param {string} message */
export function log(message) {
  console.log(`[bench] ${message}`);
}

/**
 * Serves a build as a static host with gzip does (tools/serve.mjs) until the
 * bench calls stopAll(); returns its origin. `--headers` adds the site's
 * _headers (its CSP among them), as Netlify and Cloudflare Pages do.
 * @param {string} dir
 * @param {number} port
 * @param {string[]} [flags]
 */
export function serve(dir, port, flags = []) {
  start(
    'node',
    [
      path.join(root, 'tools/serve.mjs'),
      '--dir',
      dir,
      '--port',
      String(port),
      '--gzip',
      ...flags,
    ],
    {cwd: root},
  );
  return `http://127.0.0.1:${port}`;
}

// Where the bench works: the checkout, its .bench/ folder, the routes it
// measures, the ports of the servers it starts, and how it serves a build.
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {precompressBuild} from '../../plugins/outputs/precompress/index.mjs';
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
  afterLoadSite: portBase + 9,
  afterLoadBefore: portBase + 10,
  afterLoadStock: portBase + 11,
  peersSite: portBase + 12,
  peersStock: portBase + 13,
  peersStarlight: portBase + 14,
  peersRspress: portBase + 15,
};

/** @param {string} message */
export function log(message) {
  console.log(`[bench] ${message}`);
}

/**
 * Serves a build with the site's nginx set-up (tools/nginx), with its
 * _headers and compressed copies, until the bench calls stopAll(); returns
 * its origin.
 * @param {string} dir
 * @param {number} port
 */
export async function serve(dir, port) {
  // A build that is not the site's (the stock template's) has no headers of
  // its own, and gets the site's compression, so that both are served alike.
  const headers = path.join(dir, '_headers');
  if (!existsSync(headers))
    writeFileSync(
      headers,
      '# No response headers: a build that is not the site.\n',
    );
  if (!existsSync(path.join(dir, 'index.html.gz'))) await precompressBuild(dir);
  start('node', [path.join(root, 'tools/nginx/serve.mjs'), '--dir', dir], {
    cwd: root,
    env: {PORT: String(port)},
  });
  return `http://127.0.0.1:${port}`;
}

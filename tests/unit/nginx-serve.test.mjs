import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {once} from 'node:events';
import {existsSync} from 'node:fs';
import {mkdir, readdir, writeFile} from 'node:fs/promises';
import net from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {headerConflicts} from '../../tools/nginx/config.mjs';
import {parseHeaders} from '../../tools/nginx/headers.mjs';
import {freePort} from '../support/ports.mjs';
import {stopProcess} from '../support/processes.mjs';
import {tempDir} from '../support/temp-dir.mjs';

// `npm run serve:nginx` (tools/nginx/serve.mjs) with Debian's nginx: what it
// does with a build is tested end to end (tests/e2e/served.spec.ts); here, how
// it starts, stops, and refuses what it cannot serve.

/**
 * A build with a page, a 404 page and, unless told not to, a _headers file.
 * @param {import('node:test').TestContext} t
 * @param {{headers?: string | null}} [options]
 */
async function fakeBuild(t, {headers = '/*\n  X-Frame-Options: DENY\n'} = {}) {
  const dir = await tempDir(t, 'nginx-build-');
  await mkdir(path.join(dir, 'docs/intro'), {recursive: true});
  await writeFile(path.join(dir, 'index.html'), '<p>home</p>');
  await writeFile(path.join(dir, 'docs/intro/index.html'), '<p>intro</p>');
  await writeFile(path.join(dir, '404.html'), '<p>not found</p>');
  if (headers !== null) await writeFile(path.join(dir, '_headers'), headers);
  return dir;
}

/**
 * Starts `npm run serve:nginx`'s script.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 */
function serve(args, env) {
  const child = spawn(process.execPath, ['tools/nginx/serve.mjs', ...args], {
    env: {...process.env, ...env},
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return {
    child,
    output: () => output,
    exit: /** @type {Promise<[number | null, string | null]>} */ (
      once(child, 'exit')
    ),
  };
}
/** @typedef {ReturnType<typeof serve>} Server */

/** The temporary directories serve:nginx has left. */
async function leftovers() {
  return (await readdir(tmpdir())).filter((name) =>
    name.startsWith('serve-nginx-'),
  );
}

test('serve:nginx serves a build in the foreground and stops cleanly on Ctrl-C, leaving nothing behind', async (t) => {
  const before = await leftovers();
  /** @type {Server | undefined} */
  let server;
  // Stopped when an assertion fails too, before its build is removed.
  t.after(() => stopProcess(server?.child));
  const dir = await fakeBuild(t);
  const port = await freePort();
  server = serve(['--dir', dir], {PORT: String(port)});
  while (!server.output().includes('Serving')) {
    assert.equal(server.child.exitCode, null, server.output());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const page = await fetch(`http://127.0.0.1:${port}/docs/intro`);
  assert.equal(page.status, 200);
  assert.equal(await page.text(), '<p>intro</p>');
  assert.equal(page.headers.get('x-frame-options'), 'DENY');
  server.child.kill('SIGINT');
  const [code] = await server.exit;
  assert.equal(code, 0, server.output());
  assert.deepEqual(await leftovers(), before);
  await assert.rejects(fetch(`http://127.0.0.1:${port}/`));
});

test('serve:nginx refuses a folder with no build, naming it', async (t) => {
  const dir = await tempDir(t, 'nginx-empty-');
  const server = serve(['--dir', dir], {PORT: String(await freePort())});
  const [code] = await server.exit;
  assert.equal(code, 1);
  assert.match(
    server.output(),
    new RegExp(
      `${path.join(dir, 'index.html')} does not exist: build the site`,
    ),
  );
});

test('serve:nginx refuses a build with no _headers, where the headers come from', async (t) => {
  const dir = await fakeBuild(t, {headers: null});
  const server = serve(['--dir', dir], {PORT: String(await freePort())});
  const [code] = await server.exit;
  assert.equal(code, 1);
  assert.match(
    server.output(),
    /_headers does not exist: plugins\/outputs\/security-headers writes it/,
  );
});

test('serve:nginx refuses a port in use, and starts no server', async (t) => {
  /** @type {Server | undefined} */
  let server;
  t.after(() => stopProcess(server?.child));
  const dir = await fakeBuild(t);
  const busy = net.createServer().listen(0, '127.0.0.1');
  await once(busy, 'listening');
  const {port} = /** @type {net.AddressInfo} */ (busy.address());
  server = serve(['--dir', dir], {PORT: String(port)});
  while (!server.output().includes(`port ${port} on 127.0.0.1 is in use`)) {
    assert.equal(server.child.exitCode, null, server.output());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // The port free from here on: a server started anyway would take it.
  busy.close();
  const ended = await Promise.race([
    server.exit.then(([code]) => `exit code ${code}`),
    new Promise((resolve) => setTimeout(resolve, 5_000, 'still running')),
  ]);
  assert.equal(ended, 'exit code 1', server.output());
  // nginx retries a port in use every half second.
  for (let tries = 0; tries < 10; tries += 1) {
    await assert.rejects(fetch(`http://127.0.0.1:${port}/`));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

test('serve:nginx says so when nginx is not installed', async (t) => {
  const dir = await fakeBuild(t);
  const server = serve(['--dir', dir], {
    PORT: String(await freePort()),
    NGINX: path.join(dir, 'no-nginx-here'),
  });
  const [code] = await server.exit;
  assert.equal(code, 1);
  assert.match(server.output(), /nginx is not installed/);
});

test('rules that would give one path two values of a header are found, as nginx sends one', () => {
  const rules = parseHeaders(
    '/*\n  Cache-Control: no-cache\n/assets/*\n  Cache-Control: immutable\n/docs/*\n  X-Robots-Tag: none\n',
  );
  assert.deepEqual(headerConflicts(rules, ['/docs/intro', '/assets/a.js']), [
    {
      pathname: '/assets/a.js',
      header: 'cache-control',
      patterns: ['/*', '/assets/*'],
    },
  ]);
});

test('Debian nginx is installed, with the brotli module .ci/run installs', () => {
  assert.ok(existsSync('/usr/sbin/nginx'), 'apt-get install nginx');
  assert.ok(
    existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'),
    'apt-get install libnginx-mod-http-brotli-static',
  );
});

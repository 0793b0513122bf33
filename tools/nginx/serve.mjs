// Serves a build with Debian's nginx, in the foreground, as an ordinary user:
// the configuration (tools/nginx/config.mjs), pid file, logs and temporary
// files live in a temporary directory, removed when nginx stops. Ctrl-C stops it.
// Usage: PORT=3000 node tools/nginx/serve.mjs [--dir build] [--prefix /sub/]
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import {
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import net from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {headerConflicts, htmlPages, nginxConfig} from './config.mjs';
import {parseHeaders} from './headers.mjs';
import {parseRedirects} from './redirects.mjs';

const nginxCandidates = ['/usr/sbin/nginx', '/usr/bin/nginx'];
const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`serve:nginx: ${message}`);
  process.exit(1);
}

/** @param {number} port */
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** @param {number} port */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Every file of the build, relative to it, with "/".
 * @param {string} dir
 */
async function buildFiles(dir) {
  /** @type {(import('node:fs').Dirent & {path?: string})[]} */
  const entries = await readdir(dir, {recursive: true, withFileTypes: true});
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path
        .relative(
          dir,
          path.join(entry.parentPath ?? entry.path ?? dir, entry.name),
        )
        .split(path.sep)
        .join('/'),
    );
}

const {values} = parseArgs({
  options: {
    dir: {type: 'string', default: 'build'},
    prefix: {type: 'string', default: '/'},
  },
});
const dir = path.resolve(values.dir);
const prefix = values.prefix;
const port = Number(process.env.PORT ?? 3000);

if (!/^\/(?:[\w.-]+\/)*$/.test(prefix))
  fail(
    `--prefix ${prefix}: a base URL path starts and ends with "/", as /sub/`,
  );
if (!Number.isInteger(port) || port < 1 || port > 65535)
  fail(`PORT=${process.env.PORT}: give a port number from 1 to 65535`);
const nginx =
  process.env.NGINX ?? nginxCandidates.find((file) => existsSync(file));
if (!nginx || !existsSync(nginx))
  fail(
    "nginx is not installed: install Debian's nginx package (apt-get install nginx), or set NGINX to its path",
  );
for (const file of ['index.html', '404.html'])
  if (!existsSync(path.join(dir, file)))
    fail(
      `${path.join(dir, file)} does not exist: build the site first (npm run build)`,
    );
const headersFile = path.join(dir, '_headers');
if (!existsSync(headersFile))
  fail(
    `${headersFile} does not exist: plugins/outputs/security-headers writes it after each build, so this is not a complete build of the site`,
  );
const rules = parseHeaders(await readFile(headersFile, 'utf8'));
// Written by plugins/outputs/published-paths; a build without it has no redirects.
const redirects = parseRedirects(
  await readFile(path.join(dir, '_redirects'), 'utf8').catch(() => ''),
);
const files = await buildFiles(dir);
const conflicts = headerConflicts(
  rules,
  files.map((file) => prefix + file),
);
if (conflicts.length > 0) {
  const {pathname, header, patterns} = conflicts[0];
  fail(
    `${headersFile}: ${patterns.join(' and ')} both set ${header} for ${pathname}; nginx sends one value, so give each path one rule for it`,
  );
}
if (!(await portIsFree(port)))
  fail(
    `port ${port} on 127.0.0.1 is in use: stop what listens there, or choose another PORT`,
  );

const tempDir = await mkdtemp(path.join(tmpdir(), 'serve-nginx-'));
// The build is served under its base URL: the web root holds the prefix as a
// link to the build.
let root = dir;
if (prefix !== '/') {
  root = path.join(tempDir, 'root');
  const link = path.join(root, prefix);
  await mkdir(path.dirname(link), {recursive: true});
  await symlink(dir, link.replace(/\/$/, ''));
}
const configFile = path.join(tempDir, 'nginx.conf');
await writeFile(
  configFile,
  nginxConfig({
    root,
    prefix,
    port,
    htmlPages: htmlPages(files).map((file) => prefix + file),
    rules,
    redirects,
    tempDir,
    brotliModule: existsSync(brotliModule) ? brotliModule : undefined,
    runAsRoot: process.getuid?.() === 0,
  }),
);
if (!existsSync(brotliModule))
  console.warn(
    `serve:nginx: ${brotliModule} is missing (Debian's libnginx-mod-http-brotli-static): serving gzip only`,
  );

const server = spawn(
  nginx,
  ['-p', tempDir, '-e', path.join(tempDir, 'error.log'), '-c', configFile],
  {
    stdio: 'inherit',
  },
);
let stopping = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    stopping = true;
    // nginx's fast shutdown; a second signal reaches it as it is.
    server.kill('SIGTERM');
  });
}
const exited = new Promise((resolve) =>
  server.once('exit', (code, signal) => resolve({code, signal})),
);
server.once('error', (error) =>
  fail(`could not start ${nginx}: ${error.message}`),
);

/** @param {number} code */
async function finish(code) {
  await rm(tempDir, {recursive: true, force: true});
  process.exit(code);
}

// Ready once nginx accepts connections; if it stops first, say why.
const started = await Promise.race([
  exited.then(() => false),
  (async () => {
    while (!(await accepts(port))) await new Promise((r) => setTimeout(r, 50));
    return true;
  })(),
]);
if (started)
  console.log(
    `Serving ${path.relative(process.cwd(), dir) || '.'} with nginx at http://127.0.0.1:${port}${prefix}`,
  );
const {code} = /** @type {{code: number | null}} */ (await exited);
if (!stopping) {
  const log = await readFile(path.join(tempDir, 'error.log'), 'utf8').catch(
    () => '',
  );
  console.error(
    `serve:nginx: nginx stopped (exit code ${code}).\n${log.trim()}`,
  );
  await finish(code || 1);
}
await finish(0);

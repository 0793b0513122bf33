// A plain static server for a built site, as a static host serves one: files as
// they are, a folder's index.html, and 404.html with status 404 for the rest.
// --headers adds the response headers the build's _headers file gives each path,
// as Netlify and Cloudflare Pages do. --gzip compresses text, as any real host
// does, for measurements of what a reader transfers (npm run bench).
// Usage: node tools/serve.mjs --dir build --port 4173 [--prefix /sub/] [--headers] [--gzip]
import {createReadStream, existsSync} from 'node:fs';
import {readFile, stat} from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {createGzip} from 'node:zlib';

/** @type {Record<string, string | undefined>} */
const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** @param {string} file */
async function isFile(file) {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/**
 * The file a static host answers `pathname` with, and its status.
 * @param {string} root
 * @param {string} pathname
 */
export async function resolveFile(root, pathname) {
  const relative = path
    .normalize(decodeURIComponent(pathname))
    .replace(/^(\.\.[/\\])+/, '');
  const file = path.join(root, relative);
  if (file.startsWith(root)) {
    if (await isFile(file)) return {file, status: 200};
    if (await isFile(path.join(file, 'index.html')))
      return {file: path.join(file, 'index.html'), status: 200};
  }
  return {file: path.join(root, '404.html'), status: 404};
}

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
 * Whether a _headers path pattern (`*` splats, `:name` placeholders) matches `pathname`.
 * @param {string} pattern
 * @param {string} pathname
 */
function matches(pattern, pathname) {
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
  return new RegExp(`^${source}$`).test(pathname);
}

/**
 * The headers `rules` give `pathname`: one set by several rules is joined with ", ", as hosts do.
 * @param {HeaderRule[]} rules
 * @param {string} pathname
 */
export function headersFor(rules, pathname) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const rule of rules.filter(({pattern}) => matches(pattern, pathname))) {
    for (const [name, value] of rule.headers) {
      headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
    }
  }
  return headers;
}

/**
 * Whether a host compresses a file of this type: text, not images or fonts already packed.
 * @param {string} file
 */
export function isCompressible(file) {
  return /^(?:text\/|application\/(?:json|xml)|image\/svg)/.test(
    contentTypes[path.extname(file)] ?? '',
  );
}

/** @param {{dir: string, prefix?: string, headers?: boolean, gzip?: boolean}} options */
export function createServer({
  dir,
  prefix = '/',
  headers = false,
  gzip = false,
}) {
  const root = path.resolve(dir);
  const headersFile = path.join(root, '_headers');
  if (headers && !existsSync(headersFile))
    throw new Error(`--headers: ${headersFile} does not exist`);
  return http.createServer(async (request, response) => {
    const {pathname} = new URL(request.url ?? '/', 'http://localhost');
    let found;
    try {
      found = pathname.startsWith(prefix)
        ? await resolveFile(root, pathname.slice(prefix.length - 1))
        : {file: path.join(root, '404.html'), status: 404};
    } catch {
      found = {file: path.join(root, '404.html'), status: 404};
    }
    // Read on every request, so that a rebuild's new hashes apply at once.
    const rules = headers
      ? parseHeaders(await readFile(headersFile, 'utf8'))
      : [];
    const compress =
      gzip &&
      isCompressible(found.file) &&
      /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    response.writeHead(found.status, {
      'Content-Type':
        contentTypes[path.extname(found.file)] ?? 'application/octet-stream',
      ...(compress && {'Content-Encoding': 'gzip', Vary: 'Accept-Encoding'}),
      ...headersFor(rules, pathname),
    });
    const body = createReadStream(found.file).on('error', () => response.end());
    (compress ? body.pipe(createGzip()) : body).pipe(response);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const {values} = parseArgs({
    options: {
      dir: {type: 'string', default: 'build'},
      port: {type: 'string', default: '4173'},
      prefix: {type: 'string', default: '/'},
      headers: {type: 'boolean', default: false},
      gzip: {type: 'boolean', default: false},
    },
  });
  createServer(values).listen(Number(values.port), '127.0.0.1', () => {
    console.log(
      `Serving ${values.dir} at http://127.0.0.1:${values.port}${values.prefix}`,
    );
  });
}

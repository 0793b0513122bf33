// A plain static server for a built site, as a static host serves one: files as
// they are, a folder's index.html, and 404.html with status 404 for the rest.
// Usage: node tests/support/serve.mjs --dir build --port 4173 [--prefix /sub/]
import {createReadStream} from 'node:fs';
import {stat} from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import {parseArgs} from 'node:util';

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
  '.woff2': 'font/woff2',
};

async function isFile(file) {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/** The file a static host answers `pathname` with, and its status. */
export async function resolveFile(root, pathname) {
  const relative = path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const file = path.join(root, relative);
  if (file.startsWith(root)) {
    if (await isFile(file)) return {file, status: 200};
    if (await isFile(path.join(file, 'index.html'))) return {file: path.join(file, 'index.html'), status: 200};
  }
  return {file: path.join(root, '404.html'), status: 404};
}

export function createServer({dir, prefix = '/'}) {
  const root = path.resolve(dir);
  return http.createServer(async (request, response) => {
    const {pathname} = new URL(request.url, 'http://localhost');
    let found;
    try {
      found = pathname.startsWith(prefix)
        ? await resolveFile(root, pathname.slice(prefix.length - 1))
        : {file: path.join(root, '404.html'), status: 404};
    } catch {
      found = {file: path.join(root, '404.html'), status: 404};
    }
    response.writeHead(found.status, {
      'Content-Type': contentTypes[path.extname(found.file)] ?? 'application/octet-stream',
    });
    createReadStream(found.file)
      .on('error', () => response.end())
      .pipe(response);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const {values} = parseArgs({
    options: {
      dir: {type: 'string', default: 'build'},
      port: {type: 'string', default: '4173'},
      prefix: {type: 'string', default: '/'},
    },
  });
  createServer(values).listen(Number(values.port), '127.0.0.1', () => {
    console.log(`Serving ${values.dir} at http://127.0.0.1:${values.port}${values.prefix}`);
  });
}

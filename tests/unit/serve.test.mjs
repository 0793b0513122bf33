import assert from 'node:assert/strict';
import {mkdtemp, mkdir, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {once} from 'node:events';
import {createServer, resolveFile} from '../../tools/serve.mjs';

// The test server must answer as a static host does, or the end-to-end tests
// would prove behaviour that no deployment has.
test('the static server answers like a static host', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'serve-'));
  await mkdir(path.join(root, 'docs/intro'), {recursive: true});
  await writeFile(path.join(root, 'docs/intro/index.html'), 'intro');
  await writeFile(path.join(root, '404.html'), 'not found');

  assert.deepEqual(await resolveFile(root, '/docs/intro'), {
    file: path.join(root, 'docs/intro/index.html'),
    status: 200,
  });
  assert.equal((await resolveFile(root, '/docs/intro/index.html')).status, 200);
  for (const unknown of [
    '/docs/intro.html',
    '/nope',
    '/../etc/passwd',
    '/%2e%2e/x',
  ]) {
    assert.deepEqual(
      await resolveFile(root, unknown),
      {
        file: path.join(root, '404.html'),
        status: 404,
      },
      unknown,
    );
  }
});

test('with --gzip the static server compresses text, as hosts do, and nothing else', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'serve-gzip-'));
  await writeFile(path.join(root, 'app.js'), 'console.log("x");'.repeat(100));
  await writeFile(path.join(root, 'logo.png'), Buffer.alloc(100));
  await writeFile(path.join(root, '404.html'), 'not found');
  const server = createServer({dir: root, gzip: true}).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  assert.ok(address !== null && typeof address === 'object');
  const origin = `http://127.0.0.1:${address.port}`;
  try {
    const script = await fetch(`${origin}/app.js`, {
      headers: {'Accept-Encoding': 'gzip'},
    });
    assert.equal(script.headers.get('content-encoding'), 'gzip');
    assert.equal(await script.text(), 'console.log("x");'.repeat(100));
    const image = await fetch(`${origin}/logo.png`, {
      headers: {'Accept-Encoding': 'gzip'},
    });
    assert.equal(image.headers.get('content-encoding'), null);
    const plain = await fetch(`${origin}/app.js`, {
      headers: {'Accept-Encoding': 'identity'},
    });
    assert.equal(plain.headers.get('content-encoding'), null);
  } finally {
    server.close();
  }
});

test('the static server sends Markdown and text files as UTF-8 text', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'serve-text-'));
  await mkdir(path.join(root, 'docs'));
  await writeFile(path.join(root, 'docs/intro.md'), '# Intro — start here\n');
  await writeFile(path.join(root, 'llms.txt'), '# Site\n');
  await writeFile(path.join(root, '404.html'), 'not found');
  const server = createServer({dir: root}).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  assert.ok(address !== null && typeof address === 'object');
  const origin = `http://127.0.0.1:${address.port}`;
  try {
    const markdown = await fetch(`${origin}/docs/intro.md`);
    assert.equal(
      markdown.headers.get('content-type'),
      'text/markdown; charset=utf-8',
    );
    assert.equal(await markdown.text(), '# Intro — start here\n');
    assert.equal(
      (await fetch(`${origin}/llms.txt`)).headers.get('content-type'),
      'text/plain; charset=utf-8',
    );
  } finally {
    server.close();
  }
});

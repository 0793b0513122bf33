import assert from 'node:assert/strict';
import {mkdtemp, mkdir, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {resolveFile} from '../support/serve.mjs';

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
  for (const unknown of ['/docs/intro.html', '/nope', '/../etc/passwd', '/%2e%2e/x']) {
    assert.deepEqual(await resolveFile(root, unknown), {
      file: path.join(root, '404.html'),
      status: 404,
    }, unknown);
  }
});

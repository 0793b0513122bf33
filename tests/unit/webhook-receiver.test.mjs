import assert from 'node:assert/strict';
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {createHmac} from 'node:crypto';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {codeBlocks, markdownFiles, readMarkdown} from '../docs/markdown.mjs';

// The PHP in the docs must run, and the webhook receiver must do what the
// webhook section promises: verify the signature over the raw body, in
// constant time, before it trusts the body.
const webhookDoc = 'docs/projects/yaml.md';
const secret = 'test-secret-7f3a';

const phpAvailable = spawnSync('php', ['--version']).status === 0;
// CI installs php-cli: there, a missing php is a failure, not a skip.
const skipWithoutPhp = (t) => {
  if (phpAvailable) return false;
  assert.ok(!process.env.CI, 'php is not installed, and CI must run the PHP checks (apt-get install php-cli)');
  t.skip('php is not installed: install php-cli to run the PHP checks');
  return true;
};

const phpBlocks = markdownFiles('docs').flatMap((file) =>
  codeBlocks(readMarkdown(file))
    .filter((block) => block.lang === 'php')
    .map((block) => ({...block, file})),
);

function docBlock(file, lang, title) {
  const block = codeBlocks(readMarkdown(file)).find(
    (candidate) => candidate.lang === lang && candidate.title === title,
  );
  assert.ok(block, `${file} has no \`\`\`${lang} block titled "${title}"`);
  return block.code;
}

test('the docs have php blocks to check', () => {
  assert.ok(phpBlocks.length > 0, 'no ```php block found under docs/');
});

describe('every php block is valid PHP', () => {
  for (const block of phpBlocks) {
    test(`${block.file}:${block.line} passes php -l`, (t) => {
      if (skipWithoutPhp(t)) return;
      const dir = mkdtempSync(path.join(tmpdir(), 'php-lint-'));
      const file = path.join(dir, 'block.php');
      writeFileSync(file, block.code);
      const result = spawnSync('php', ['-l', file], {encoding: 'utf8'});
      assert.equal(result.status, 0, `${block.file}:${block.line}: ${result.stdout}${result.stderr}`);
    });
  }
});

test('the receiver verifies the signature in constant time before it parses the body', () => {
  const receiver = docBlock(webhookDoc, 'php', 'receiver.php');
  const at = (needle) => {
    const index = receiver.indexOf(needle);
    assert.notEqual(index, -1, `receiver.php in ${webhookDoc} does not call ${needle}`);
    return index;
  };
  assert.ok(at("file_get_contents('php://input')") < at('hash_hmac('), 'reads the raw body before it signs it');
  assert.ok(at('hash_equals(') < at('json_decode('), 'compares the signature before json_decode');
  assert.doesNotMatch(receiver, /\$signature\s*[!=]==?|[!=]==?\s*\$signature/, 'compares the signature with == or ===');
  assert.match(receiver, /HTTP_X_NODEKEEPER_SIGNATURE/, 'reads the X-Nodekeeper-Signature header');
  assert.match(readMarkdown(webhookDoc), /\| `X-Nodekeeper-Signature` \|/, 'the header table names X-Nodekeeper-Signature');
});

describe('the receiver from the docs, run by php -S', () => {
  let server;
  let baseUrl;
  let output = '';

  before(async () => {
    if (!phpAvailable) return;
    const dir = mkdtempSync(path.join(tmpdir(), 'php-receiver-'));
    writeFileSync(path.join(dir, 'receiver.php'), docBlock(webhookDoc, 'php', 'receiver.php'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}/`;
    server = spawn('php', ['-S', `127.0.0.1:${port}`, 'receiver.php'], {
      cwd: dir,
      env: {...process.env, NODEKEEPER_WEBHOOK_SECRET: secret},
    });
    server.stderr.on('data', (chunk) => (output += chunk));
    server.stdout.on('data', (chunk) => (output += chunk));
    await waitFor(() => /Development Server .* started/.test(output), server, 'php -S to start');
  });

  after(() => server?.kill());

  const body = () => JSON.stringify(JSON.parse(docBlock(webhookDoc, 'json', 'alert.triggered')));
  const sign = (payload, key = secret) =>
    `sha256=${createHmac('sha256', key).update(payload).digest('hex')}`;
  const post = (payload, signature) =>
    fetch(baseUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(signature === undefined ? {} : {'X-Nodekeeper-Signature': signature}),
      },
      body: payload,
    });

  test('accepts a delivery signed with the channel secret, and handles its event', async (t) => {
    if (skipWithoutPhp(t)) return;
    const payload = body();
    const response = await post(payload, sign(payload));
    assert.equal(response.status, 204, await response.text());
    const {id} = JSON.parse(payload);
    await waitFor(() => output.includes(id), server, `the receiver to log event ${id}`);
  });

  test('rejects a delivery signed with another secret', async (t) => {
    if (skipWithoutPhp(t)) return;
    const payload = body();
    assert.equal((await post(payload, sign(payload, 'another-secret'))).status, 401);
  });

  test('rejects a body changed after signing', async (t) => {
    if (skipWithoutPhp(t)) return;
    const payload = body();
    const changed = payload.replace('"critical"', '"warn"');
    assert.notEqual(changed, payload);
    assert.equal((await post(changed, sign(payload))).status, 401);
  });

  test('rejects a delivery without a signature, or with a bare digest', async (t) => {
    if (skipWithoutPhp(t)) return;
    const payload = body();
    assert.equal((await post(payload, undefined)).status, 401);
    assert.equal((await post(payload, sign(payload).slice('sha256='.length))).status, 401);
  });

  test('answers 405 to anything but POST', async (t) => {
    if (skipWithoutPhp(t)) return;
    assert.equal((await fetch(baseUrl)).status, 405);
  });
});

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const {port} = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

// Resolves once `condition` holds, checked whenever the process writes; fails
// if the process exits first.
function waitFor(condition, child, what) {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!condition()) return;
      cleanup();
      resolve();
    };
    const exited = (code) => {
      cleanup();
      reject(new Error(`php exited (${code}) while waiting for ${what}`));
    };
    const cleanup = () => {
      child.stdout.off('data', check);
      child.stderr.off('data', check);
      child.off('exit', exited);
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.on('exit', exited);
    check();
  });
}

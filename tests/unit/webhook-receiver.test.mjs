import assert from 'node:assert/strict';
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {createHmac} from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {
  codeBlocks,
  markdownFiles,
  readMarkdown,
  section,
} from '../docs/markdown.mjs';
import {freePort} from '../support/ports.mjs';
import {tempDirSync} from '../support/temp-dir.mjs';

// The PHP in the docs must run, and the webhook receiver must do what the
// Webhooks page promises: verify the signature over the raw body, in
// constant time, before it trusts the body, act on each event once and on
// none older than the last of its check, even when its handling fails once
// and the event comes again; and, as the page warns, a worker killed between
// handling and recording handles the event again. The receiver and its
// recipes are on a page of their own, beside the page of the deliveries.
const webhookDoc = 'docs/alerts/webhooks.md';
const receiverDoc = 'docs/alerts/webhook-receiver.md';
const secret = 'test-secret-7f3a';

const phpAvailable = spawnSync('php', ['--version']).status === 0;
// A missing php fails these tests, in CI and outside it: a skip would pass
// without checking what the page promises.
const requirePhp = () =>
  assert.ok(
    phpAvailable,
    'php is not installed: install php-cli (apt-get install php-cli) to run the PHP checks of the docs',
  );

const phpBlocks = markdownFiles('docs').flatMap((file) =>
  codeBlocks(readMarkdown(file))
    .filter((block) => block.lang === 'php')
    .map((block) => ({...block, file})),
);

/**
 * @param {string} file
 * @param {string} lang
 * @param {string} title
 * @returns {string}
 */
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
      requirePhp();
      const dir = tempDirSync(t, 'php-lint-');
      const file = path.join(dir, 'block.php');
      writeFileSync(file, block.code);
      const result = spawnSync('php', ['-l', file], {encoding: 'utf8'});
      assert.equal(
        result.status,
        0,
        `${block.file}:${block.line}: ${result.stdout}${result.stderr}`,
      );
    });
  }
});

test('the receiver verifies the signature in constant time, then the timestamp, before it parses the body', () => {
  const receiver = docBlock(receiverDoc, 'php', 'receiver.php');
  /** @param {string} needle */
  const at = (needle) => {
    const index = receiver.indexOf(needle);
    assert.notEqual(
      index,
      -1,
      `receiver.php in ${receiverDoc} does not call ${needle}`,
    );
    return index;
  };
  assert.ok(
    at("file_get_contents('php://input')") < at('hash_hmac('),
    'reads the raw body before it signs it',
  );
  assert.ok(
    at('hash_equals(') < at('json_decode('),
    'compares the signature before json_decode',
  );
  assert.ok(
    at('TOLERANCE_SECONDS)') < at('json_decode('),
    'checks the timestamp before json_decode',
  );
  assert.doesNotMatch(
    receiver,
    /\$(?:signature|candidate|expected)\s*[!=]==?|[!=]==?\s*\$(?:signature|candidate|expected)/,
    'compares the signature with == or ===',
  );
  for (const header of ['X-Nodekeeper-Signature', 'X-Nodekeeper-Timestamp']) {
    assert.match(
      receiver,
      new RegExp(`HTTP_${header.toUpperCase().replace(/-/g, '_')}`),
      `reads the ${header} header`,
    );
    assert.match(
      readMarkdown(webhookDoc),
      new RegExp(`\\| \`${header}\` \\|`),
      `the header table names ${header}`,
    );
  }
});

/** @typedef {{url: string, tmp: string, output: string, stop: () => Promise<void>}} Receiver */

/**
 * The receiver `setup` gives, started for the tests of the enclosing describe
 * and stopped after them: call the function it returns to reach it. `setup`
 * runs as they start, so that what it asserts fails them.
 * @param {() => {command: string, env: Record<string, string>, source?: string}} setup
 * @returns {() => Receiver}
 */
function receiverRunning(setup) {
  /** @type {Receiver | undefined} */
  let receiver;
  // Added before the folders' removal, so that PHP has stopped by then.
  after(() => receiver?.stop());
  const folders = {
    dir: tempDirSync(after, 'php-receiver-'),
    // The receiver keeps the IDs it handled under the temporary folder: one of its own.
    tmp: tempDirSync(after, 'php-tmp-'),
  };
  before(async () => {
    const {command, env, source} = setup();
    receiver = await startReceiver(folders, command, env, source);
  });
  return () => {
    assert.ok(receiver, 'the receiver did not start');
    return receiver;
  };
}

/**
 * The docs' receiver.php with its `handle` function replaced by `handler`,
 * the body of a PHP function that takes `array $event`.
 * @param {string} handler
 * @returns {string}
 */
function receiverHandling(handler) {
  const receiver = docBlock(receiverDoc, 'php', 'receiver.php');
  const handle = /^function handle\(array \$event\): void\n\{\n[\s\S]*?\n\}$/m;
  assert.match(
    receiver,
    handle,
    `receiver.php in ${receiverDoc} has no function handle(array $event): void`,
  );
  return receiver.replace(
    handle,
    () => `function handle(array $event): void\n{\n${handler}\n}`,
  );
}

/**
 * The docs' receiver under `php -S`, with `handler` as its `handle`, for the
 * tests of the enclosing describe: call the function a test gets to reach it.
 * @param {string} handler
 * @param {Record<string, string>} [env]
 * @returns {() => Receiver}
 */
function receiverWith(handler, env = {}) {
  return receiverRunning(() => ({
    command: 'php -S 127.0.0.1:8080 receiver.php',
    env: {NODEKEEPER_WEBHOOK_SECRET: secret, ...env},
    source: receiverHandling(handler),
  }));
}

/**
 * Starts `command` in `folders.dir`, with the docs' receiver.php (or
 * `source`), and resolves once PHP listens. Tries another port when the free
 * one was taken meanwhile.
 * @param {{dir: string, tmp: string}} folders
 * @param {string} command
 * @param {Record<string, string>} env
 * @returns {Promise<Receiver>}
 */
async function startReceiver(
  {dir, tmp},
  command,
  env,
  source = docBlock(receiverDoc, 'php', 'receiver.php'),
  attempts = 3,
) {
  requirePhp();
  writeFileSync(path.join(dir, 'receiver.php'), source);
  // The folder the page tells the receiver to keep its IDs in: its own, mode 700.
  const deliveries = path.join(tmp, 'deliveries');
  mkdirSync(deliveries, {recursive: true, mode: 0o700});
  const port = await freePort();
  // Its own process group, so that stopping it stops PHP too when a shell started it.
  // The deployment's folders, in a command that sets the pool's PHP settings.
  const local = command
    .replace('127.0.0.1:8080', `127.0.0.1:${port}`)
    .replaceAll(path.posix.dirname(deployedScript), dir)
    .replaceAll(deployedDeliveries, deliveries);
  const child = spawn('bash', ['-c', local], {
    cwd: dir,
    detached: true,
    env: {
      ...process.env,
      TMPDIR: tmp,
      NODEKEEPER_DELIVERIES_DIR: deliveries,
      ...env,
    },
  });
  const {pid} = child;
  assert.ok(pid, `bash did not start: ${command}`);
  const receiver = {
    url: `http://127.0.0.1:${port}/`,
    tmp,
    output: '',
    stop: () => stopGroup(pid),
  };
  child.stderr.on('data', (chunk) => (receiver.output += chunk));
  child.stdout.on('data', (chunk) => (receiver.output += chunk));
  try {
    await waitFor(
      () => /Development Server .* started/.test(receiver.output),
      child,
      'php -S to start',
      () => receiver.output,
    );
  } catch (error) {
    await receiver.stop();
    if (attempts > 1 && /Address already in use/.test(receiver.output))
      return startReceiver({dir, tmp}, command, env, source, attempts - 1);
    throw error;
  }
  return receiver;
}

/**
 * Stops the process group `pid` leads, and resolves once every process of it,
 * PHP's workers too, has ended.
 * @param {number} pid
 */
async function stopGroup(pid) {
  /** @param {NodeJS.Signals | 0} signal */
  const signal = (signal) => {
    try {
      process.kill(-pid, signal);
      return true;
    } catch {
      return false; // no such group: it has ended
    }
  };
  signal('SIGTERM');
  // A killed process's zombie counts until its parent reaps it: wait 6 s at most.
  for (let tries = 0; tries < 300 && signal(0); tries++) {
    if (tries === 250) signal('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const eventTypes = ['alert.triggered', 'alert.resolved', 'alert.test'];
let eventCount = 0;
/**
 * The docs' example of `type`, compact, with an ID of its own and a
 * `created_at` later than every event before it, unless `fields` say otherwise.
 * @param {Record<string, unknown>} [fields]
 */
function event(type = 'alert.triggered', fields = {}) {
  const id = `evt_TEST${String(++eventCount).padStart(22, '0')}`;
  const createdAt = new Date(Date.UTC(2025, 2, 14, 12) + eventCount * 1000);
  return JSON.stringify({
    ...JSON.parse(docBlock(webhookDoc, 'json', type)),
    id,
    created_at: createdAt.toISOString().replace('.000Z', 'Z'),
    ...fields,
  });
}

/**
 * Sends `payload` to `receiver`, signed as Nodekeeper signs it.
 * @param {Receiver} receiver
 * @param {string} payload
 */
const deliver = (receiver, payload, timestamp = now()) =>
  fetch(receiver.url, {
    method: 'POST',
    headers: {
      'X-Nodekeeper-Timestamp': String(timestamp),
      'X-Nodekeeper-Signature': sign(payload, timestamp),
    },
    body: payload,
  });
const now = () => Math.floor(Date.now() / 1000);
/**
 * @param {string} payload
 * @param {number | string} timestamp
 */
const sign = (payload, timestamp, key = secret) =>
  `sha256=${createHmac('sha256', key).update(`${timestamp}.${payload}`).digest('hex')}`;

/**
 * The `php_admin_value` settings of the deployment's pool, as `-d` options of
 * `php`: the receiver must work within them.
 */
function poolSettings() {
  const pool = docBlock(
    receiverDoc,
    'text',
    '/etc/php/8.2/fpm/pool.d/nodekeeper.conf',
  );
  const settings = [
    ...pool.matchAll(/^php_admin_value\[([\w.]+)\] = (\S+)$/gm),
  ].map(([, key, value]) => `-d ${key}=${value}`);
  assert.ok(settings.length > 0, `${receiverDoc}: the pool sets no PHP value`);
  return settings.join(' ');
}
const deployedScript =
  docBlock(receiverDoc, 'text', '/etc/nginx/sites-enabled/hooks').match(
    /fastcgi_param SCRIPT_FILENAME (\S+);/,
  )?.[1] ?? '/srv/nodekeeper/receiver.php';
const deployedDeliveries =
  docBlock(
    receiverDoc,
    'text',
    '/etc/php/8.2/fpm/pool.d/nodekeeper.conf',
  ).match(/^env\[NODEKEEPER_DELIVERIES_DIR\] = (\S+)$/m)?.[1] ??
  '/var/lib/nodekeeper-deliveries';

describe('the receiver from the docs, run by php -S with the PHP settings of its pool', () => {
  const running = receiverRunning(() => ({
    command: `php ${poolSettings()} -S 127.0.0.1:8080 receiver.php`,
    env: {NODEKEEPER_WEBHOOK_SECRET: secret},
  }));

  /**
   * @param {string} payload
   * @param {{timestamp?: number | string, signature?: string | null}} [options]
   */
  const post = (
    payload,
    {timestamp = now(), signature = sign(payload, timestamp)} = {},
  ) =>
    fetch(running().url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Nodekeeper-Timestamp': String(timestamp),
        ...(signature === null ? {} : {'X-Nodekeeper-Signature': signature}),
      },
      body: payload,
    });
  /** @param {string} payload */
  const handledTimes = (payload) =>
    running().output.split(JSON.parse(payload).id).length - 1;

  for (const type of eventTypes) {
    test(`accepts a signed ${type} delivery, and handles its event`, async () => {
      const payload = event(type);
      const response = await post(payload);
      assert.equal(response.status, 204, await response.text());
      await waitFor(
        () => handledTimes(payload) === 1,
        null,
        `the receiver to log ${type}`,
        () => running().output,
      );
    });
  }

  test('handles a delivery once: a replay within the window and a retry answer 200 and do nothing', async () => {
    const payload = event();
    const timestamp = now();
    assert.equal((await post(payload, {timestamp})).status, 204);
    const replayed = await post(payload, {timestamp});
    assert.equal(replayed.status, 200);
    assert.equal(await replayed.text(), 'Already handled.');
    assert.equal(
      (await post(payload, {timestamp: timestamp + 60})).status,
      200,
      'a retry: same ID, new timestamp',
    );
    await waitFor(
      () => handledTimes(payload) === 1,
      null,
      'the first delivery to be logged',
      () => running().output,
    );
    // A second log line would have been written before the answer that skipped it.
    assert.equal(handledTimes(payload), 1);
  });

  test('rejects a stale or future timestamp, even when it is signed', async () => {
    // Ten minutes out, twice the window: PHP's clock may tick past Node's meanwhile.
    for (const timestamp of [now() - 600, now() + 600, 'yesterday']) {
      const payload = event();
      const response = await post(payload, {timestamp});
      assert.equal(response.status, 401, `timestamp ${timestamp}`);
      assert.equal(handledTimes(payload), 0);
    }
    const withinWindow = event();
    assert.equal(
      (await post(withinWindow, {timestamp: now() - 240})).status,
      204,
    );
  });

  test('rejects a tampered delivery: another body, another timestamp, another secret', async () => {
    const payload = event();
    const timestamp = now();
    const changed = payload.replace('"critical"', '"warn"');
    assert.notEqual(changed, payload);
    assert.equal(
      (await post(changed, {timestamp, signature: sign(payload, timestamp)}))
        .status,
      401,
    );
    assert.equal(
      (
        await post(payload, {
          timestamp: timestamp - 1,
          signature: sign(payload, timestamp),
        })
      ).status,
      401,
    );
    assert.equal(
      (
        await post(payload, {
          timestamp,
          signature: sign(payload, timestamp, 'another-secret'),
        })
      ).status,
      401,
    );
    assert.equal(handledTimes(payload), 0);
  });

  test('rejects a delivery without a signature, with a bare digest, or signed over the body alone', async () => {
    const payload = event();
    const timestamp = now();
    const bodyOnly = `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;
    assert.equal(
      (await post(payload, {timestamp, signature: null})).status,
      401,
    );
    assert.equal(
      (
        await post(payload, {
          timestamp,
          signature: sign(payload, timestamp).slice('sha256='.length),
        })
      ).status,
      401,
    );
    assert.equal(
      (await post(payload, {timestamp, signature: bodyOnly})).status,
      401,
    );
  });

  test('answers 405 to anything but POST', async () => {
    assert.equal((await fetch(running().url)).status, 405);
  });
});

describe('while the secret is rotated, the receiver accepts either of two secrets', () => {
  const running = receiverRunning(() => ({
    command: 'php -S 127.0.0.1:8080 receiver.php',
    // As a person writes it: "old, new", with a space after the comma.
    env: {NODEKEEPER_WEBHOOK_SECRET: `${secret}, next-secret`},
  }));

  test('a delivery signed with both, or with either, is accepted; with neither, refused', async () => {
    const receiver = running();
    /**
     * @param {string} payload
     * @param {string} signature
     * @param {number} timestamp
     */
    const deliver = (payload, signature, timestamp) =>
      fetch(receiver.url, {
        method: 'POST',
        headers: {
          'X-Nodekeeper-Timestamp': String(timestamp),
          'X-Nodekeeper-Signature': signature,
        },
        body: payload,
      });
    for (const keys of [[secret, 'next-secret'], ['next-secret'], [secret]]) {
      const payload = event();
      const timestamp = now();
      const signature = keys
        .map((key) => sign(payload, timestamp, key))
        .join(', ');
      assert.equal(
        (await deliver(payload, signature, timestamp)).status,
        204,
        keys.join(' and '),
      );
    }
    const payload = event();
    assert.equal(
      (await deliver(payload, sign(payload, now(), 'old-secret'), now()))
        .status,
      401,
    );
  });
});

describe('after a leak, the receiver given the new secret alone refuses the old one, and the retry signed anew is handled', () => {
  const running = receiverRunning(() => ({
    command: 'php -S 127.0.0.1:8080 receiver.php',
    env: {NODEKEEPER_WEBHOOK_SECRET: 'next-secret'},
  }));

  test('before the apply a delivery is refused; its retry after the apply is handled, with the same ID', async () => {
    const rotation = (
      section(readMarkdown(webhookDoc), 'Rotate the secret') ?? []
    ).join('\n');
    assert.match(
      rotation,
      /If the secret leaked, do not wait for two applies[^]*give it alone to your receiver, and restart it[^]*retried with the same ID/,
    );
    const receiver = running();
    const payload = event('alert.triggered');
    /**
     * @param {string} key
     * @param {number} timestamp
     */
    const attempt = (key, timestamp) =>
      fetch(receiver.url, {
        method: 'POST',
        headers: {
          'X-Nodekeeper-Timestamp': String(timestamp),
          'X-Nodekeeper-Signature': sign(payload, timestamp, key),
        },
        body: payload,
      });
    assert.equal((await attempt(secret, now())).status, 401, 'the leaked one');
    assert.equal((await attempt('next-secret', now() + 60)).status, 204);
  });
});

describe('an event whose handling fails once is handled by its retry, once', () => {
  // The handler fails on an event's first attempt, as when a ticket system is down.
  const running =
    receiverWith(String.raw`    $attempted = sys_get_temp_dir() . '/attempted-' . $event['id'];
    if (!file_exists($attempted)) {
        touch($attempted);
        throw new RuntimeException('the ticket system is down');
    }
    error_log('handled ' . $event['id']);`);

  test('the failed attempt answers 500, its retry 204, and a later attempt 200', async () => {
    const receiver = running();
    const payload = event('alert.triggered');
    const {id} = JSON.parse(payload);
    /** @param {number} timestamp */
    const attempt = (timestamp) => deliver(receiver, payload, timestamp);
    const failed = await attempt(now());
    assert.equal(failed.status, 500, await failed.text());
    assert.match(receiver.output, /the ticket system is down/);
    // Nodekeeper's retry: the same body and ID, a new timestamp.
    const retried = await attempt(now() + 60);
    assert.equal(retried.status, 204, await retried.text());
    const again = await attempt(now() + 120);
    assert.equal(again.status, 200);
    assert.equal(await again.text(), 'Already handled.');
    await waitFor(
      () => receiver.output.includes(`handled ${id}`),
      null,
      'the retry to be handled',
      () => receiver.output,
    );
    assert.equal(receiver.output.split(`handled ${id}`).length - 1, 1);
  });
});

describe('two attempts of one event at the same time are handled once', () => {
  // Two workers, so that the attempts overlap; the handler takes a while.
  const running = receiverWith(
    String.raw`    usleep(500000);
    error_log('handled ' . $event['id']);`,
    {PHP_CLI_SERVER_WORKERS: '2'},
  );

  test('the second waits for the first, then answers 200 without handling it again', async () => {
    const receiver = running();
    const payload = event('alert.resolved');
    const {id} = JSON.parse(payload);
    const timestamp = now();
    const statuses = await Promise.all(
      [timestamp, timestamp + 1].map(
        async (at) => (await deliver(receiver, payload, at)).status,
      ),
    );
    assert.deepEqual(statuses.sort(), [200, 204]);
    await waitFor(
      () => receiver.output.includes(`handled ${id}`),
      null,
      'the event to be handled',
      () => receiver.output,
    );
    assert.equal(receiver.output.split(`handled ${id}`).length - 1, 1);
  });
});

describe('a handling that hangs holds up the other events of its check for 5 seconds at most', () => {
  // Three workers: one hangs, as when a ticket system never answers, and the
  // test kills it as PHP-FPM's request_terminate_timeout would.
  const running = receiverWith(
    String.raw`    if (($event['message'] ?? '') === 'hang') {
        file_put_contents(sys_get_temp_dir() . '/hung', (string) getmypid());
        sleep(60);
    }
    error_log('handled ' . $event['id']);`,
    {PHP_CLI_SERVER_WORKERS: '3'},
  );
  const receiver = docBlock(receiverDoc, 'php', 'receiver.php');
  const wait = Number(receiver.match(/const LOCK_WAIT_SECONDS = (\d+);/)?.[1]);
  const terminate = docBlock(
    receiverDoc,
    'text',
    '/etc/php/8.2/fpm/pool.d/nodekeeper.conf',
  ).match(/^request_terminate_timeout = (\d+)s$/m)?.[1];

  test('the pool ends a hung handling when Nodekeeper stops waiting, and the lock wait ends before', () => {
    assert.equal(terminate, '10', 'request_terminate_timeout = 10s');
    assert.ok(wait > 0 && wait < 10, `LOCK_WAIT_SECONDS is ${wait}`);
  });

  test('a later event of the check, and a retry of the hung one, answer 503 within the wait; once the hung worker ends, the retry is handled', async () => {
    const pidFile = path.join(running().tmp, 'hung');
    const hanging = event('alert.triggered', {message: 'hang'});
    const later = event('alert.resolved');
    const hung = deliver(running(), hanging).catch(() => null);
    await waitFor(
      () => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '',
      null,
      'the handling to hang',
      () => running().output,
    );
    for (const [what, payload] of [
      ['a later event of the check', later],
      ['a retry of the hung event', hanging],
    ]) {
      const started = Date.now();
      const response = await deliver(running(), payload, now() + 60);
      const took = (Date.now() - started) / 1000;
      assert.equal(response.status, 503, `${what}: ${await response.text()}`);
      assert.ok(
        took >= wait - 0.5 && took < wait + 2,
        `${what} answered after ${took} s`,
      );
    }
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
    await hung;
    const retried = await deliver(running(), later, now() + 120);
    assert.equal(retried.status, 204, await retried.text());
    await waitFor(
      () => running().output.includes(`handled ${JSON.parse(later).id}`),
      null,
      'the later event to be handled',
      () => running().output,
    );
  });
});

describe('"Try it on your computer" works as written', () => {
  const lines = section(readMarkdown(receiverDoc), 'Try it on your computer');
  const blocks = codeBlocks(lines?.join('\n') ?? '');
  const [server, send] = blocks.filter((block) => block.lang === 'bash');
  const shown = blocks.find((block) => block.lang === 'text');
  const running = receiverRunning(() => {
    assert.ok(
      server && send && shown,
      `${receiverDoc}: "Try it on your computer" needs two bash blocks and a text block`,
    );
    return {command: server.code, env: {}};
  });

  test('the commands sign a delivery the receiver accepts, with the output shown; pasted again, it is handled already', () => {
    const receiver = running();
    const port = new URL(receiver.url).port;
    const run = () =>
      execFileSync(
        'bash',
        ['-c', send.code.replace('127.0.0.1:8080', `127.0.0.1:${port}`)],
        {encoding: 'utf8'},
      );
    assert.equal(run(), shown?.code);
    assert.equal(run(), '200\n');
  });
});

// Resolves once `condition` holds, checked every 20 ms; fails after 5 s, or
// when `child` exits first.
/**
 * @param {() => boolean} condition
 * @param {import('node:child_process').ChildProcess | null} child
 * @param {string} what
 * @returns {Promise<void>}
 */
function waitFor(condition, child, what, output = () => '') {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    /** @param {number | null} code */
    const exited = (code) => {
      clearInterval(timer);
      reject(new Error(`php exited (${code}) while waiting for ${what}`));
    };
    const timer = setInterval(() => {
      if (condition()) {
        clearInterval(timer);
        child?.off('exit', exited);
        resolve();
      } else if (Date.now() - started > 5000) {
        clearInterval(timer);
        child?.off('exit', exited);
        reject(new Error(`timed out waiting for ${what}:\n${output()}`));
      }
    }, 20);
    child?.on('exit', exited);
  });
}

describe('events of one check are acted on in the order of created_at, not of arrival', () => {
  const running = receiverWith(
    String.raw`    error_log('acted on ' . $event['id']);`,
  );
  /** @param {string} payload */
  const actedOn = (payload) =>
    running().output.includes(`acted on ${JSON.parse(payload).id}`);

  test('a late retry of an older resolved does not close the alert a newer triggered opened', async () => {
    const receiver = running();
    const older = event('alert.resolved', {created_at: '2025-03-14T09:41:23Z'});
    const newer = event('alert.triggered', {
      created_at: '2025-03-14T09:50:00Z',
    });
    assert.equal((await deliver(receiver, newer)).status, 204);
    const late = await deliver(receiver, older);
    assert.equal(late.status, 200, 'a 2xx, so that it is not retried');
    assert.equal(await late.text(), 'Older than the last event acted on.');
    const again = await deliver(receiver, older);
    assert.equal(await again.text(), 'Already handled.');
    const resolved = event('alert.resolved', {
      created_at: '2025-03-14T10:05:00Z',
    });
    assert.equal((await deliver(receiver, resolved)).status, 204);
    await waitFor(
      () => actedOn(newer) && actedOn(resolved),
      null,
      'the newer events to be acted on',
      () => receiver.output,
    );
    assert.equal(actedOn(older), false, receiver.output);
  });

  test('an older event of another check, and a test alert, are acted on', async () => {
    const receiver = running();
    const triggered = JSON.parse(event('alert.triggered'));
    const otherCheck = event('alert.triggered', {
      created_at: '2025-03-14T08:00:00Z',
      check: {...triggered.check, kind: 'latency'},
    });
    const test = event('alert.test', {created_at: '2025-03-14T08:00:00Z'});
    for (const payload of [otherCheck, test]) {
      assert.equal((await deliver(receiver, payload)).status, 204);
    }
    await waitFor(
      () => actedOn(otherCheck) && actedOn(test),
      null,
      'both to be acted on',
      () => receiver.output,
    );
  });

  test('a newer event of another environment or project with the same names does not silence this one', async () => {
    const receiver = running();
    const production = JSON.parse(event('alert.resolved'));
    const staging = event('alert.triggered', {
      environment: 'staging',
      created_at: '2025-03-14T13:00:00Z',
    });
    const otherProject = event('alert.triggered', {
      project: 'other-rpc',
      created_at: '2025-03-14T13:00:00Z',
    });
    const resolved = JSON.stringify({
      ...production,
      created_at: '2025-03-14T12:30:00Z',
    });
    for (const payload of [staging, otherProject, resolved]) {
      assert.equal((await deliver(receiver, payload)).status, 204);
    }
    await waitFor(
      () => actedOn(resolved),
      null,
      "production's resolve to be acted on",
      () => receiver.output,
    );
  });

  test('an event without a valid created_at is refused', async () => {
    const receiver = running();
    const payload = event('alert.triggered', {created_at: 'soon'});
    assert.equal((await deliver(receiver, payload)).status, 400);
  });
});

describe('a worker killed between handling an event and recording it handles the event again', () => {
  // Two workers: the one killed takes only its own request down.
  const running = receiverWith(
    String.raw`    error_log('handled ' . $event['id']);
    $killed = sys_get_temp_dir() . '/killed-' . $event['id'];
    if (!file_exists($killed)) {
        touch($killed);
        posix_kill(getmypid(), 9);
    }`,
    {PHP_CLI_SERVER_WORKERS: '2'},
  );

  test('the attempt gets no answer, and the retry handles the event a second time', async () => {
    const receiver = running();
    const payload = event('alert.triggered');
    const {id} = JSON.parse(payload);
    await assert.rejects(deliver(receiver, payload), 'the killed attempt');
    const retried = await deliver(receiver, payload, now() + 60);
    assert.equal(retried.status, 204, await retried.text());
    await waitFor(
      () => receiver.output.split(`handled ${id}`).length - 1 === 2,
      null,
      'the event to be handled twice',
      () => receiver.output,
    );
    assert.equal(
      (await deliver(receiver, payload, now() + 120)).status,
      200,
      'recorded once the retry succeeded',
    );
  });
});

describe('the receiver refuses every delivery without a folder of its own', () => {
  const shared = tempDirSync(after, 'php-shared-');
  chmodSync(shared, 0o777);
  for (const [what, folder] of [
    ['unset', ''],
    ['missing', path.join(shared, 'missing')],
    ['writable by other users', shared],
  ]) {
    describe(`NODEKEEPER_DELIVERIES_DIR ${what}`, () => {
      const running = receiverRunning(() => ({
        command: 'php -S 127.0.0.1:8080 receiver.php',
        env: {
          NODEKEEPER_WEBHOOK_SECRET: secret,
          NODEKEEPER_DELIVERIES_DIR: folder,
        },
      }));
      test('answers 500 to a genuine delivery, so that it is retried, and writes nothing', async () => {
        const receiver = running();
        const response = await deliver(receiver, event('alert.resolved'));
        assert.equal(response.status, 500);
        assert.equal(
          await response.text(),
          'NODEKEEPER_DELIVERIES_DIR is not a folder that only this receiver may write.',
        );
        assert.deepEqual(
          readdirSync(shared),
          [],
          'nothing in the shared folder',
        );
      });
    });
  }
});

import assert from 'node:assert/strict';
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {webhooks} from '../docs/facts.mjs';
import {readMarkdown, section} from '../docs/markdown.mjs';
import {freePort} from '../support/ports.mjs';
import {stopProcess} from '../support/processes.mjs';
import {tempDirSync} from '../support/temp-dir.mjs';

// The Redis recipe of "Several receiver hosts", run against a real
// redis-server: the commands are the page's, each host follows the page's
// steps, and every answer is the one the page promises.
const receiverDoc = 'docs/alerts/webhook-receiver.md';
const recipe = (
  section(readMarkdown(receiverDoc), 'Several receiver hosts') ?? []
).join('\n');

/**
 * The recipe's command that matches `pattern`, with ID as a placeholder.
 * @param {RegExp} pattern
 */
function command(pattern) {
  const found = recipe.match(pattern)?.[0];
  assert.ok(
    found,
    `${receiverDoc}: the Redis recipe has no command like ${pattern}`,
  );
  return found;
}
const claim = command(/SET nodekeeper:ID claimed NX EX \d+/);
const read = command(/GET nodekeeper:ID/);
const done = command(/SET nodekeeper:ID handled EX \d+/);
const release = command(/DEL nodekeeper:ID/);
const lock = command(/SET nodekeeper:lock:CHECK ID NX EX \d+/);
const latest = command(/GET nodekeeper:latest:CHECK/);
const raise = command(/EVAL "[^"]*" 1 nodekeeper:latest:CHECK CREATED_AT \d+/);
const unlock = command(/EVAL "[^"]*" 1 nodekeeper:lock:CHECK ID/);
// How long a host waits for another host's lock of the check before its 409.
const lockWait = recipe.match(
  /try again every (\d+) ms, for (\d+) seconds at most\. If it still fails, `DEL nodekeeper:ID`, and answer `409`/,
);
assert.ok(lockWait, `${receiverDoc}: the Redis recipe gives no lock wait`);
const lockTries = (Number(lockWait[2]) * 1000) / Number(lockWait[1]);

test('a host waits for the lock within the time Nodekeeper waits for an answer, and says what a 409 costs', () => {
  assert.ok(Number(lockWait?.[2]) < webhooks.answerSeconds, lockWait?.[0]);
  const [first, second, third] = webhooks.retryMinutes;
  assert.ok(
    recipe.includes(
      `sends the event again ${first} minute later, then ${second} and ${third} minutes later`,
    ),
    'the retries after a 409',
  );
});

// A restart that forgets the keys lets a handled event be handled again, and
// a stale resolve through.
test('the recipe requires persistence, and says why', () => {
  assert.match(recipe, /set `appendonly yes` in `redis\.conf`/);
  assert.match(
    recipe,
    /Without it, a restart forgets every handled ID and every latest: a retry of an event already handled is handled again, and a late `alert\.resolved`/,
  );
});

test('the recipe answers as the hosts below do: 200 for an event handled, 409 while another host handles it', () => {
  assert.match(
    recipe,
    /`GET nodekeeper:ID`: when it is `handled`[^.]*answer `200`; otherwise[^.]*answer `409`/,
  );
  assert.match(
    recipe,
    /An `alert\.test` [^:]*touches neither lock nor latest: handle it, then `SET nodekeeper:ID handled EX \d+` and answer `2xx`, or, when it failed, `DEL nodekeeper:ID` and answer `500`/,
  );
  assert.match(
    recipe,
    /handling succeeded, raise the latest, then `SET nodekeeper:ID handled[^.]*, unlock, and answer `2xx`/,
  );
  assert.match(recipe, /failed, unlock, `DEL nodekeeper:ID`, and answer `500`/);
  assert.match(
    recipe,
    /`SET nodekeeper:lock:CHECK[^.]*\. If that fails[^.]*: try again every \d+ ms, for \d+ seconds at most\. If it still fails, `DEL nodekeeper:ID`, and answer `409`/,
  );
  assert.match(
    recipe,
    /later than `CREATED_AT`[^:]*: `SET nodekeeper:ID handled EX \d+`, unlock, and answer `200`/,
  );
});

/** @param {string} line */
const seconds = (line) => Number(line.split(' ').at(-1));

const redisAvailable = spawnSync('redis-server', ['--version']).status === 0;

describe('the several-hosts Redis recipe, against redis-server', () => {
  /** @type {import('node:child_process').ChildProcess} */
  let server;
  let port = 0;
  // Added before the folder's removal, so that the server has stopped by then.
  after(() => stopProcess(server));
  const dir = tempDirSync(after, 'redis-recipe-');

  before(async () => {
    // A missing redis-server fails these tests: a skip would check nothing.
    assert.ok(
      redisAvailable,
      'redis-server is not installed: install it (apt-get install redis-server) to run the Redis recipe of the docs',
    );
    port = await freePort();
    server = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      {stdio: 'ignore'},
    );
    const ping = () =>
      spawnSync('redis-cli', ['-p', String(port), 'PING'], {
        encoding: 'utf8',
      }).stdout?.trim();
    for (let tries = 0; ping() !== 'PONG'; tries++) {
      assert.ok(tries < 100, 'redis-server did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  /**
   * Runs one Redis command, as the page writes it, for the event `id`.
   * @param {string} line
   * @param {string} [id]
   */
  function redis(line, id = '', check = '', createdAt = 0) {
    return execFileSync(
      'redis-cli',
      [
        '-p',
        String(port),
        // A quoted script is one argument, as in a shell.
        ...(line
          .replace(/\bID\b/, id)
          .replace('CHECK', check)
          .replace('CREATED_AT', String(createdAt))
          .match(/"[^"]*"|\S+/g)
          ?.map((word) => word.replace(/^"(.*)"$/s, '$1')) ?? []),
      ],
      {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']},
    ).trim();
  }

  // A host's attempt, in the page's order: the answer it gives, or 'handle'
  // when it holds the claim and must handle the event, then finish().
  /** @param {string} id */
  function start(id) {
    if (redis(claim, id) === 'OK') return 'handle';
    return redis(read, id) === 'handled' ? 200 : 409;
  }
  /**
   * @param {string} id
   * @param {boolean} handled
   */
  function finish(id, handled) {
    redis(handled ? done : release, id);
    return handled ? 204 : 500;
  }

  /**
   * An attempt of the event `id` of `check`, created at `createdAt`, through
   * every step of the page: the answer it gives, or 'handle' when the host
   * must handle it, then done() with the handling's outcome.
   * @param {string} id
   * @param {string} check
   * @param {number} createdAt
   * @param {string} [type]
   * @param {(tries: number) => void} [waiting]
   */
  function attempt(
    id,
    check,
    createdAt,
    type = 'alert.triggered',
    waiting = () => {},
  ) {
    const claimed = start(id);
    if (claimed !== 'handle') return {answer: claimed, done: () => claimed};
    if (type === 'alert.test')
      return {
        answer: 'handle',
        /** @param {boolean} handled */
        done: (handled) => finish(id, handled),
      };
    // The page's wait, its clock replaced by a count of tries: `waiting`
    // runs between two tries, as another host's work would.
    for (let tries = 0; redis(lock, id, check) !== 'OK'; tries++) {
      if (tries >= lockTries) {
        redis(release, id);
        return {answer: 409, done: () => 409};
      }
      waiting(tries);
    }
    if (Number(redis(latest, id, check) || 0) > createdAt) {
      redis(done, id);
      redis(unlock, id, check);
      return {answer: 200, done: () => 200};
    }
    return {
      answer: 'handle',
      /** @param {boolean} handled */
      done: (handled) => {
        if (handled) redis(raise, id, check, createdAt);
        redis(unlock, id, check);
        return finish(id, handled);
      },
    };
  }

  test('a late resolve that reaches another host does not close the alert a newer triggered opened there', () => {
    const check = 'a1b2';
    const triggered = attempt('evt_REDIS00000000000000000010', check, 2000);
    assert.equal(triggered.answer, 'handle');
    assert.equal(triggered.done(true), 204);
    const lateResolve = attempt('evt_REDIS00000000000000000011', check, 1000);
    assert.equal(lateResolve.answer, 200, 'older: recorded, not acted on');
    assert.equal(
      attempt('evt_REDIS00000000000000000011', check, 1000).answer,
      200,
      'its retry is handled already',
    );
    const newer = attempt('evt_REDIS00000000000000000012', check, 3000);
    assert.equal(newer.answer, 'handle');
    assert.equal(newer.done(true), 204);
  });

  test('two events of one check on two hosts at once: the second waits for the lock, then is handled', () => {
    const check = 'b3c4';
    const first = attempt('evt_REDIS00000000000000000023', check, 1000);
    assert.equal(first.answer, 'handle');
    const second = attempt(
      'evt_REDIS00000000000000000024',
      check,
      2000,
      'alert.resolved',
      (tries) => {
        // The first host finishes while the second waits.
        if (tries === 3) assert.equal(first.done(true), 204);
      },
    );
    assert.equal(second.answer, 'handle', 'no 409, no retry minutes later');
    assert.equal(second.done(true), 204);
    assert.equal(redis(`GET nodekeeper:latest:${check}`), '2000');
  });

  test('a latest outlives every retry of an older event of its check', () => {
    const span = webhooks.retryMinutes.reduce(
      (/** @type {number} */ sum, /** @type {number} */ delay) => sum + delay,
      0,
    );
    const check = 'b5c6';
    const handled = attempt('evt_REDIS00000000000000000025', check, 1000);
    assert.equal(handled.done(true), 204);
    const ttl = Number(redis(`TTL nodekeeper:latest:${check}`));
    assert.ok(ttl > span * 60, `the latest expires in ${ttl} s`);
  });

  test('two events of one check on two hosts at once: the second answers 409 once the wait ends, then is ordered', () => {
    const check = 'c3d4';
    const first = attempt('evt_REDIS00000000000000000020', check, 2000);
    assert.equal(first.answer, 'handle');
    const second = attempt('evt_REDIS00000000000000000021', check, 1000);
    assert.equal(second.answer, 409, 'the check is locked by the first host');
    assert.equal(first.done(true), 204);
    assert.equal(
      attempt('evt_REDIS00000000000000000021', check, 1000).answer,
      200,
      'its retry finds it older than the event acted on',
    );
    const other = attempt('evt_REDIS00000000000000000022', 'e5f6', 1000);
    assert.equal(other.answer, 'handle', 'another check is not held up');
    assert.equal(other.done(false), 500);
    assert.equal(
      attempt('evt_REDIS00000000000000000022', 'e5f6', 1000).answer,
      'handle',
      'a failed handling frees the ID and the lock',
    );
  });

  test('a test alert while a triggered awaits its retry leaves the retry to be handled, not dropped as older', () => {
    const check = 'a7b8';
    const triggered = 'evt_REDIS00000000000000000030';
    const first = attempt(triggered, check, 1000);
    assert.equal(first.answer, 'handle');
    assert.equal(first.done(false), 500);
    const test = attempt(
      'evt_REDIS00000000000000000031',
      check,
      1060,
      'alert.test',
    );
    assert.equal(test.answer, 'handle');
    assert.equal(test.done(true), 204);
    assert.equal(redis(latest, '', check), '', 'the test set no latest');
    const retry = attempt(triggered, check, 1000);
    assert.equal(retry.answer, 'handle', 'the retry is acted on');
    assert.equal(retry.done(true), 204);
  });

  test("a test alert leaves the lock of another host's event of the same check alone", () => {
    const check = 'c9d0';
    const held = attempt('evt_REDIS00000000000000000040', check, 1000);
    assert.equal(held.answer, 'handle');
    const test = attempt(
      'evt_REDIS00000000000000000041',
      check,
      1010,
      'alert.test',
    );
    assert.equal(test.answer, 'handle', 'a test waits for no lock');
    assert.equal(test.done(true), 204);
    assert.equal(
      redis(`GET nodekeeper:lock:${check}`),
      'evt_REDIS00000000000000000040',
    );
    assert.equal(
      attempt('evt_REDIS00000000000000000042', check, 1020).answer,
      409,
      'the check is still locked',
    );
    assert.equal(held.done(true), 204);
  });

  test("a host that overruns the lock's expiry frees no other host's lock and lowers no latest", () => {
    const check = 'e1f2';
    const slow = attempt('evt_REDIS00000000000000000050', check, 1000);
    assert.equal(slow.answer, 'handle');
    // The slow host's lock expires while it still handles its event.
    redis(`PEXPIRE nodekeeper:lock:${check} 1`);
    execFileSync('sleep', ['0.05']);
    const fast = attempt('evt_REDIS00000000000000000051', check, 2000);
    assert.equal(fast.answer, 'handle');
    assert.equal(slow.done(true), 204);
    assert.equal(
      redis(`GET nodekeeper:lock:${check}`),
      'evt_REDIS00000000000000000051',
      "the slow host left the fast host's lock",
    );
    assert.equal(fast.done(true), 204);
    assert.equal(redis(`GET nodekeeper:latest:${check}`), '2000');

    const late = attempt('evt_REDIS00000000000000000052', check, 3000);
    assert.equal(late.answer, 'handle');
    redis(`PEXPIRE nodekeeper:lock:${check} 1`);
    execFileSync('sleep', ['0.05']);
    const later = attempt('evt_REDIS00000000000000000053', check, 4000);
    assert.equal(later.done(true), 204);
    assert.equal(late.done(true), 204);
    assert.equal(
      redis(`GET nodekeeper:latest:${check}`),
      '4000',
      'the slow host did not lower the latest',
    );
  });

  test('a retry of an event another host handled answers 200, so that it is not retried for hours', () => {
    const id = 'evt_REDIS00000000000000000001';
    assert.equal(start(id), 'handle');
    assert.equal(finish(id, true), 204);
    assert.equal(start(id), 200, 'the retry, its 2xx lost on the way');
  });

  test('an attempt while another host handles the event answers 409, then 200 once it is handled', () => {
    const id = 'evt_REDIS00000000000000000002';
    assert.equal(start(id), 'handle');
    assert.equal(start(id), 409);
    assert.equal(finish(id, true), 204);
    assert.equal(start(id), 200);
  });

  test('a handling that fails frees the ID: the retry handles the event', () => {
    const id = 'evt_REDIS00000000000000000003';
    assert.equal(start(id), 'handle');
    assert.equal(finish(id, false), 500);
    assert.equal(start(id), 'handle');
    assert.equal(finish(id, true), 204);
  });

  test('a host that stops holding the claim frees it before the first retry, and the event is handled again', () => {
    const id = 'evt_REDIS00000000000000000004';
    assert.equal(start(id), 'handle');
    // The host stops here. Its claim outlives the answer's deadline, and ends before the first retry.
    assert.ok(seconds(claim) > webhooks.answerSeconds, claim);
    assert.ok(seconds(claim) < webhooks.retryMinutes[0] * 60, claim);
    const ttl = Number(redis('TTL nodekeeper:ID', id));
    assert.ok(ttl > 0 && ttl <= seconds(claim), `TTL ${ttl}`);
    assert.equal(start(id), 409);
    // The first retry comes when the claim has expired.
    redis('PEXPIRE nodekeeper:ID 1', id);
    execFileSync('sleep', ['0.05']);
    assert.equal(start(id), 'handle');
    assert.equal(finish(id, true), 204);
  });

  test('the record of a handled event outlives every retry', () => {
    const span = webhooks.retryMinutes.reduce(
      (/** @type {number} */ sum, /** @type {number} */ delay) => sum + delay,
      0,
    );
    assert.ok(seconds(done) >= span * 60, done);
    const id = 'evt_REDIS00000000000000000005';
    start(id);
    finish(id, true);
    assert.ok(Number(redis('TTL nodekeeper:ID', id)) > span * 60);
  });
});

describe("the recipe's persistence, through a crash of redis-server", () => {
  const setting = recipe.match(/set `(appendonly) (yes)` in `redis\.conf`/);
  const dir = tempDirSync(after, 'redis-persistence-');

  /**
   * Starts redis-server in `folder`, with the page's setting or without
   * persistence, sets a handled ID and a latest, kills it as a crash would,
   * starts it again, and resolves to the keys it still has.
   * @param {string} folder
   * @param {string[]} persistence
   */
  async function afterCrash(folder, persistence) {
    assert.ok(redisAvailable, 'redis-server is not installed');
    const port = await freePort();
    const cli = (/** @type {string[]} */ ...args) =>
      spawnSync('redis-cli', ['-p', String(port), ...args], {
        encoding: 'utf8',
      }).stdout?.trim();
    const start = async () => {
      const server = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          folder,
          '--save',
          '',
          ...persistence,
        ],
        {stdio: 'ignore'},
      );
      for (let tries = 0; cli('PING') !== 'PONG'; tries++) {
        assert.ok(tries < 100, 'redis-server did not start');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return server;
    };
    const first = await start();
    try {
      cli('SET', 'nodekeeper:evt_REDIS00000000000000000060', 'handled');
      cli('SET', 'nodekeeper:latest:f3a4', '2000');
      // appendfsync everysec: the writes are on disk within a second.
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } finally {
      await stopProcess(first, 'SIGKILL');
    }
    const second = await start();
    try {
      return [
        cli('GET', 'nodekeeper:evt_REDIS00000000000000000060'),
        cli('GET', 'nodekeeper:latest:f3a4'),
      ];
    } finally {
      await stopProcess(second);
    }
  }

  test("with the page's setting, a crash keeps the handled IDs and the latest; without, it forgets them", async () => {
    assert.ok(setting, `${receiverDoc}: the recipe requires no persistence`);
    const kept = path.join(dir, 'kept');
    const lost = path.join(dir, 'lost');
    mkdirSync(kept);
    mkdirSync(lost);
    assert.deepEqual(await afterCrash(kept, [`--${setting[1]}`, setting[2]]), [
      'handled',
      '2000',
    ]);
    assert.deepEqual(await afterCrash(lost, ['--appendonly', 'no']), ['', '']);
  });
});

// Temporary folders for tests, removed once the test or suite ends, passed
// or failed, so that the unit tests leave nothing in the system's temporary
// folder (tests/support/no-leftovers.mjs fails them when they do).
import {mkdtempSync, rmSync} from 'node:fs';
import {mkdtemp, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';

/**
 * A test's context, or node:test's `after` for the suite (or file) being
 * defined: in a hook or a test, `after` would belong to that instead. node:test
 * runs after hooks in the order they are added: stop a process that uses the
 * folder in a hook added before the folder is made.
 * @typedef {import('node:test').TestContext | typeof import('node:test').after} Owner
 */

/**
 * @param {Owner} owner
 * @param {() => unknown} fn
 */
function whenDone(owner, fn) {
  if (typeof owner === 'function') owner(fn);
  else owner.after(fn);
}

/**
 * A new temporary folder named `prefix` and a random suffix, removed once
 * `owner` ends.
 * @param {Owner} owner
 * @param {string} prefix
 */
export async function tempDir(owner, prefix) {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  whenDone(owner, () => rm(dir, {recursive: true, force: true}));
  return dir;
}

/**
 * tempDir, for a suite's body or a test that does not wait.
 * @param {Owner} owner
 * @param {string} prefix
 */
export function tempDirSync(owner, prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  whenDone(owner, () => rmSync(dir, {recursive: true, force: true}));
  return dir;
}

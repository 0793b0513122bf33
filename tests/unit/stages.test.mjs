import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {test} from 'node:test';

/** @param {string[]} commands */
const stages = (...commands) =>
  spawnSync(process.execPath, ['tests/support/stages.mjs', ...commands], {
    encoding: 'utf8',
  });

test("npm test's stages print each one's time and the total", () => {
  const run = stages('node -e "1"', 'node -e "2"');
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /\[stage\] node -e "1": \d+ s/);
  assert.match(run.stdout, /\[stage\] node -e "2": \d+ s/);
  assert.match(run.stdout, /\d+ s {2}in all/);
});

test('a stage that fails stops the run, and the summary names it and what did not run', () => {
  const run = stages('node -e "process.exit(3)"', 'node -e "1"');
  assert.equal(run.status, 1);
  assert.match(
    run.stdout,
    /node -e "process.exit\(3\)" {2}\(failed, exit code 3\)/,
  );
  assert.match(run.stdout, /node -e "1" {2}\(not run\)/);
  assert.doesNotMatch(run.stdout, /\[stage\] node -e "1"/);
});

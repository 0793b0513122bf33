import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {test} from 'node:test';
import {tempDirSync} from '../support/temp-dir.mjs';

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

test('lanes run at the same time; a failure stops its own lane only, and fails the run', (t) => {
  // The first lane waits for a file only the second lane writes: run in
  // turn, it would give up after a minute and exit 4.
  const file = path.join(tempDirSync(t, 'stages-'), 'written');
  const waitFor = `node -e "const f = process.argv[1]; const s = Date.now(); const t = setInterval(() => { if (require('fs').existsSync(f)) clearInterval(t); else if (Date.now() - s > 60000) process.exit(4); }, 50)" ${file}`;
  const run = stages(
    waitFor,
    'node -e "process.exit(2)"',
    'node -e "1"',
    '--',
    `node -e "require('fs').writeFileSync(process.argv[1], '')" ${file}`,
    'node -e "3"',
  );
  assert.equal(run.status, 1);
  assert.doesNotMatch(run.stdout, /exit code 4/);
  assert.match(
    run.stdout,
    /node -e "process.exit\(2\)" {2}\(failed, exit code 2\)/,
  );
  assert.match(run.stdout, /\[stage\] node -e "3": \d+ s/);
  assert.match(run.stdout, /node -e "1" {2}\(not run\)/);
});

// Runs npm test's stages in lanes: the lanes at the same time, each lane's
// stages one after the other, a lane stopping at its first failure. The
// builds and the end-to-end tests they feed are one lane, the longest; the
// checks that need no build share the machine with it in another, so that
// no core waits for a stage to end. Prints each stage's time as it ends, and
// a summary at the end, so that a run says where its minutes went.
// Usage: node tests/support/stages.mjs "<command>" ... [-- "<command>" ...]
import {spawn} from 'node:child_process';
import {once} from 'node:events';

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** @type {string[][]} */
const lanes = [[]];
for (const arg of process.argv.slice(2))
  if (arg === '--') lanes.push([]);
  else lanes.at(-1)?.push(arg);

/** @type {{command: string, ms: number, code: number}[]} */
const done = [];
const started = performance.now();

/** @param {string[]} commands */
async function runLane(commands) {
  for (const command of commands) {
    const start = performance.now();
    const child = spawn(command, {shell: true, stdio: 'inherit'});
    const [code, signal] = /** @type {[number | null, string | null]} */ (
      await once(child, 'exit')
    );
    const ms = performance.now() - start;
    const exitCode = code ?? (signal ? 1 : 0);
    done.push({command, ms, code: exitCode});
    console.log(`\n[stage] ${command}: ${seconds(ms)}\n`);
    if (exitCode !== 0) return;
  }
}

await Promise.all(lanes.map(runLane));
console.log('[stages]');
for (const {command, ms, code} of done)
  console.log(
    `  ${seconds(ms).padStart(6)}  ${command}${code === 0 ? '' : `  (failed, exit code ${code})`}`,
  );
for (const command of lanes.flat())
  if (!done.some((stage) => stage.command === command))
    console.log(`       —  ${command}  (not run)`);
console.log(`  ${seconds(performance.now() - started).padStart(6)}  in all`);
process.exit(done.some(({code}) => code !== 0) ? 1 : 0);

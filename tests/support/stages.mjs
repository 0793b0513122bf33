// Runs npm test's stages one after the other, printing how long each took,
// and stops at the first that fails; at the end, a summary of every stage's
// time, so that a run says where its minutes went.
// Usage: node tests/support/stages.mjs "<command>" "<command>" ...
import {spawn} from 'node:child_process';
import {once} from 'node:events';

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

const commands = process.argv.slice(2);
/** @type {{command: string, ms: number, code: number}[]} */
const done = [];
const started = performance.now();
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
  if (exitCode !== 0) break;
}
console.log('[stages]');
for (const {command, ms, code} of done)
  console.log(
    `  ${seconds(ms).padStart(6)}  ${command}${code === 0 ? '' : `  (failed, exit code ${code})`}`,
  );
for (const command of commands.slice(done.length))
  console.log(`       —  ${command}  (not run)`);
console.log(`  ${seconds(performance.now() - started).padStart(6)}  in all`);
process.exit(done.some(({code}) => code !== 0) ? 1 : 0);

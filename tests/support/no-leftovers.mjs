// Runs the command given as arguments with a temporary folder of its own
// (TMPDIR, TMP, TEMP), and fails, naming them, on what it leaves there but
// caches: each test removes what it makes, passed or failed.
// Usage: node tests/support/no-leftovers.mjs node --test tests/unit/*.test.mjs
import {spawn} from 'node:child_process';
import {once} from 'node:events';
import {mkdtemp, readdir, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';

// jiti's transpile cache, made when Docusaurus loads a TypeScript config.
const caches = new Set(['node-jiti']);

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node tests/support/no-leftovers.mjs <command> [args…]');
  process.exit(2);
}

const dir = await mkdtemp(path.join(tmpdir(), 'no-leftovers-'));
const child = spawn(command, args, {
  stdio: 'inherit',
  env: {...process.env, TMPDIR: dir, TMP: dir, TEMP: dir},
});
// Stopping this stops the command, and the folder goes once it has ended.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']))
  process.on(signal, () => child.kill(signal));
const [code, signal] = /** @type {[number | null, NodeJS.Signals | null]} */ (
  await Promise.race([
    once(child, 'exit'),
    once(child, 'error').then(([error]) => {
      console.error(`could not run ${command}: ${error.message}`);
      return [127, null];
    }),
  ])
);

const leftovers = (await readdir(dir)).filter((name) => !caches.has(name));
await rm(dir, {recursive: true, force: true});
if (leftovers.length > 0)
  console.error(
    `\n${[command, ...args].join(' ')} left these in the temporary folder; remove each once its test or suite ends (tests/support/temp-dir.mjs):\n${leftovers.map((name) => `  ${name}`).join('\n')}`,
  );
if (signal) process.exit(1);
process.exit(code || (leftovers.length > 0 ? 1 : 0));

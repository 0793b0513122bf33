// Runs commands at the same time and fails if any fails: npm test runs the
// type check, the lints and the unit tests together, each mostly on one core
// or waiting on processes, and builds the sites for the end-to-end tests
// while the build tests build theirs, as each build spends much of its time
// on one core.
// Usage: node tests/support/together.mjs "<command>" "<command>" ...
import {spawn} from 'node:child_process';

const commands = process.argv.slice(2);
const codes = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const start = performance.now();
        const child = spawn(command, {shell: true, stdio: 'inherit'});
        child.on('exit', (code, signal) => {
          console.log(
            `[together] ${command}: ${((performance.now() - start) / 1000).toFixed(0)} s`,
          );
          resolve(code ?? (signal ? 1 : 0));
        });
      }),
  ),
);
for (const [index, code] of codes.entries())
  if (code !== 0)
    console.error(`"${commands[index]}" failed (exit code ${code})`);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);

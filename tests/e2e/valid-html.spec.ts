import {spawnSync} from 'node:child_process';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '../support/test';

// Every page of both builds goes through the W3C Nu HTML checker (the
// vnu-jar package, run with Java) in one run: an error fails with its file,
// line and message.
const vnuJar = require.resolve('vnu-jar/build/dist/vnu.jar');

type VnuMessage = {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
};

function htmlFilesUnder(dir: string): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.join(dir, file));
}

test('the Nu HTML checker finds no error on any page of the builds', () => {
  test.setTimeout(120_000);
  const files = ['build', 'build-sub'].flatMap(htmlFilesUnder);
  expect(files.length, 'HTML files in the builds').toBeGreaterThan(10);

  const run = spawnSync(
    'java',
    ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  expect(
    run.error,
    'java runs (Debian: apt-get install default-jre-headless)',
  ).toBeUndefined();
  // The checker writes its report to stderr, and exits 1 when it finds an error.
  const {messages} = JSON.parse(run.stderr) as {messages: VnuMessage[]};
  const errors = messages.map(
    (message) =>
      `${path.relative(process.cwd(), new URL(message.url).pathname)}:${message.lastLine ?? '-'}: ${message.type}: ${message.message}`,
  );
  expect(errors).toEqual([]);
  expect(run.status, run.stderr).toBe(0);
});

import {spawnSync} from 'node:child_process';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '../support/test';
import {servers} from '../support/servers';

// Every page of the three builds goes through the W3C Nu HTML checker (the
// vnu-jar package, run with Java) in one run, as nginx serves it (the
// not-found page, which it serves with status 404 only, from its file): an
// error fails with its page, line and message.
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

/** Each page of the build in `dir` as served at `url`, and its not-found page's file. */
function pagesOf(dir: string, url: string): string[] {
  return htmlFilesUnder(dir).map((file) => {
    const page = path.relative(dir, file);
    return page === '404.html'
      ? file
      : url + page.replace(/(?:^|\/)index\.html$/, '');
  });
}

test('the Nu HTML checker finds no error on any page of the three builds, as nginx serves them', () => {
  test.setTimeout(180_000);
  const files = [
    ...pagesOf('build', servers.site.url),
    ...pagesOf('build-sub', servers.subPath.url),
    ...pagesOf('build-fixtures', servers.fixtures.url),
  ];
  expect(files.length, 'pages in the builds').toBeGreaterThan(30);

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
      `${message.url.startsWith('file:') ? path.relative(process.cwd(), new URL(message.url).pathname) : message.url}:${message.lastLine ?? '-'}: ${message.type}: ${message.message}`,
  );
  expect(errors).toEqual([]);
  expect(run.status, run.stderr).toBe(0);
});

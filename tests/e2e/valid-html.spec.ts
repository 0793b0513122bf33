import {spawnSync} from 'node:child_process';
import {mkdtempSync, readdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test, expect} from '../support/test';
import {servers} from '../support/servers';

// Every page of the three builds goes through the W3C Nu HTML checker (the
// vnu-jar package, run with Java) in one run, as nginx serves it (the
// not-found page, which it serves with status 404 only, from its file): an
// error fails with its page, line and message. The checker refuses to fetch
// from 127.0.0.1, so the pages are fetched here and checked as files.
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

test('the Nu HTML checker finds no error on any page of the three builds, as nginx serves them', async () => {
  test.setTimeout(180_000);
  const pages = [
    ...pagesOf('build', servers.site.url),
    ...pagesOf('build-sub', servers.subPath.url),
    // Not the corpus's docs: other projects' markup, which
    // tests/e2e/corpus.spec.ts compares with stock's.
    ...pagesOf('build-fixtures', servers.fixtures.url).filter(
      (page) => !/\/corpus(?:\/|$)/.test(page),
    ),
  ];
  expect(pages.length, 'pages in the builds').toBeGreaterThan(30);
  const served = mkdtempSync(path.join(tmpdir(), 'served-pages-'));
  /** The page each checked file is, by the file's URL. */
  const pageOfFile = new Map<string, string>();
  const files = await Promise.all(
    pages.map(async (page, index) => {
      if (!page.startsWith('http')) return page;
      const response = await fetch(page);
      expect(response.status, page).toBe(200);
      const file = path.join(served, `${index}.html`);
      writeFileSync(file, await response.text());
      pageOfFile.set(`file:${file}`, page);
      return file;
    }),
  );

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
      `${pageOfFile.get(message.url) ?? path.relative(process.cwd(), new URL(message.url).pathname)}:${message.lastLine ?? '-'}: ${message.type}: ${message.message}`,
  );
  expect(errors).toEqual([]);
  expect(run.status, run.stderr).toBe(0);
});

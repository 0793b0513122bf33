import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import {
  test,
  expect,
  routes,
  gotoHydrated,
  onePageOfEachKind,
} from '../support/test';
import {servers, subPathOrigin} from '../support/servers';

// Agents read the site as nginx serves it. afdocs, the checker of the
// Agent-Friendly Documentation Spec, reads every page of the build made for
// its own origin (build-sub: its llms.txt and copies link to the server that
// answers them) and must give 100.

type Check = {id: string; status: string; message: string};
type Report = {
  results: Check[];
  testedPages: number;
  scoring: {overall: number};
};

test('afdocs scores 100 over every page of the site', async () => {
  test.setTimeout(240_000);
  const {stdout} = await promisify(execFile)(
    'node_modules/.bin/afdocs',
    [
      'check',
      servers.subPath.url,
      '--format',
      'json',
      '--score',
      // Every page the sitemap and llms.txt name, in the same order each run.
      '--sampling',
      'deterministic',
      '--max-links',
      '1000',
      '--request-delay',
      '20',
    ],
    {maxBuffer: 64 * 1024 * 1024},
  );
  const report = JSON.parse(stdout) as Report;
  const failing = report.results
    .filter(({status}) => status === 'fail' || status === 'warn')
    .map(({id, status, message}) => `${status} ${id}: ${message}`);
  expect(report.testedPages, 'pages tested').toBe(routes.length);
  expect(report.scoring.overall, failing.join('\n')).toBe(100);
  expect(
    report.results.filter(({status}) => status === 'fail'),
    'checks failed',
  ).toEqual([]);
});

test('every page as served ends each paragraph, list item and table part it opens, as loose parsers need', async ({
  request,
}) => {
  const elements = ['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'thead', 'tbody'];
  for (const {path} of routes) {
    const html = (await (await request.get(path)).text()).replace(
      /<(script|style)\b[\s\S]*?<\/\1>/g,
      '',
    );
    const unclosed = elements.filter(
      (name) =>
        (html.match(new RegExp(`<${name}[\\s>]`, 'g')) ?? []).length !==
        (html.match(new RegExp(`</${name}>`, 'g')) ?? []).length,
    );
    expect(unclosed, `elements of ${path} left without their end tag`).toEqual(
      [],
    );
    for (const name of ['html', 'head', 'body'])
      expect(html, `${path}: </${name}>`).toContain(`</${name}>`);
  }
});

test.describe('the directive to agents', () => {
  test.use({baseURL: servers.subPath.url});
  const llmsTxt = `${subPathOrigin}/sub/llms.txt`;
  const directive = `For AI agents: the index of these docs is at ${llmsTxt}, and every page has a Markdown copy at its address with .md added.`;

  // The directive is in the site's layout: the browser checks it on one
  // page of each kind; every page's served HTML and Markdown copy hold it.
  for (const {path} of onePageOfEachKind) {
    test(`${path} opens with the directive, hidden from sight, read by assistive technology`, async ({
      page,
    }) => {
      await gotoHydrated(page, `/sub${path}`);
      const aside = page.getByRole('complementary', {name: 'For AI agents'});
      await expect(aside).toHaveText(directive);
      expect(
        await aside.evaluate((element) => {
          const {width, height} = element.getBoundingClientRect();
          return width * height;
        }),
      ).toBeLessThanOrEqual(1);
    });
  }

  test('every page opens with the directive as served, and so does its Markdown copy', async ({
    request,
  }) => {
    for (const {path} of routes) {
      const html = await (await request.get(`/sub${path}`)).text();
      expect(
        html.match(/<div id="__docusaurus"><aside [^>]*>([^<]*)<\/aside>/)?.[1],
        path,
      ).toBe(directive);
      const copy = `/sub${path === '/' ? '/index' : path}.md`.replace(
        '//',
        '/',
      );
      const markdown = await (await request.get(copy)).text();
      expect(markdown.split('\n').slice(0, 3).join('\n'), copy).toMatch(
        new RegExp(
          `^# .+\\n\\n> ${directive.replace(/[.?+*()[\]\\]/g, '\\$&')}$`,
        ),
      );
    }
  });
});

// Each route's Markdown copy holds every text its content shows: routes.spec.ts,
// on the route's one load (tests/support/route-checks/markdown-copy.ts).

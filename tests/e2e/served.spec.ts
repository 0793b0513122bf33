import {readFileSync, readdirSync, statSync} from 'node:fs';
import {get} from 'node:http';
import path from 'node:path';
import {test, expect, routes} from '../support/test';
import {servers} from '../support/servers';

// What nginx, set up by tools/nginx as production is, does with the build:
// status codes, redirects, headers, caching, compression and content types.
// The headers expected are those build/_headers gives, as written there.

/** build/_headers as written: each path pattern with its headers, by name. */
const headersFile = new Map(
  readFileSync('build/_headers', 'utf8')
    .split(/\n(?=\S)/)
    .filter((rule) => !rule.startsWith('#'))
    .map((rule) => {
      const [pattern, ...lines] = rule.trim().split('\n');
      return [
        pattern!,
        lines.map(
          (line) => line.trim().split(/: (.*)/s, 2) as [string, string],
        ),
      ];
    }),
);

/** A GET with the raw response: no redirect followed, nothing decompressed. */
function rawGet(
  pathname: string,
  headers: Record<string, string> = {},
  origin = servers.site.url,
): Promise<{status: number; headers: Record<string, string>; body: Buffer}> {
  return new Promise((resolve, reject) => {
    get(new URL(pathname, origin), {headers}, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

const script = readdirSync('build/assets/js').find((file) =>
  /^main\.[0-9a-f]+\.js$/.test(file),
)!;

test('each page answers 200 at its path, with or without a trailing slash', async () => {
  for (const {path: pathname} of routes) {
    expect((await rawGet(pathname)).status, pathname).toBe(200);
    if (pathname !== '/')
      expect((await rawGet(`${pathname}/`)).status, `${pathname}/`).toBe(200);
  }
});

test('a path to no page answers the not-found page with status 404', async () => {
  for (const pathname of ['/nope', '/docs/nope', '/assets/js/nope.js']) {
    const response = await rawGet(pathname);
    expect(response.status, pathname).toBe(404);
    expect(response.body.toString(), pathname).toBe(
      readFileSync('build/404.html', 'utf8'),
    );
  }
  expect((await rawGet('/_headers')).status).toBe(404);
});

test("/favicon.ico answers the site's icon, which a browser asks for where a document names none", async () => {
  const icon = await rawGet('/favicon.ico');
  expect(icon.status).toBe(200);
  expect(icon.headers['content-type']).toBe('image/x-icon');
  expect(icon.body.readUInt16LE(2), 'an icon').toBe(1);
  // Its one image is a PNG, drawn from the favicon the pages name.
  expect(icon.body.subarray(22, 30).toString('latin1')).toBe(
    '\x89PNG\r\n\x1a\n',
  );
});

test('.html and /index.html paths answer 301 to the clean path, the query kept', async () => {
  const redirects = {
    '/docs/intro.html': '/docs/intro',
    '/docs/intro/index.html': '/docs/intro',
    '/index.html': '/',
    '/markdown-page.html?from=old': '/markdown-page?from=old',
    '/404.html': '/404',
  };
  for (const [from, to] of Object.entries(redirects)) {
    const response = await rawGet(from);
    expect(response.status, from).toBe(301);
    expect(response.headers.location, from).toBe(to);
  }
  const underBase = await rawGet(
    '/sub/docs/intro/index.html',
    {},
    servers.subPath.url,
  );
  expect(underBase.headers.location).toBe('/sub/docs/intro');
  expect(
    (await rawGet('/sub/index.html', {}, servers.subPath.url)).headers.location,
  ).toBe('/sub/');
});

test("every response carries the headers of the build/_headers rules for the file it serves, from the one source Netlify's hosts read", async () => {
  // Each path, with the patterns of the rules written for its file.
  for (const [pathname, patterns] of [
    ['/', ['/*', '/:name']],
    ['/docs/intro', ['/*', '/docs/*']],
    ['/docs/intro.md', ['/*', '/*.md', '/docs/*']],
    ['/llms.txt', ['/*', '/:name']],
    ['/sitemap.xml', ['/*', '/:name']],
    ['/robots.txt', ['/*', '/:name']],
    [`/assets/js/${script}`, ['/*', '/assets/*']],
    ['/img/logo.svg', ['/*', '/img/*']],
    ['/schemas/nodekeeper.schema.json', ['/*', '/schemas/*']],
    ['/nope', ['/*', '/:name']],
  ] as const) {
    const {headers} = await rawGet(pathname);
    const expected = patterns.flatMap((pattern) => {
      expect(headersFile.has(pattern), `${pattern} in _headers`).toBe(true);
      return headersFile.get(pattern)!;
    });
    expect(expected.length, pathname).toBeGreaterThan(5);
    for (const [name, value] of expected)
      expect(headers[name.toLowerCase()], `${name} of ${pathname}`).toBe(value);
  }
});

test('hashed assets are cached a year and immutable; pages, llms.txt, the copies, the sitemap and robots.txt are revalidated', async () => {
  expect((await rawGet(`/assets/js/${script}`)).headers['cache-control']).toBe(
    'public, max-age=31536000, immutable',
  );
  for (const pathname of [
    ...routes.map(({path: route}) => route),
    '/llms.txt',
    '/llms-full.txt',
    '/docs/intro.md',
    '/sitemap.xml',
    '/robots.txt',
    '/nope',
  ])
    expect((await rawGet(pathname)).headers['cache-control'], pathname).toBe(
      'no-cache',
    );
});

test('text is sent as the gzip and brotli files written at build time, and compressed on the fly where there are none', async () => {
  const file = path.join('build/assets/js', script);
  for (const [encoding, extension] of [
    ['gzip', '.gz'],
    ['br', '.br'],
  ]) {
    const response = await rawGet(`/assets/js/${script}`, {
      'Accept-Encoding': encoding,
    });
    expect(response.headers['content-encoding'], encoding).toBe(encoding);
    expect(response.body.equals(readFileSync(file + extension)), encoding).toBe(
      true,
    );
    expect(response.headers.vary).toContain('Accept-Encoding');
  }
  const plain = await rawGet(`/assets/js/${script}`);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.length).toBe(statSync(file).size);
  // Written by the sitemap plugin as the build ends: no file at build time.
  const sitemap = await rawGet('/sitemap.xml', {'Accept-Encoding': 'gzip'});
  expect(sitemap.headers['content-encoding']).toBe('gzip');
  const image = await rawGet('/img/social-card.png', {
    'Accept-Encoding': 'gzip, br',
  });
  expect(image.headers['content-encoding']).toBeUndefined();
});

test('Markdown copies, text files and the sitemap are sent with the types and charset of the site set-up', async () => {
  expect((await rawGet('/docs/intro.md')).headers['content-type']).toBe(
    'text/markdown; charset=utf-8',
  );
  for (const pathname of ['/llms.txt', '/llms-full.txt', '/robots.txt'])
    expect((await rawGet(pathname)).headers['content-type'], pathname).toBe(
      'text/plain; charset=utf-8',
    );
  expect((await rawGet('/sitemap.xml')).headers['content-type']).toBe(
    'text/xml; charset=utf-8',
  );
});

test('a client asking for Markdown gets the Markdown copy at the page path; a browser gets the page; both are told it varies', async ({
  page,
}) => {
  for (const [pathname, copy] of [
    ['/docs/intro', 'build/docs/intro.md'],
    ['/docs/projects/yaml', 'build/docs/projects/yaml.md'],
    ['/markdown-page', 'build/markdown-page.md'],
    ['/docs/category/projects', 'build/docs/category/projects.md'],
    ['/', 'build/index.md'],
  ]) {
    const markdown = await rawGet(pathname, {Accept: 'text/markdown'});
    expect(markdown.status, pathname).toBe(200);
    expect(markdown.headers['content-type'], pathname).toBe(
      'text/markdown; charset=utf-8',
    );
    expect(markdown.body.toString(), pathname).toBe(readFileSync(copy, 'utf8'));
    expect(markdown.headers.vary, pathname).toContain('Accept');
  }
  const response = await page.goto('/docs/intro');
  expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(response?.headers().vary).toContain('Accept');
  await expect(page.getByRole('heading', {level: 1})).toHaveText(
    'Introduction',
  );
});

import {execFileSync} from 'node:child_process';
import type {APIRequestContext} from '@playwright/test';
import {test, expect, routes} from '../support/test';
import {servers, subPathOrigin} from '../support/servers';

const siteUrl = 'https://docs.nodekeeper.example';
const docRoutes = routes.filter(
  ({path}) => path.startsWith('/docs/') && !path.includes('/category/'),
);

/** Each page the sitemap at `path` lists, with its last-modified date if it has one. */
async function sitemapEntries(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type']).toBe('text/xml; charset=utf-8');
  const xml = await response.text();
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, entry]) => ({
    loc: /<loc>([^<]*)<\/loc>/.exec(entry)?.[1],
    lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(entry)?.[1],
  }));
}

/** The UTC date of the last commit that changed `file`, as the sitemap writes it. */
function committedOn(file: string): string {
  const committedAt = Number(
    execFileSync('git', ['log', '-1', '--format=%ct', '--', file], {
      encoding: 'utf8',
    }).trim(),
  );
  expect(committedAt, `${file} is committed`).toBeGreaterThan(0);
  return new Date(committedAt * 1000).toISOString().slice(0, 10);
}

test('the sitemap lists every page of the site and nothing else: no draft, no 404 page', async ({
  request,
}) => {
  const entries = await sitemapEntries(request, '/sitemap.xml');
  expect(entries.map(({loc}) => loc).sort()).toEqual(
    routes.map(({path}) => siteUrl + path).sort(),
  );
});

test('the sitemap gives each doc the date of its last commit', async ({
  request,
}) => {
  const entries = await sitemapEntries(request, '/sitemap.xml');
  for (const {path} of docRoutes) {
    const entry = entries.find(({loc}) => loc === siteUrl + path);
    expect(entry?.lastmod, path).toBe(
      committedOn(`docs/${path.replace(/^\/docs\//, '')}.md`),
    );
  }
});

test("robots.txt lets crawlers in and names the sitemap by the site's address", async ({
  request,
}) => {
  const response = await request.get('/robots.txt');
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(await response.text()).toBe(
    `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
  );
});

test.describe('built with BASE_URL=/sub/ and SITE_URL another origin', () => {
  test.use({baseURL: servers.subPath.url});

  test('robots.txt names the sitemap under /sub/, and that sitemap lists the pages under /sub/', async ({
    request,
  }) => {
    const robots = await (await request.get('/sub/robots.txt')).text();
    expect(robots).toBe(
      `User-agent: *\nAllow: /sub/\n\nSitemap: ${subPathOrigin}/sub/sitemap.xml\n`,
    );
    const sitemapPath = new URL(/^Sitemap: (.+)$/m.exec(robots)![1]).pathname;
    const entries = await sitemapEntries(request, sitemapPath);
    expect(entries.map(({loc}) => loc).sort()).toEqual(
      routes.map(({path}) => `${subPathOrigin}/sub${path}`).sort(),
    );
  });
});

test.describe('served with the headers of build/_headers', () => {
  test.use({baseURL: servers.site.url});

  test('robots.txt, the sitemap and the cards, written after the build, are revalidated', async ({
    request,
  }) => {
    for (const path of [
      '/robots.txt',
      '/sitemap.xml',
      '/img/social-cards/intro.png',
    ]) {
      const headers = (await request.get(path)).headers();
      expect(headers['cache-control'], path).toBe('no-cache');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
    }
  });
});

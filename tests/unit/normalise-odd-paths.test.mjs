import assert from 'node:assert/strict';
import {test} from 'node:test';
import {
  htmlPermalinks,
  normalisedPath,
  pagePath,
  routesWithCapitals,
} from '../../plugins/page-scripts/odd-paths/index.mjs';

test('paths the router can take are left alone', () => {
  for (const path of [
    '/',
    '/docs/intro',
    '/docs/intro/',
    '/docs/%C3%BCn%C3%AFc%C3%B8d%C3%A9',
    '/docs/a%25b',
    '/sub/docs/intro',
  ]) {
    assert.equal(normalisedPath(path), path);
  }
});

test('encoded and doubled slashes become single slashes', () => {
  assert.equal(normalisedPath('/docs%2Fintro'), '/docs/intro');
  assert.equal(normalisedPath('/docs%2fintro%2F'), '/docs/intro/');
  assert.equal(normalisedPath('/docs//intro'), '/docs/intro');
  assert.equal(
    normalisedPath('//docs///projects//yaml'),
    '/docs/projects/yaml',
  );
  assert.equal(normalisedPath('/%2F%2Fevil.example'), '/evil.example');
});

test('a malformed percent escape becomes a literal percent sign', () => {
  assert.equal(normalisedPath('/docs/%'), '/docs/%25');
  assert.equal(normalisedPath('/docs/100%'), '/docs/100%25');
  assert.equal(normalisedPath('/docs/%zz'), '/docs/%25zz');
  assert.equal(normalisedPath('/docs/%E0%A4%A'), '/docs/%25E0%25A4%25A');
  for (const path of ['/docs/%', '/docs/%E0%A4%A', '/docs/%ZZ%2F%']) {
    assert.doesNotThrow(() => decodeURI(normalisedPath(path)), path);
  }
});

test('the path of a page is left alone', () => {
  for (const path of [
    '/',
    '/docs/intro',
    '/docs/intro/',
    '/docs/%C3%BCn%C3%AFc%C3%B8d%C3%A9',
    '/docs/%25',
    '/404.html/x',
  ]) {
    assert.equal(pagePath(path, '/'), path);
  }
  assert.equal(pagePath('/sub/docs/intro', '/sub/'), '/sub/docs/intro');
});

test('a path in another letter case becomes lowercase, its percent escapes as they were', () => {
  assert.equal(pagePath('/Docs/Intro', '/'), '/docs/intro');
  assert.equal(pagePath('/DOCS/PROJECTS/YAML/', '/'), '/docs/projects/yaml/');
  assert.equal(pagePath('/Docs/%C3%9Cber', '/'), '/docs/%C3%9Cber');
});

test('.html and /index.html are dropped, in any letter case', () => {
  assert.equal(pagePath('/docs/intro.html', '/'), '/docs/intro');
  assert.equal(pagePath('/docs/intro/index.html', '/'), '/docs/intro');
  assert.equal(pagePath('/Docs/Intro.HTML', '/'), '/docs/intro');
  assert.equal(pagePath('/index.html', '/'), '/');
});

test("a page whose own path ends in .html keeps it; the plugins' content names such pages", () => {
  const routes = ['/docs/compat/details.html'];
  assert.equal(
    pagePath('/docs/compat/details.html', '/', routes),
    '/docs/compat/details.html',
  );
  assert.equal(
    pagePath('/Docs/Compat/Details.html', '/', routes),
    '/docs/compat/details.html',
  );
  assert.equal(pagePath('/docs/intro.html', '/', routes), '/docs/intro');
  const docs = {
    loadedVersions: [
      {
        docs: [
          {permalink: '/docs/intro'},
          {permalink: '/docs/compat/details.html'},
        ],
      },
    ],
  };
  /** @type {Record<string, unknown>} */
  const pages = {list: [{permalink: '/old/page.html'}]};
  pages.self = pages;
  assert.deepEqual(htmlPermalinks({docs, pages}), [
    '/docs/compat/details.html',
    '/old/page.html',
  ]);
});

test('the base URL is kept as it is written, and the rest follows the rules', () => {
  assert.equal(pagePath('/sub/index.html', '/sub/'), '/sub/');
  assert.equal(pagePath('/sub/Docs/Intro.html', '/sub/'), '/sub/docs/intro');
  assert.equal(
    pagePath('/Docs-Site/Docs/Intro', '/Docs-Site/'),
    '/Docs-Site/docs/intro',
  );
  // Not under the base URL: no page of the site, so the path only gets tidier.
  assert.equal(pagePath('/SUB/Docs', '/sub/'), '/sub/docs');
});

test('a page whose own path has capitals is reached in any letter case, and kept as it is', () => {
  const routes = ['/docs/FAQ', '/docs/api/ApiProvider'];
  assert.equal(pagePath('/docs/faq', '/', [], routes), '/docs/FAQ');
  assert.equal(pagePath('/Docs/FAQ', '/', [], routes), '/docs/FAQ');
  assert.equal(pagePath('/docs/FAQ', '/', [], routes), '/docs/FAQ');
  assert.equal(
    pagePath('/docs/api/apiprovider.html', '/', [], routes),
    '/docs/api/ApiProvider',
  );
  assert.equal(pagePath('/Docs/Intro', '/', [], routes), '/docs/intro');
});

test('routes with capital letters below the base URL are found', () => {
  assert.deepEqual(
    routesWithCapitals(
      [
        '/Docs-Site/',
        '/Docs-Site/docs/intro',
        '/Docs-Site/docs/FAQ',
        '/Docs-Site/404.html',
      ],
      '/Docs-Site/',
    ),
    ['/Docs-Site/docs/FAQ'],
  );
  assert.deepEqual(
    routesWithCapitals(['/', '/docs/intro', '/docs/category/projects'], '/'),
    [],
  );
});

import assert from 'node:assert/strict';
import {test} from 'node:test';
import {
  parseRenames,
  redirectPage,
  redirectsFile,
  renamedTo,
  resolvePaths,
} from '../../plugins/outputs/published-paths/paths.mjs';
import {
  parseRedirects,
  redirectLocations,
} from '../../tools/nginx/redirects.mjs';

// git log, newest first.
const log = [
  'R100\tdocs/b.md\tdocs/c.md',
  '',
  'R087\tdocs/a.md\tdocs/b.md',
  'M\tdocs/x.md',
].join('\n');

test("git's renames, oldest first, and where a file went through them", () => {
  const renames = parseRenames(log);
  assert.deepEqual(renames, [
    {from: 'docs/a.md', to: 'docs/b.md'},
    {from: 'docs/b.md', to: 'docs/c.md'},
  ]);
  assert.equal(renamedTo('docs/a.md', renames), 'docs/c.md');
  assert.equal(renamedTo('docs/x.md', renames), undefined);
});

const recorded = {
  pages: {
    'docs/a': 'docs/a.md',
    'docs/old': 'docs/old.md',
    'docs/removed': 'docs/removed.md',
    'docs/kept': 'docs/kept.md',
  },
  moved: {'docs/old': 'docs/new'},
  gone: ['docs/removed'],
};

test('a path no longer published redirects to its successor by git or the map, or is gone', () => {
  const {redirects, gone, missing, next} = resolvePaths({
    recorded,
    published: new Map([
      ['docs/c', 'docs/c.md'],
      ['docs/new', 'docs/new.md'],
      ['docs/kept', 'docs/kept.md'],
    ]),
    renames: parseRenames(log),
  });
  assert.deepEqual(redirects, {'docs/a': 'docs/c', 'docs/old': 'docs/new'});
  assert.deepEqual(gone, ['docs/removed']);
  assert.deepEqual(missing, []);
  // The map keeps every path ever published, and what answers each.
  assert.deepEqual(Object.keys(next.pages), [
    'docs/a',
    'docs/c',
    'docs/kept',
    'docs/new',
    'docs/old',
    'docs/removed',
  ]);
  assert.deepEqual(next.moved, redirects);
});

test('a path with no successor and not gone is missing, with its file', () => {
  const {missing} = resolvePaths({
    recorded,
    published: new Map([['docs/new', 'docs/new.md']]),
    renames: [],
  });
  assert.deepEqual(missing, [
    {path: 'docs/a', file: 'docs/a.md'},
    {path: 'docs/kept', file: 'docs/kept.md'},
  ]);
});

test('a redirect to a page that is itself gone is followed to where that went', () => {
  const {redirects} = resolvePaths({
    recorded: {
      pages: {'docs/one': 'docs/one.md', 'docs/two': 'docs/two.md'},
      moved: {'docs/one': 'docs/two', 'docs/two': 'docs/three'},
      gone: [],
    },
    published: new Map([['docs/three', 'docs/three.md']]),
    renames: [],
  });
  assert.deepEqual(redirects, {
    'docs/one': 'docs/three',
    'docs/two': 'docs/three',
  });
});

test('_redirects sends a page and its copy on, and answers a gone page 410; nginx reads it the same', () => {
  const text = redirectsFile({
    baseUrl: '/sub/',
    redirects: {'docs/a': 'docs/c'},
    gone: ['docs/removed'],
  });
  const rules = parseRedirects(text);
  assert.deepEqual(rules, [
    {from: '/sub/docs/a', to: '/sub/docs/c', status: 301},
    {from: '/sub/docs/a.md', to: '/sub/docs/c.md', status: 301},
    {from: '/sub/docs/removed', to: '/sub/404.html', status: 410},
    {from: '/sub/docs/removed.md', to: '/sub/404.html', status: 410},
  ]);
  assert.deepEqual(redirectLocations(rules.slice(1, 3)), [
    '    location = /sub/docs/a.md {\n      return 301 /sub/docs/c.md$is_args$args;\n    }',
    '    location = /sub/docs/removed {\n      return 410;\n    }',
  ]);
  assert.throws(
    () => redirectLocations([{from: '/a b', to: '/c', status: 301}]),
    /nginx cannot answer "\/a b \/c"/,
  );
});

test('the page left at an old path sends the browser on and names the new page', () => {
  const html = redirectPage({
    url: 'https://docs.example/docs/c',
    path: '/docs/c',
    title: 'C & D',
    language: 'en',
  });
  assert.match(html, /<meta http-equiv="refresh" content="0; url=\/docs\/c">/);
  assert.match(
    html,
    /<link rel="canonical" href="https:\/\/docs.example\/docs\/c">/,
  );
  assert.match(html, /<a href="\/docs\/c">C &amp; D<\/a>/);
});

import assert from 'node:assert/strict';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {test} from 'node:test';
import securityHeadersPlugin, {
  contentSecurityPolicy,
  hashSource,
  headersFile,
  inlineScripts,
  pagesWithCopies,
  styleAttributes,
  imageOrigins,
} from '../../plugins/outputs/security-headers/index.mjs';
import {parseHeaders, patternSource} from '../../tools/nginx/headers.mjs';
import {runPostBuild} from '../support/post-build.mjs';
import {tempDir} from '../support/temp-dir.mjs';

test('a script is allowed by the SHA-256 hash CSP defines', () => {
  // The example of the CSP Level 3 specification.
  assert.equal(
    hashSource("alert('Hello, world.');"),
    "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
  );
});

test('the inline scripts that run are found, however the minifier wrote them', () => {
  const html = [
    '<script src=/assets/js/main.js defer></script>',
    '<script>one()</script>',
    '<script data-rh=true>two()</script>',
    '<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>',
    '<script type=module>three()</script>',
    '<SCRIPT>four()</SCRIPT >',
    '<script data-src=x>five()</script>',
    '<script></script>',
  ].join('');
  assert.deepEqual(inlineScripts(html), [
    'one()',
    'two()',
    'three()',
    'four()',
    'five()',
  ]);
});

test('style attribute values are found quoted, unquoted and with entities', () => {
  const html = `<pre style="color:#393A34;background-color:#f6f8fa"><span style=color:red>x</span>
    <b style='font-family:&quot;Mono&quot;'>y</b><i data-style="no">z</i></pre>`;
  assert.deepEqual(styleAttributes(html), [
    'color:#393A34;background-color:#f6f8fa',
    'color:red',
    'font-family:"Mono"',
  ]);
});

test('the policy allows only the site and the given hashes, never unsafe-inline', () => {
  const policy = contentSecurityPolicy({
    scriptHashes: ["'sha256-a'"],
    styleHashes: ["'sha256-b'"],
  });
  const directives = Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );
  assert.deepEqual(directives['script-src'], ["'self'", "'sha256-a'"]);
  assert.deepEqual(directives['style-src'], [
    "'self'",
    "'unsafe-hashes'",
    "'sha256-b'",
  ]);
  assert.deepEqual(directives['default-src'], ["'self'"]);
  assert.deepEqual(directives['frame-ancestors'], ["'none'"]);
  assert.deepEqual(directives['object-src'], ["'none'"]);
  assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval|\*|https?:/);
});

/**
 * The values of the header `name` that the rules matching `pathname` give,
 * matched as the nginx configuration matches them: one value each.
 * @param {import('../../tools/nginx/headers.mjs').HeaderRule[]} rules
 * @param {string} pathname
 * @param {string} name
 */
function valuesOf(rules, pathname, name) {
  return rules
    .filter(({pattern}) => new RegExp(patternSource(pattern)).test(pathname))
    .flatMap(({headers}) =>
      headers.filter(([header]) => header === name).map(([, value]) => value),
    );
}

const build = [
  {name: '404.html', isDirectory: false},
  {name: 'assets', isDirectory: true},
  {name: 'docs', isDirectory: true},
  {name: 'img', isDirectory: true},
  {name: 'index.html', isDirectory: false},
];

for (const baseUrl of ['/', '/sub/']) {
  test(`every path gets one cache rule and the security headers, under ${baseUrl}, files written after the build too`, () => {
    const rules = parseHeaders(
      headersFile({
        baseUrl,
        topLevelEntries: build,
        policy: "default-src 'self'",
      }),
    );
    const expected = {
      '': 'no-cache',
      'index.html': 'no-cache',
      '404.html': 'no-cache',
      docs: 'no-cache',
      'docs/intro': 'no-cache',
      'docs/intro/': 'no-cache',
      'docs/intro/index.html': 'no-cache',
      'img/logo.svg': 'no-cache',
      'sitemap.xml': 'no-cache',
      'robots.txt': 'no-cache',
      'assets/js/main.288f1e0c.js': 'public, max-age=31536000, immutable',
      'assets/css/styles.9d23ab0d.css': 'public, max-age=31536000, immutable',
    };
    for (const [pathname, cacheControl] of Object.entries(expected)) {
      for (const [name, value] of [
        ['Cache-Control', cacheControl],
        ['Content-Security-Policy', "default-src 'self'"],
        ['X-Frame-Options', 'DENY'],
        ['X-Content-Type-Options', 'nosniff'],
      ])
        assert.deepEqual(
          valuesOf(rules, baseUrl + pathname, name),
          [value],
          `${name} of ${pathname}`,
        );
    }
  });
}

test('the Markdown copies of the docs are sent as UTF-8 Markdown, and revalidated like pages', () => {
  for (const baseUrl of ['/', '/sub/']) {
    const rules = parseHeaders(
      headersFile({
        baseUrl,
        topLevelEntries: build,
        policy: "default-src 'self'",
      }),
    );
    const copy = `${baseUrl}docs/projects/yaml.md`;
    assert.deepEqual(valuesOf(rules, copy, 'Content-Type'), [
      'text/markdown; charset=utf-8',
    ]);
    assert.deepEqual(valuesOf(rules, copy, 'Cache-Control'), ['no-cache']);
    assert.deepEqual(
      valuesOf(rules, `${baseUrl}docs/projects/yaml`, 'Content-Type'),
      [],
    );
  }
});

test('after a build, _headers allows exactly the inline scripts and style attributes of its pages', async (t) => {
  const outDir = await tempDir(t, 'security-headers-');
  await mkdir(path.join(outDir, 'docs/intro'), {recursive: true});
  await writeFile(
    path.join(outDir, 'index.html'),
    '<script>home()</script><p style=color:red>x</p>',
  );
  await writeFile(
    path.join(outDir, 'docs/intro/index.html'),
    '<script>home()</script><script>intro()</script>',
  );
  await runPostBuild(securityHeadersPlugin(), {
    outDir,
    siteConfig: {baseUrl: '/'},
  });

  const [rule] = parseHeaders(
    await readFile(path.join(outDir, '_headers'), 'utf8'),
  );
  const policy = Object.fromEntries(rule.headers)['Content-Security-Policy'];
  /** @param {string} directive */
  const sources = (directive) =>
    policy
      .split('; ')
      .find((part) => part.startsWith(`${directive} `))
      ?.split(' ')
      .slice(1);
  assert.deepEqual(sources('script-src'), [
    "'self'",
    ...[hashSource('home()'), hashSource('intro()')].sort(),
  ]);
  assert.deepEqual(sources('style-src'), [
    "'self'",
    "'unsafe-hashes'",
    hashSource('color:red'),
  ]);
});

test('each page with a Markdown copy gets a Link header naming it', () => {
  assert.deepEqual(
    pagesWithCopies([
      'index.html',
      'index.md',
      'docs/intro/index.html',
      'docs/intro.md',
      'docs/category/projects/index.html',
      '404.html',
    ]),
    [
      {page: '', copy: 'index.md'},
      {page: 'docs/intro', copy: 'docs/intro.md'},
    ],
  );
  const file = headersFile({
    baseUrl: '/sub/',
    topLevelEntries: [],
    policy: "default-src 'self'",
    markdownCopies: [{page: 'docs/intro', copy: 'docs/intro.md'}],
  });
  assert.match(
    file,
    /^\/sub\/docs\/intro\n {2}Link: <\/sub\/docs\/intro\.md>; rel="alternate"; type="text\/markdown"$/m,
  );
});

test("the policy allows the origins a page's images come from, as stock Docusaurus shows them", () => {
  const origins = imageOrigins(
    '<p><img src="https://img.shields.io/npm/v/pnpm.svg" alt="npm"><img src="/img/logo.svg"></p>' +
      '<picture><source srcset="https://cdn.example.org/a.webp 1x, /img/b.webp 2x"><img src="data:image/png;base64,AA"></picture>',
  );
  assert.deepEqual(origins, [
    'https://cdn.example.org',
    'https://img.shields.io',
  ]);
  assert.match(
    contentSecurityPolicy({
      scriptHashes: [],
      styleHashes: [],
      imageOrigins: origins,
    }),
    /img-src 'self' data: https:\/\/cdn\.example\.org https:\/\/img\.shields\.io;/,
  );
});

import assert from 'node:assert/strict';
import {test} from 'node:test';
import {parseHeaders, patternSource} from '../../tools/nginx/headers.mjs';

// _headers must be read as Netlify and Cloudflare Pages read it, or the nginx
// set-up, which turns the same rules into its configuration, would send
// headers that no other deployment has.
const rules = parseHeaders(`# a comment
/*
  X-Frame-Options: DENY
  Link: </a.css>; rel=preload

/docs/:page
  Cache-Control: no-cache

/assets/*
  Cache-Control: immutable
/assets/js/*.js
  Cache-Control: public
`);

test('a _headers file is read as path patterns with their headers', () => {
  assert.deepEqual(
    rules.map(({pattern}) => pattern),
    ['/*', '/docs/:page', '/assets/*', '/assets/js/*.js'],
  );
  assert.deepEqual(rules[0].headers, [
    ['X-Frame-Options', 'DENY'],
    ['Link', '</a.css>; rel=preload'],
  ]);
});

test('splats match anything, placeholders one segment, other text itself, as the nginx configuration matches paths', () => {
  /** @param {string} pattern @param {string} pathname */
  const matches = (pattern, pathname) =>
    new RegExp(patternSource(pattern)).test(pathname);
  assert.ok(matches('/*', '/'));
  assert.ok(matches('/*', '/docs/intro'));
  assert.ok(matches('/docs/:page', '/docs/intro'));
  assert.ok(!matches('/docs/:page', '/docs/intro/more'));
  assert.ok(!matches('/docs/:page', '/docs'));
  assert.ok(!matches('/assets/*', '/assetsX/a'));
  assert.ok(matches('/assets/js/*.js', '/assets/js/main.js'));
  assert.ok(!matches('/assets/js/*.js', '/assets/js/main_js'));
});

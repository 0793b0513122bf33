import assert from 'node:assert/strict';
import {test} from 'node:test';
import {headersFor, parseHeaders} from '../../tools/nginx/headers.mjs';

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

test('splats match anything, placeholders one segment, other text itself', () => {
  assert.deepEqual(headersFor(rules, '/'), {
    'X-Frame-Options': 'DENY',
    Link: '</a.css>; rel=preload',
  });
  assert.equal(headersFor(rules, '/docs/intro')['Cache-Control'], 'no-cache');
  assert.equal(
    headersFor(rules, '/docs/intro/more')['Cache-Control'],
    undefined,
  );
  assert.equal(headersFor(rules, '/docs')['Cache-Control'], undefined);
  assert.equal(headersFor(rules, '/assetsX/a')['Cache-Control'], undefined);
});

test('a header that several matching rules set is joined, as hosts join it', () => {
  assert.equal(
    headersFor(rules, '/assets/js/main.js')['Cache-Control'],
    'immutable, public',
  );
});

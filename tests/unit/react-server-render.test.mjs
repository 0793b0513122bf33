// React 18.3's streaming server render, which Docusaurus 3.7 renders every
// page with, flushed its whole 2 KB buffer when a character of several bytes
// did not fit at its end, unwritten zero bytes included: a page whose text
// put a zero-width space or a dash there got a NUL character. patches/ holds
// React's own fix (facebook/react#26228, released in 19), applied by `npm ci`.
import assert from 'node:assert/strict';
import {PassThrough} from 'node:stream';
import {text} from 'node:stream/consumers';
import {test} from 'node:test';
import {createElement} from 'react';
import {renderToPipeableStream} from 'react-dom/server';

/**
 * The page as Docusaurus renders it: the stream, read whole into a string.
 * @param {import('react').ReactNode} element
 * @returns {Promise<string>}
 */
function renderToHtml(element) {
  return new Promise((resolve, reject) => {
    const passThrough = new PassThrough();
    const {pipe} = renderToPipeableStream(element, {
      onError: reject,
      onAllReady() {
        pipe(passThrough);
        text(passThrough).then(resolve, reject);
      },
    });
  });
}

test('a character of several bytes at the end of a 2 KB buffer leaves no NUL in the HTML', async () => {
  // A run of 12-byte elements, each ending in the theme's zero-width space
  // (3 bytes), after a paragraph of 0 to 11 letters: with one of these
  // lengths, the first buffer ends inside a zero-width space.
  const item = '<b>ab\u200b</b>';
  for (let shift = 0; shift < 12; shift += 1) {
    const items = Array.from({length: 400}, (_, index) =>
      createElement('b', {key: index}, 'ab\u200b'),
    );
    const html = await renderToHtml(
      createElement(
        'main',
        null,
        createElement('p', null, 'a'.repeat(shift)),
        items,
      ),
    );
    assert.ok(Buffer.byteLength(html) > 2 * 2048, 'the page spans buffers');
    assert.equal(html.indexOf('\0'), -1, `a NUL with ${shift} letters first`);
    assert.equal(html.split(item).length - 1, items.length);
  }
});

// The reading of a static content's HTML without a parser
// (packages/static-content/runtime/html.ts): the contents cut from a page, and
// the pieces a prefetched content is parsed in, a few per idle task, and the
// list of a page's table of contents.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {importTypeScript} from '../../../tests/support/typescript-module.mjs';

const {cutContents, cutInside, topLevelPieces} = await importTypeScript(
  'packages/static-content/runtime/html.ts',
);

test('a content is cut in its top-level elements, with the text between them, which join to the whole', () => {
  const html =
    '<header><h1>Title<!-- --> here</h1></header>\n<p>One<br/>two<br>three</p>' +
    '<div class="language-yaml"><pre><code><span class="token">a</span></code></pre></div>' +
    '<p><img src="/a.png" alt="x"><svg viewBox="0 0 1 1"><path d="M0 0"/></svg></p> ';
  const pieces = topLevelPieces(html);
  assert.deepEqual(pieces, [
    '<header><h1>Title<!-- --> here</h1></header>',
    '\n<p>One<br/>two<br>three</p>',
    '<div class="language-yaml"><pre><code><span class="token">a</span></code></pre></div>',
    '<p><img src="/a.png" alt="x"><svg viewBox="0 0 1 1"><path d="M0 0"/></svg></p>',
    ' ',
  ]);
  assert.equal(pieces.join(''), html);
});

test("a tag's quoted attribute values may hold what closes or opens a tag", () => {
  const html = '<p title="a > b / c">x</p><a href=\'/x/\' data-x="<p>">y</a>';
  assert.deepEqual(topLevelPieces(html), [
    '<p title="a > b / c">x</p>',
    '<a href=\'/x/\' data-x="<p>">y</a>',
  ]);
});

test('HTML a count of tags could misread is one piece, left whole to the parser', () => {
  for (const html of [
    '<p>a</p><!-- <p> --><p>b</p>',
    '<p>a</p><script>if (a<b) x("</p>")</script>',
    '<p>a</p><textarea><p></textarea>',
    '<p>a</p></div><p>b</p>',
    '<p>a<p>b</p>',
  ])
    assert.deepEqual(topLevelPieces(html), [html], html);
});

test("a page's static contents are cut out by id, nested divs and all; a content holding a comment is left to the parser", () => {
  const content = '<div class="a"><div>x</div></div><p>y</p>';
  const page = `<main><div class="c" data-static-content="d1a2">${content}</div><div>after</div></main>`;
  assert.deepEqual(cutContents(page), new Map([['d1a2', content]]));
  assert.equal(
    cutContents(page.replace('<p>y</p>', '<!-- y --><p>y</p>')),
    undefined,
  );
  assert.equal(cutContents('<main><p>no content</p></main>'), undefined);
});

test("a page's element is cut out by its opening tag, nested ones of its kind and all; none, or one holding a comment, is undefined", () => {
  const className = 'table-of-contents table-of-contents__left-border';
  const list =
    '<li><a href="#a" class="link">A</a><ul><li><a href="#b" class="link">B</a></li></ul></li>' +
    '<li><a href="#c" class="link">C</a></li>';
  const page = `<ul class="menu"><li>x</li></ul><nav><ul class="${className}">${list}</ul></nav><ul><li>after</li></ul>`;
  assert.equal(cutInside(page, `<ul class="${className}">`), list);
  assert.equal(cutInside(page, '<ul class="table-of-contents">'), undefined);
  assert.equal(
    cutInside(
      page.replace('<li><a href="#c"', '<!-- c --><li><a href="#c"'),
      `<ul class="${className}">`,
    ),
    undefined,
  );
  assert.equal(
    cutInside(
      `<ul class="${className}"><li>unclosed`,
      `<ul class="${className}">`,
    ),
    undefined,
  );
  // The last-updated line, React's empty comments and all.
  const item = '<span itemscope itemtype="https://schema.org/WebPage">';
  const line =
    '<span class="theme-last-updated">Last updated<!-- --> on <b><time datetime="2026-11-25T09:40:55.000Z">Nov 25, 2026</time></b></span>';
  assert.equal(cutInside(`<footer>${item}${line}</span></footer>`, item), line);
});

test("a doc's JSON-LD, whose every `<` the build escapes, is a piece like any other", () => {
  const script =
    '<script type="application/ld+json">{"headline":"a \\u003cb"}</script>';
  assert.deepEqual(topLevelPieces(`<p>a</p>${script}`), ['<p>a</p>', script]);
});

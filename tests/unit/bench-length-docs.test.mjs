import assert from 'node:assert/strict';
import path from 'node:path';
import {test} from 'node:test';
import {createSlugger} from '@docusaurus/utils';
import {
  longDoc,
  pagePart,
  projectPages,
  shortDoc,
} from '../../scripts/bench/length-docs.mjs';

const pages = projectPages(path.resolve(import.meta.dirname, '../..'));

/**
 * The words of `text`, counted as `wc -w` counts them.
 * @param {string} text
 */
const words = (text) => text.match(/\S+/g)?.length ?? 0;

/**
 * The Markdown outside code blocks, line by line.
 * @param {string} markdown
 */
function prose(markdown) {
  let inCode = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*```/.test(line)) inCode = !inCode;
    return !inCode;
  });
}

/**
 * The anchors of the doc's h2 and h3 headings, as Docusaurus makes them.
 * @param {string} markdown
 */
function anchors(markdown) {
  const slugger = createSlugger();
  return prose(markdown)
    .map((line) => /^#{2,3}\s+(.*?)(?:\s+\{#([^}]+)\})?$/.exec(line))
    .filter((match) => match !== null)
    .map(
      ([, text, id]) =>
        id ??
        slugger.slug(
          text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, ''),
          {maintainCase: false},
        ),
    );
}

test('the long doc repeats the Projects pages past 20,000 words, with tables, code, links and Tabs', () => {
  const doc = longDoc(pages);
  assert.ok(words(doc) >= 20_000, `${words(doc)} words`);
  assert.match(doc, /^\| --- \|/m);
  assert.match(doc, /^```yaml title="nodekeeper.yaml"$/m);
  assert.match(doc, /\]\(\.\/yaml\.md#[^)]+\)/);
  assert.match(
    doc,
    /<Tabs groupId="[^"]+">\n\s*<TabItem value="[^"]+" label="[^"]+">\n\n```yaml/,
  );
  assert.match(doc, /^import Tabs from '@theme\/Tabs';$/m);
  assert.deepEqual(
    prose(doc).filter((line) => /^# /.test(line)),
    ['# A long doc'],
  );
});

test('every heading of the long doc has an anchor of its own, and every link to one of them finds it', () => {
  const doc = longDoc(pages);
  const found = anchors(doc);
  // More than one round of the pages: their headings repeat.
  const once = anchors(pages.map(({markdown}) => markdown).join('\n')).length;
  assert.ok(
    found.length > once,
    `${found.length} anchors, ${once} in one round`,
  );
  assert.deepEqual(
    found.filter((anchor, index) => found.indexOf(anchor) !== index),
    [],
  );
  const links = [...doc.matchAll(/\]\(#([^)\s]+)\)/g)].map(
    ([, anchor]) => anchor,
  );
  assert.ok(links.length > 0);
  assert.deepEqual(
    links.filter((anchor) => !found.includes(anchor)),
    [],
  );
});

test('a page part marks its headings and its own links, and leaves code and links to other pages alone', () => {
  const page = `---
title: A page
---

import Thing from '@site/src/components/Thing';

export const value = 1;

# A page

## First steps

See [below](#the-key) and [the reference](./yaml.md#nodes).

\`\`\`yaml
# not a heading
key: value
\`\`\`

### The key {#the-key}
`;
  const first = pagePart(page, 2, true);
  assert.deepEqual(first.imports, [
    "import Thing from '@site/src/components/Thing';",
  ]);
  assert.equal(
    first.body,
    `export const value = 1;

## First steps (part 2)

See [below](#the-key-part-2) and [the reference](./yaml.md#nodes).

\`\`\`yaml
# not a heading
key: value
\`\`\`

### The key (part 2) {#the-key-part-2}`,
  );
  assert.doesNotMatch(pagePart(page, 5, false).body, /export const/);
});

test('the short doc has about 300 words and the same Tabs as the long one', () => {
  const short = shortDoc();
  assert.ok(
    words(short) >= 250 && words(short) <= 400,
    `${words(short)} words`,
  );
  const tabs = /<Tabs[\s\S]*<\/Tabs>/;
  assert.equal(tabs.exec(short)?.[0], tabs.exec(longDoc(pages))?.[0]);
});

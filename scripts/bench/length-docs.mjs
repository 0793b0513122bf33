// Two docs for the doc-length figures, added to a copy of the site beside its
// Projects pages: a long one (the Projects pages one after another, several
// times over, with their tables, code blocks and links) and a short one of
// about 300 words; both end with the same Tabs block with code inside and a
// <details>, so that the two differ in length only. A third doc is the short
// one without that block, for what Tabs and details cost a page. Each copy of a page has its headings marked
// "(part N)", which keeps every anchor unique, and its links to its own
// headings follow them; its links to other pages go to the site's pages.
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {addSidebarCategory} from './scale-site.mjs';

/** How many words the long doc has at least. */
export const longDocWords = 20_000;

/** The two docs, as ids under docs/ (their routes are /docs/<id>). */
export const lengthDocIds = {
  long: 'projects/bench-long-doc',
  short: 'projects/bench-short-doc',
  plain: 'projects/bench-plain-doc',
};

/**
 * Words in Markdown, counted as `wc -w` counts them.
 * @param {string} text
 */
export function wordCount(text) {
  return text.split(/\s+/).filter(Boolean).length;
}

const tabsImports = `import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';`;

const tabs = `## The project file and its check

<Tabs groupId="bench-project-file">
  <TabItem value="file" label="nodekeeper.yaml">

\`\`\`yaml title="nodekeeper.yaml"
version: 1
project: bench
nodes:
  - name: eth-main-1
    chain: ethereum
    url: https://eth-main-1.example.com
    bundles: [evm-rpc@2]
\`\`\`

  </TabItem>
  <TabItem value="check" label="Check it">

\`\`\`bash
nodekeeper validate --file nodekeeper.yaml
\`\`\`

  </TabItem>
</Tabs>

<details>
<summary>What the check reports</summary>

Each mistake with the line it is on, and a last line that counts them. It
changes nothing, whatever it finds.

</details>
`;

/**
 * A page's Markdown as the n-th part of the long doc: no front matter and no
 * h1, its imports apart (they go to the top of the doc), its exports only in
 * its first part, each heading marked "(part n)" and each link to one of its
 * own headings following it. Code blocks stay as they are.
 * @param {string} markdown
 * @param {number} part
 * @param {boolean} firstOfPage
 */
export function pagePart(markdown, part, firstOfPage) {
  /** @type {string[]} */
  const imports = [];
  /** @type {string[]} */
  const lines = [];
  /** @type {string | null} */
  let fence = null;
  // A blank line after a line left out goes with it.
  let droppedLast = false;
  for (const line of markdown
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .split('\n')) {
    const afterDropped = droppedLast;
    droppedLast = false;
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length)
        fence = null;
      lines.push(line);
      continue;
    }
    if (marker) {
      fence = marker;
      lines.push(line);
      continue;
    }
    if (line === '' && afterDropped) continue;
    if (/^import\s/.test(line)) imports.push(line);
    // The doc has an h1 of its own.
    if (
      /^import\s/.test(line) ||
      (/^export\s/.test(line) && !firstOfPage) ||
      /^#\s/.test(line)
    ) {
      droppedLast = true;
      continue;
    }
    const heading = /^(#{2,6}\s+.*?)(\s+\{#([^}]+)\})?\s*$/.exec(line);
    if (heading) {
      lines.push(
        `${heading[1]} (part ${part})${heading[3] ? ` {#${heading[3]}-part-${part}}` : ''}`,
      );
      continue;
    }
    lines.push(
      line.replace(
        /\]\(#([^)\s]+)\)/g,
        (_, anchor) => `](#${anchor}-part-${part})`,
      ),
    );
  }
  return {imports, body: lines.join('\n').trim()};
}

/**
 * The long doc: `pages` ({name, markdown}, in order) one after another, as
 * many times over as it takes to reach `words`, with the Tabs block after the
 * first page.
 * @param {{name: string, markdown: string}[]} pages
 * @param {number} [words]
 */
export function longDoc(pages, words = longDocWords) {
  if (pages.length === 0)
    throw new Error('the long doc needs at least one page to repeat');
  const imports = new Set(tabsImports.split('\n'));
  /** @type {string[]} */
  const parts = [];
  let count = 0;
  for (let part = 1; count < words; part += 1) {
    const page = pages[(part - 1) % pages.length];
    const {imports: pageImports, body} = pagePart(
      page.markdown,
      part,
      part <= pages.length,
    );
    for (const line of pageImports) imports.add(line);
    parts.push(body);
    if (part === 1) parts.push(tabs);
    count += wordCount(body);
  }
  return `---
title: A long doc
description: The Projects pages several times over, for the bench's doc-length figures.
---

${[...imports].join('\n')}

# A long doc

${parts.join('\n\n')}
`;
}

/**
 * The short doc: about 300 words, with a table, a code block, links and the
 * same Tabs and details block; with `plain`, without that block.
 */
export function shortDoc({plain = false} = {}) {
  return `---
title: ${plain ? 'A plain doc' : 'A short doc'}
description: A doc of about 300 words, for the bench's doc-length figures.
---

${plain ? '' : tabsImports}

# ${plain ? 'A plain doc' : 'A short doc'}

This page is short on purpose. It has about three hundred words, one table,
one code block, a few links and the same tabs as the long page beside it, so
that what differs between the two pages is their length alone. A reader who
opens it should download the same scripts as on the long page and wait for
them just as long.

A project is what you manage in Nodekeeper. You describe it in a file, and the
file is the source of truth: applying it makes the live project match it. The
[Projects overview](./intro.md) explains what a project holds, and the
[bundles page](./bundles.md) lists the checks that come with each bundle.

## What the file holds

| part | key | where to read more |
| --- | --- | --- |
| The nodes to monitor | \`nodes\` | [the reference](./yaml.md) |
| The checks they run | \`bundles\` | [Bundles](./bundles.md) |
| Where alerts go | \`channels\` | [the reference](./yaml.md) |

Each node names its chain and its endpoint. A bundle adds the checks that suit
that kind of node, with thresholds you may change one by one. A channel says
where an alert goes, and an alert rule says which checks notify which
channels.

## Check the file

Before you apply a change, check it. The command reads the file and reports
every mistake it finds, with the line it is on, and changes nothing:

\`\`\`bash
nodekeeper validate --file nodekeeper.yaml
\`\`\`

It exits with status 0 when the file is valid and 1 when it is not, so that a
review can run it on every change. A valid file can still be refused when it
is applied, for instance when a channel it names has no secret yet.

${plain ? '' : tabs}`;
}

/**
 * The published Projects pages of the site in `dir`, in name order.
 * @param {string} dir
 */
export function projectPages(dir) {
  const projects = path.join(dir, 'docs/projects');
  return readdirSync(projects)
    .filter((name) => /\.mdx?$/.test(name))
    .sort()
    .map((name) => ({
      name,
      markdown: readFileSync(path.join(projects, name), 'utf8'),
    }))
    .filter(({markdown}) => !/^draft: true$/m.test(markdown));
}

/**
 * Adds the long, the short and the plain doc to the site copy in `dir`, beside its
 * Projects pages (docs/projects, drafts left out), and a sidebar category
 * listing them; returns the number of words of each.
 * @param {string} dir
 */
export function addLengthDocs(dir) {
  const pages = projectPages(dir);
  const long = longDoc(pages);
  const short = shortDoc();
  for (const [id, text] of [
    [lengthDocIds.long, long],
    [lengthDocIds.short, short],
    [lengthDocIds.plain, shortDoc({plain: true})],
  ]) {
    const file = path.join(dir, 'docs', `${id}.mdx`);
    mkdirSync(path.dirname(file), {recursive: true});
    writeFileSync(file, text);
  }
  addSidebarCategory(dir, {
    type: 'category',
    label: 'Doc length',
    items: Object.values(lengthDocIds),
  });
  return {long: wordCount(long), short: wordCount(short)};
}

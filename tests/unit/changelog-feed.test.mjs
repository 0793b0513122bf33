import assert from 'node:assert/strict';
import {test} from 'node:test';
import {
  atomFeed,
  dateIn,
  releases,
} from '../../plugins/outputs/changelog-feed/feed.mjs';

const changelog = `# Changelog

Intro.

## CLI

### 1.1, 15 October 2024

- \`discord\` channels, see [Channels](https://docs.example/docs/channels).

### 1.0, 3 September 2024 {#first}

The first release.

\`\`\`text
### 9.9, 1 January 2030
\`\`\`

## Built-in bundles

| Bundle version | Published | What changed |
| --- | --- | --- |
| \`evm-rpc@2\` | 20 January 2025 | Adds \`peers\`. |
`;

test('a date in a heading or a cell is read at midnight UTC', () => {
  assert.equal(
    dateIn('1.4, 7 April 2025')?.toISOString(),
    '2025-04-07T00:00:00.000Z',
  );
  assert.equal(dateIn('No date'), undefined);
});

test('each dated heading and table row is a release, newest first, with its anchor', () => {
  assert.deepEqual(
    releases(changelog).map(({title, anchor, key, date, content}) => ({
      title,
      anchor,
      key,
      date: date.toISOString().slice(0, 10),
      content,
    })),
    [
      {
        title: 'Built-in bundles: evm-rpc@2',
        anchor: 'built-in-bundles',
        key: 'built-in-bundles-evm-rpc@2',
        date: '2025-01-20',
        content: 'Adds peers.',
      },
      {
        title: 'CLI 1.1',
        anchor: '11-15-october-2024',
        key: '11-15-october-2024',
        date: '2024-10-15',
        content:
          '- `discord` channels, see [Channels](https://docs.example/docs/channels).',
      },
      {
        title: 'CLI 1.0',
        anchor: 'first',
        key: 'first',
        date: '2024-09-03',
        content: 'The first release.\n\n```text\n### 9.9, 1 January 2030\n```',
      },
    ],
  );
});

test('the feed has what RFC 4287 requires, its text escaped', () => {
  const feed = atomFeed({
    title: 'Nodekeeper changelog',
    subtitle: 'Releases & more',
    author: 'Nodekeeper',
    authorUrl: 'https://docs.example/',
    feedUrl: 'https://docs.example/changelog.atom',
    pageUrl: 'https://docs.example/docs/changelog',
    language: 'en',
    updated: new Date(Date.UTC(2025, 0, 1)),
    releases: releases(changelog),
  });
  assert.match(
    feed,
    /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom" xml:lang="en">/,
  );
  assert.match(feed, /<id>https:\/\/docs.example\/changelog.atom<\/id>/);
  assert.match(feed, /<subtitle>Releases &amp; more<\/subtitle>/);
  // The newest date of all: the doc's last change or a release's.
  assert.match(feed, /^ {2}<updated>2025-01-20T00:00:00.000Z<\/updated>$/m);
  assert.match(feed, /<author><name>Nodekeeper<\/name>/);
  assert.match(
    feed,
    /<link rel="self" type="application\/atom\+xml" href="https:\/\/docs.example\/changelog.atom"\/>/,
  );
  const entries = feed.split('<entry>').slice(1);
  assert.equal(entries.length, 3);
  for (const entry of entries)
    for (const element of ['id', 'title', 'updated', 'link rel="alternate"'])
      assert.match(entry, new RegExp(`<${element}`));
  assert.match(
    entries[1],
    /<link rel="alternate" type="text\/html" href="https:\/\/docs.example\/docs\/changelog#11-15-october-2024"\/>/,
  );
});

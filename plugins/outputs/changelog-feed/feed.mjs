// The changelog as an Atom feed (RFC 4287), read from the changelog doc's
// Markdown: an entry for each heading that ends in a date ("### 1.4, 7 April
// 2025") and for each row of a table with a date in a cell (a bundle
// version), each linking to its section of the page.
import {createSlugger} from '@docusaurus/utils';

const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const datePattern = new RegExp(
  `\\b(\\d{1,2}) (${months.join('|')}) (\\d{4})\\b`,
  'i',
);

/**
 * The date a text names, such as "7 April 2025", at midnight UTC.
 * @param {string} text
 */
export function dateIn(text) {
  const [, day, month, year] = datePattern.exec(text) ?? [];
  if (!day) return undefined;
  return new Date(
    Date.UTC(Number(year), months.indexOf(month.toLowerCase()), Number(day)),
  );
}

/** @param {string} text */
const plain = (text) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`|\*\*/g, '')
    .trim();

/**
 * @typedef {{title: string, date: Date, anchor: string, key: string, content: string}} Release
 */

/**
 * The releases the changelog's Markdown lists, newest first: each dated
 * heading, with the text under it, and each table row with a date, with the
 * heading above the table as its anchor.
 * @param {string} markdown
 * @returns {Release[]}
 */
export function releases(markdown) {
  const slugger = createSlugger();
  /** @type {Release[]} */
  const found = [];
  /** @type {{text: string, anchor: string}[]} */
  const headings = [];
  /** @type {Release | undefined} */
  let open;
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const depth = heading[1].length;
      const explicitId = /\s*\{#([^}]+)\}$/.exec(heading[2]);
      const text = heading[2].slice(0, explicitId?.index);
      const anchor = explicitId?.[1] ?? slugger.slug(plain(text));
      headings.length = depth - 1;
      headings[depth - 1] = {text: plain(text), anchor};
      open = undefined;
      const date = dateIn(text);
      if (date) {
        const parent = headings.slice(0, depth - 1).at(-1)?.text;
        const name = plain(text).split(',')[0];
        open = {
          title: parent && depth > 2 ? `${parent} ${name}` : name,
          date,
          anchor,
          key: anchor,
          content: '',
        };
        found.push(open);
      }
      continue;
    }
    if (open) {
      open.content += `${line}\n`;
      continue;
    }
    const cells = /^\|(.*)\|\s*$/.exec(line)?.[1].split('|').map(plain);
    const date = cells?.map(dateIn).find(Boolean);
    const section = headings.filter(Boolean).at(-1);
    if (cells && date && section)
      found.push({
        title: `${section.text}: ${cells[0]}`,
        date,
        anchor: section.anchor,
        key: `${section.anchor}-${cells[0].toLowerCase().replace(/[^\w@.]+/g, '-')}`,
        content: cells
          .slice(1)
          .filter((cell) => !dateIn(cell))
          .join('\n\n'),
      });
  }
  for (const release of found) release.content = release.content.trim();
  return found.sort((a, b) => b.date.getTime() - a.date.getTime());
}

/** @param {string} text */
const xml = (text) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/**
 * The Atom feed of `releases`, those of the page at `pageUrl`.
 * @param {{
 *   title: string, subtitle: string, author: string, authorUrl: string,
 *   feedUrl: string, pageUrl: string, language: string, updated?: Date,
 *   releases: Release[],
 * }} feed
 */
export function atomFeed({
  title,
  subtitle,
  author,
  authorUrl,
  feedUrl,
  pageUrl,
  language,
  updated,
  releases: entries,
}) {
  const newest = Math.max(
    updated?.getTime() ?? 0,
    ...entries.map((entry) => entry.date.getTime()),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xml(language)}">`,
    `  <id>${xml(feedUrl)}</id>`,
    `  <title>${xml(title)}</title>`,
    `  <subtitle>${xml(subtitle)}</subtitle>`,
    `  <updated>${new Date(newest).toISOString()}</updated>`,
    `  <author><name>${xml(author)}</name><uri>${xml(authorUrl)}</uri></author>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(feedUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xml(pageUrl)}"/>`,
    ...entries.map((entry) =>
      [
        '  <entry>',
        `    <id>${xml(`${pageUrl}#${entry.key}`)}</id>`,
        `    <title>${xml(entry.title)}</title>`,
        `    <published>${entry.date.toISOString()}</published>`,
        `    <updated>${entry.date.toISOString()}</updated>`,
        `    <link rel="alternate" type="text/html" href="${xml(`${pageUrl}#${entry.anchor}`)}"/>`,
        `    <content type="text">${xml(entry.content)}</content>`,
        '  </entry>',
      ].join('\n'),
    ),
    '</feed>',
    '',
  ].join('\n');
}

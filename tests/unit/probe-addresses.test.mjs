import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {
  probeAddressesFile,
  probeAddressesJson,
  probeRangePages,
  probeRanges,
  regions,
  withProbeRanges,
} from '../docs/facts.mjs';
import {readMarkdown, section, tableRows} from '../docs/markdown.mjs';

// The probe ranges are written once, in src/facts/regions.json: the Regions
// table, the firewall recipes and the published JSON are rendered from it.
const published = JSON.parse(readFileSync(probeAddressesFile, 'utf8'));

test(`${probeAddressesFile} is the one src/facts/regions.json renders`, () => {
  assert.equal(
    readFileSync(probeAddressesFile, 'utf8'),
    probeAddressesJson(),
    'run npm run write:facts',
  );
});

test('the Regions table and the published JSON list the same ranges, region by region', () => {
  const rows = tableRows(
    section(readMarkdown('docs/projects/yaml.md'), 'Regions') ?? [],
  ).filter((cells) => cells[0].startsWith('`'));
  /** @param {string} cell */
  const ranges = (cell) => cell.replace(/`/g, '').split(', ');
  assert.deepEqual(
    rows.map((cells) => ({
      region: cells[0].replace(/`/g, ''),
      ipv4: ranges(cells[2]),
      ipv6: ranges(cells[3]),
    })),
    published.regions,
  );
  assert.deepEqual(
    [...published.prefixes].sort(),
    published.regions
      .flatMap((/** @type {{ipv4: string[], ipv6: string[]}} */ region) => [
        ...region.ipv4,
        ...region.ipv6,
      ])
      .sort(),
  );
  assert.equal(published.noticeDays, regions.noticeDays);
});

test('the pages link the published JSON and give the notice the facts give', () => {
  const reference = readMarkdown('docs/projects/yaml.md');
  assert.match(reference, /\(pathname:\/\/\/probe-addresses\.json\)/);
  assert.match(
    readMarkdown('docs/operations/exposing-nodes.md'),
    new RegExp(
      `announced by email to every project owner at least ${regions.noticeDays} days before`,
    ),
  );
});

for (const file of probeRangePages) {
  test(`${file}: its firewall recipes list the ranges src/facts renders`, () => {
    const text = readMarkdown(file);
    assert.equal(withProbeRanges(text), text, 'run npm run write:facts');
  });
}

test('a recipe with a stale range is found, and written back', () => {
  const file = probeRangePages[0];
  const text = readMarkdown(file);
  const [first] = probeRanges();
  const stale = text.replaceAll(first, '192.0.2.128/26');
  assert.notEqual(stale, text);
  assert.equal(withProbeRanges(stale), text);
});

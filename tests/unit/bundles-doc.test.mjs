import assert from 'node:assert/strict';
import {test} from 'node:test';
import {
  readMarkdown,
  section,
  sectionIntro,
  tableRows,
} from '../docs/markdown.mjs';
import {builtinBundles} from '../docs/project-file.mjs';

// The thresholds the bundles page shows are the ones the checker resolves
// bundle references with (tests/docs/builtin-bundles.json).
const bundlesFile = 'docs/projects/bundles.md';
const page = readMarkdown(bundlesFile);
const thresholdKinds = ['latency', 'block_lag', 'peers'];

const latestVersions = () => {
  const latest = new Map();
  for (const reference of Object.keys(builtinBundles)) {
    const [name, version] = reference.split('@');
    if (
      !latest.has(name) ||
      Number(version) > Number(latest.get(name).split('@')[1])
    ) {
      latest.set(name, reference);
    }
  }
  return [...latest.values()];
};

test(`${bundlesFile} lists every built-in bundle with its latest version`, () => {
  const intro = sectionIntro(page, 'Built-in bundles');
  assert.ok(intro, `${bundlesFile}: no "Built-in bundles" section`);
  /** @type {string[][]} */
  const rows = tableRows(intro);
  const listed = rows.map((cells) => cells[2].replace(/`/g, ''));
  assert.deepEqual(listed.sort(), latestVersions().sort());
});

test(`the thresholds table of ${bundlesFile} matches the built-in bundles`, () => {
  /** @type {string[] | null} */
  const lines = section(page, 'Checks and thresholds');
  assert.ok(lines, `${bundlesFile}: no "Checks and thresholds" section`);
  const header = lines.find((line) => line.startsWith('| Check |'));
  assert.ok(
    header,
    `${bundlesFile}: the "Checks and thresholds" section has no table`,
  );
  const columns = header
    .split('|')
    .slice(2, -1)
    .map((cell) => cell.trim().replace(/`/g, ''));
  assert.deepEqual(
    columns.sort(),
    latestVersions().sort(),
    'one column per latest bundle version',
  );

  /** @type {string[]} */
  const problems = [];
  const kinds = new Set(
    Object.values(builtinBundles).flatMap((bundle) =>
      Object.keys(bundle.checks),
    ),
  );
  /** @type {string[][]} */
  const rows = tableRows(lines);
  for (const cells of rows) {
    const kind = cells[0].match(/^`(\w+)`/)?.[1];
    assert.ok(kind, `${bundlesFile}: "${cells[0]}" does not name a check`);
    kinds.delete(kind);
    header
      .split('|')
      .slice(2, -1)
      .forEach((column, index) => {
        const reference = column.trim().replace(/`/g, '');
        const check = builtinBundles[reference].checks[kind];
        const cell = cells[index + 1];
        const expected = !check
          ? '—'
          : thresholdKinds.includes(kind)
            ? `\`${check.warn}\` / \`${check.critical}\``
            : null;
        if (expected ? cell !== expected : cell === '—') {
          problems.push(
            `${kind} in ${reference}: the page shows "${cell}", the bundle has ${JSON.stringify(check ?? 'no such check')}`,
          );
        }
      });
  }
  assert.deepEqual(
    [...kinds],
    [],
    'a check some bundle has is missing from the table',
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

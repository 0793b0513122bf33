import assert from 'node:assert/strict';
import {test} from 'node:test';
import {mergedRows, tableOf} from '../../scripts/bench/report.mjs';

/**
 * @param {string} reference
 * @param {string} ratio
 * @param {string} target
 * @param {boolean | null} met
 */
const navigation = (reference, ratio, target, met) => ({
  figure: 'navigation',
  value: '318 ms',
  reference,
  ratio,
  target,
  met,
});

test('a figure measured beside the site at a ref and beside stock is one row holding both references, with both targets', () => {
  const rows = mergedRows([
    navigation('site at 0fa46a9 429 ms', '0.74', '', null),
    navigation('stock 735 ms', '0.43', '≤ 0.5 × stock', true),
  ]);
  assert.deepEqual(rows, [
    {
      ...navigation('stock 735 ms', '0.43', '≤ 0.5 × stock', true),
      before: 'site at 0fa46a9 429 ms',
      beforeRatio: '0.74',
    },
  ]);
});

test('a figure beside the site at a ref alone keeps its reference in the before column', () => {
  const table = tableOf([
    navigation('site at 0fa46a9 429 ms', '0.74', '', null),
  ]).split('\n');
  assert.equal(table.length, 3);
  assert.match(table[0] ?? '', /before \(site at REF\)/);
  assert.equal(
    table[2],
    '| navigation | 318 ms | — | — | — | — | site at 0fa46a9 429 ms | 0.74 |',
  );
});

test('without a ref, the table has no before columns and each row as measured', () => {
  const table = tableOf([
    navigation('stock 735 ms', '0.43', '≤ 0.5 × stock', false),
  ]);
  assert.equal(
    table,
    [
      '| figure | measured | reference | ratio | target | met |',
      '| --- | --- | --- | --- | --- | --- |',
      '| navigation | 318 ms | stock 735 ms | 0.43 | ≤ 0.5 × stock | **no** |',
    ].join('\n'),
  );
});

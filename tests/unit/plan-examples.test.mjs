import assert from 'node:assert/strict';
import {test} from 'node:test';
import {codeBlocks, markdownFiles, readMarkdown} from '../docs/markdown.mjs';

// A plan the docs show is one the service would print: each line that
// loosens alerting is marked `!`, and its last line counts them, so that a
// reader who learns to read plans from the docs never learns to skip one.

/** The plans the docs show: text blocks that end with the loosening count. */
const plans = markdownFiles('docs').flatMap((file) =>
  codeBlocks(readMarkdown(file))
    .filter(
      (block) =>
        block.lang === 'text' &&
        /^loosens alerting: \d+ changes?$/m.test(block.code),
    )
    .map((block) => ({file, line: block.line, code: block.code})),
);

/** Whether a changed value of a plan line lets a check alert later or less. */
const loosened = [
  // A higher warn or critical of latency or block_lag, a higher after.
  /checks\.(?:latency|block_lag)\.(?:warn|critical): (\d+)(?:ms|s)? -> (\d+)(?:ms|s)?$/,
  /^\s*after: (\d+) -> (\d+)$/,
];
const tightenedIfHigher = /checks\.peers\.(?:warn|critical): (\d+) -> (\d+)$/;

/**
 * The lines of a plan that loosen alerting by the rules of An apply that
 * loosens alerting, and whether each is marked.
 * @param {string} code
 */
function judge(code) {
  return code.split('\n').flatMap((line) => {
    const marked = line.startsWith('!');
    const body = line.slice(1);
    const raised = loosened
      .map((pattern) => body.match(pattern))
      .find((match) => match && Number(match[2]) > Number(match[1]));
    const lowered = body.match(tightenedIfHigher);
    const loosens =
      Boolean(raised) ||
      Boolean(lowered && Number(lowered[2]) < Number(lowered[1])) ||
      /^\s*- (?:node|channel|alert|check) /.test(body);
    return loosens ? [{line, marked}] : [];
  });
}

test('the docs show plans that loosen alerting', () => {
  assert.ok(plans.length >= 2, plans.map(({file}) => file).join(', '));
});

test('every plan the docs show marks each loosening line and counts the marks', () => {
  for (const {file, line, code} of plans) {
    const marks = code.split('\n').filter((row) => row.startsWith('!')).length;
    const count = Number(
      code.match(/^loosens alerting: (\d+) changes?$/m)?.[1],
    );
    assert.equal(
      count,
      marks,
      `${file}:${line}: counts ${count}, marks ${marks}`,
    );
    for (const {line: row, marked} of judge(code))
      assert.ok(
        marked,
        `${file}:${line}: "${row.trim()}" loosens alerting, unmarked`,
      );
  }
});

test('a raised block_lag threshold left unmarked is found', () => {
  assert.deepEqual(
    judge('  ~ node eth-mainnet-1\n      checks.block_lag.warn: 3 -> 5'),
    [{line: '      checks.block_lag.warn: 3 -> 5', marked: false}],
  );
  assert.deepEqual(judge('      checks.block_lag.warn: 5 -> 3'), []);
  assert.deepEqual(judge('!     checks.peers.warn: 10 -> 3').length, 1);
});

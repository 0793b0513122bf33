// How a doc's blocks are laid out in turn after a first load
// (packages/static-content/runtime/layout.ts): how long a task may take, and
// how many elements the next task takes, learnt from the task before.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {importTypeScript} from '../../../tests/support/typescript-module.mjs';

const {taskBudget, nextBatchElements, intrinsicSize} = await importTypeScript(
  'packages/static-content/runtime/layout.ts',
);

test('a task is given 8 ms, or as long as the frames between tasks take, up to 32 ms', () => {
  assert.equal(taskBudget(undefined), 8);
  assert.equal(taskBudget(3), 8);
  assert.equal(taskBudget(20), 20);
  assert.equal(taskBudget(45), 32);
});

test('a block keeps its height while skipped, and a height a hair below zero (a box that is all padding, rounded) is kept as zero rather than voiding the value', () => {
  assert.equal(intrinsicSize(52.78), 'auto 52.78px');
  assert.equal(intrinsicSize(0), 'auto 0px');
  assert.equal(intrinsicSize(-0.0005), 'auto 0px');
});

test('the next task takes more elements when the last fell short of its budget, fewer when it went past, within half as many again and half as many', () => {
  assert.equal(nextBatchElements(100, 8, 8), 100);
  assert.equal(nextBatchElements(100, 6, 8), 100 * (8 / 6));
  assert.equal(nextBatchElements(100, 2, 32), 150);
  assert.equal(nextBatchElements(100, 12, 8), 100 * (8 / 12));
  assert.equal(nextBatchElements(100, 80, 8), 50);
});

test('on a slow phone, where a layout costs a part that no batch makes smaller, batches grow to fill the budget rather than shrinking to one block', () => {
  // A layout of n elements costing 20 ms plus 0.05 ms an element, with 30 ms
  // frames between tasks: four times a fast computer's cost.
  const layout = (/** @type {number} */ elements) => 20 + 0.05 * elements;
  const budget = taskBudget(30);
  let elements = 10;
  for (let task = 0; task < 20; task += 1)
    elements = nextBatchElements(elements, layout(elements), budget);
  assert.ok(layout(elements) <= budget + 1, `${layout(elements)} ms a task`);
  assert.ok(elements > 150, `${Math.round(elements)} elements a task`);
});

test('a task that takes no time at all does not make the next one endless', () => {
  assert.equal(nextBatchElements(40, 0, 8), 60);
});

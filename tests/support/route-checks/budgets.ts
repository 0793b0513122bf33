// What a route transfers on its first load stays within the budgets of
// tools/page-weight.mjs; sizes are the gzip sizes of what is served, the same
// on every run. Over budget, the message names the route and its files, those
// that grew most since the recorded baseline (npm run bench records it) first.
import path from 'node:path';
import {expect} from '../test';
import {budgets, kb, withoutHash} from '../../../tools/page-weight.mjs';
import type {FirstLoad, LoadedFile} from '../../../tools/page-weight.mjs';
import baseline from '../../../tools/page-weight-baseline.json';

function explain(route: string, kind: string, files: LoadedFile[]): string {
  const before: Record<string, number> =
    (baseline as Record<string, Record<string, number>>)[route] ?? {};
  return files
    .filter((file) => file.kind === kind)
    .map((file) => ({
      ...file,
      growth: file.bytes - (before[withoutHash(file.path)] ?? 0),
    }))
    .sort((a, b) => b.growth - a.growth)
    .map(
      ({path: file, bytes, growth}) =>
        `${file}: ${kb(bytes)} KB (${growth >= 0 ? '+' : ''}${kb(growth)} KB since the baseline)`,
    )
    .join('\n');
}

/**
 * `route`'s first load within the JavaScript, CSS, image and font budgets,
 * and no code highlighter: code is highlighted when the site is built, so no
 * route loads Prism (its tokenizer).
 */
export function expectWithinBudgets(route: string, load: FirstLoad): void {
  for (const kind of ['javascript', 'css'] as const) {
    expect(
      load[kind] / 1024,
      `${route} transfers ${kb(load[kind])} KB of ${kind}, over its ${budgets[kind]} KB budget:\n${explain(route, kind, load.files)}`,
    ).toBeLessThanOrEqual(budgets[kind]);
  }
  for (const image of load.files.filter((file) => file.kind === 'image')) {
    expect(
      image.bytes / 1024,
      `${route} loads ${image.path} of ${kb(image.bytes)} KB`,
    ).toBeLessThanOrEqual(budgets.image);
  }
  expect(
    load.files.filter((file) => file.kind === 'font'),
    `${route} loads fonts: the site uses the system's`,
  ).toEqual([]);
  // The budgets count what matters, so the measure must see it: main.js at least.
  expect(
    load.files.map((file) => withoutHash(path.basename(file.path))),
  ).toContain('main.js');
  for (const script of load.files.filter(
    (file) => file.kind === 'javascript',
  )) {
    expect(script.body.toString('utf8'), script.path).not.toContain('tokenize');
  }
}

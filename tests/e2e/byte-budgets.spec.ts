import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {test, expect, routes, settled} from '../support/test';
import {
  budgets,
  kb,
  measureFirstLoad,
  transferSize,
  withoutHash,
} from '../../tools/page-weight.mjs';
import baseline from '../../tools/page-weight-baseline.json';

// What each route transfers on its first load stays within the budgets of
// tools/page-weight.mjs; sizes are the gzip sizes of what is served, the same on every run.
// Over budget, the message names the route and its files, those that grew
// most since the recorded baseline (npm run bench records it) first.

type File = {kind: string; path: string; bytes: number};

function explain(route: string, kind: string, files: File[]): string {
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

// Code is highlighted when the site is built: no route loads Prism (its tokenizer).
for (const {path: route} of routes) {
  test(`${route} first loads within the JavaScript, CSS, image and font budgets, and no code highlighter`, async ({
    page,
  }) => {
    const load = await measureFirstLoad(page, route, settled);
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
      expect(script.body.toString('utf8'), script.path).not.toContain(
        'tokenize',
      );
    }
  });
}

test('no image the site ships is over the image budget', () => {
  const images = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory()
        ? images(file)
        : /\.(?:png|jpe?g|gif|webp|avif|svg|ico)$/.test(name)
          ? [file]
          : [];
    });
  const found = images('build');
  expect(found.length).toBeGreaterThan(0);
  for (const image of found) {
    const bytes = transferSize(image, readFileSync(image));
    expect(bytes / 1024, `${image} is ${kb(bytes)} KB`).toBeLessThanOrEqual(
      budgets.image,
    );
  }
});

// react-router imports react-is and hoist-non-react-statics for what a
// production build of the site never calls (plugins/pure-packages).
test('the main bundle leaves out react-is and hoist-non-react-statics', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const main = /src="([^"]*\/main\.[0-9a-f]{8}\.js)"/.exec(html)?.[1];
  expect(main, 'the main bundle named in the HTML').toBeDefined();
  const code = await (await request.get(main!)).text();
  // react-is's type for React's old async mode; hoist-non-react-statics's
  // list of the statics of React's components.
  expect(code).not.toContain('react.async_mode');
  expect(code).not.toContain('childContextTypes:!0,contextType:!0');
});

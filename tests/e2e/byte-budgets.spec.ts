import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '../support/test';
import {budgets, kb, transferSize} from '../../tools/page-weight.mjs';

// What each route's first load transfers is held to the budgets of
// tools/page-weight.mjs by its test in routes.spec.ts, on the route's one
// load (tests/support/route-checks/budgets.ts). Here: what the build ships.

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
// production build of the site never calls (plugins/bundle-trims).
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

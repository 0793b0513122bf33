import {readFileSync} from 'node:fs';
import type {Locator, Page} from '@playwright/test';
import {test, expect, gotoHydrated} from '../support/test';
import {servers} from '../support/servers';
import {buildLog, builds} from '../support/builds.mjs';

// A site's own theme decides what of a doc's content runs in the browser
// (packages/static-content/theme.mjs): the fixtures' theme wraps Heading,
// Admonition and the MDX components' Img with controls that keep state, and
// maps the quote to a component with hooks; each works in production as it
// does in stock, on a first load and after a client-side navigation.

test.use({baseURL: servers.fixtures.url});
const doc = '/docs/theme-islands/stateful-theme';

/** The control named `name`, once its island has rendered in the browser. */
async function liveControl(page: Page, name: string): Promise<Locator> {
  const control = page.getByRole('button', {name});
  await control.scrollIntoViewIfNeeded();
  await expect(
    page.locator('nk-island', {has: control}).last(),
  ).toHaveAttribute('data-live');
  return control;
}

/** Clicks each of the theme's controls on the doc and sees its state change. */
async function clickEachControl(page: Page): Promise<void> {
  const pin = await liveControl(page, 'Pin a-pinned-heading');
  await expect(pin).toHaveAttribute('aria-pressed', 'false');
  await pin.click();
  await expect(pin).toHaveAttribute('aria-pressed', 'true');

  const collapse = await liveControl(page, 'Collapse the admonition');
  await expect(page.getByText('Prose in the note.')).toBeVisible();
  await collapse.click();
  await expect(collapse).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Prose in the note.')).toBeHidden();

  const zoom = await liveControl(page, 'Zoom the image');
  await zoom.click();
  await expect(zoom).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('img', {name: 'A diagram of the fixtures'}),
  ).toBeVisible();

  const mark = await liveControl(page, 'Mark the quote');
  await mark.click();
  await expect(mark).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByText("A quote the fixtures' MDX components mark."),
  ).toBeVisible();
}

test('a swizzle with state of Heading, Admonition and Img, and an MDX components entry with hooks, run on a first load, their text kept', async ({
  page,
}) => {
  const response = await page.goto(doc);
  const built = await response!.text();
  // The text is the build's, as for any static content.
  expect(built).toContain('data-static-content');
  expect(built).toContain('Prose in the note.');
  await gotoHydrated(page, doc);
  await clickEachControl(page);
});

test('they run after a client-side navigation to the doc', async ({page}) => {
  await gotoHydrated(page, '/docs/intro');
  let documentLoads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest()) documentLoads += 1;
  });
  await page.locator('[data-static-content]').evaluate((content, href) => {
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.textContent = 'to the theme islands';
    content.append(anchor);
  }, doc);
  await page.getByRole('link', {name: 'to the theme islands'}).click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(
    'Theme islands',
  );
  await clickEachControl(page);
  expect(documentLoads).toBe(0);
});

test('the build names each component it cannot prove static, and the file that maps it, once', () => {
  const fixtures = builds.find(({fixtures: withFixtures}) => withFixtures)!;
  const log = readFileSync(buildLog(fixtures), 'utf8');
  for (const expected of [
    '[WARNING] src/theme/Heading/index.tsx (@theme/Heading): it is not a component the split knows to be static, and the MDX components render it for h1, h2, h3, h4, h5, h6',
    '[WARNING] src/theme/Admonition/index.tsx (@theme/Admonition): it is not a component the split knows to be static, and the MDX components render it for admonition',
    '[WARNING] src/theme/MDXComponents/Img/index.tsx (@theme/MDXComponents/Img): it is not a component the split knows to be static, and the MDX components render it for img',
    '[WARNING] src/theme/MDXComponents.tsx maps blockquote to MarkedQuote, a component the split cannot prove static',
  ])
    expect(log.split(expected).length - 1, expected).toBe(1);
  // The site's own table is stated static.
  expect(log).not.toContain('maps table');
});

import type {Page} from '@playwright/test';
import {
  test,
  expect,
  copiedBy,
  waitForHydration,
  type ScriptGate,
} from '../support/test';
import {servers} from '../support/servers';

// A tap on a control before the page hydrates (a slow phone, a slow network)
// does, once the page has hydrated, what it does after (plugins/page-scripts/early-taps);
// a link is followed by the browser at once. Each test holds the site's
// scripts, taps, checks that the page has not hydrated, then lets it.

test.use({permissions: ['clipboard-read', 'clipboard-write']});

/** Opens `path` as the server's HTML alone: its scripts held until `hydrate`. */
async function openBeforeHydration(
  page: Page,
  scripts: ScriptGate,
  path: string,
): Promise<{hydrate: () => Promise<void>}> {
  scripts.hold();
  await page.goto(path, {waitUntil: 'commit'});
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  return {
    hydrate: async () => {
      await expect(page.locator('html')).toHaveAttribute(
        'data-has-hydrated',
        'false',
      );
      scripts.release();
      await waitForHydration(page);
    },
  };
}

const sidebar = (page: Page) =>
  page.getByRole('navigation', {name: 'Docs sidebar'});

test('the colour toggle, a sidebar category and the announcement bar’s close button', async ({
  page,
  scripts,
  colourToggle,
  announcementBar,
}) => {
  const {hydrate} = await openBeforeHydration(page, scripts, '/docs/intro');
  await colourToggle('dark').click();
  await sidebar(page)
    .getByRole('button', {name: "Expand sidebar category 'Projects'"})
    .click();
  await announcementBar.getByRole('button', {name: 'Close'}).click();
  await hydrate();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await expect(
    sidebar(page).getByRole('button', {
      name: "Collapse sidebar category 'Projects'",
    }),
  ).toBeVisible();
  await expect(announcementBar).toBeHidden();
});

test('the Copy page button', async ({page, scripts, request}) => {
  const {hydrate} = await openBeforeHydration(
    page,
    scripts,
    '/docs/projects/bundles',
  );
  const copied = copiedBy(page, async () => {
    await page.getByRole('button', {name: 'Copy page'}).click();
    await hydrate();
  });
  const markdown = await (
    await request.get('/docs/projects/bundles.md')
  ).text();
  expect(await copied).toBe(markdown);
  await expect(page.getByRole('status')).toHaveText('Copied');
});

test('a code block’s copy button', async ({page, scripts}) => {
  const {hydrate} = await openBeforeHydration(
    page,
    scripts,
    '/docs/projects/yaml',
  );
  const block = page.locator('.theme-code-block').first();
  const code = await block.locator('code').innerText();
  const copied = await copiedBy(page, async () => {
    await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
    await hydrate();
  });
  expect(copied.trim()).toBe(code.trim());
});

test('a link is followed at once, by the browser', async ({page, scripts}) => {
  await openBeforeHydration(page, scripts, '/docs/intro');
  // A link in the sidebar, which stays where it is while the content below
  // is laid out (the next doc's link at its foot may move under the click).
  await sidebar(page).getByRole('link', {name: 'Getting started'}).click();
  await expect(page).toHaveURL('/docs/category/getting-started');
  await expect(page.getByRole('heading', {level: 1})).toHaveText(
    'Getting started',
  );
});

test('a sidebar category without a page of its own opens its first doc, by the browser', async ({
  page,
  scripts,
}) => {
  // Before hydration the category is a link to its first doc, Docusaurus's
  // way for readers without scripts; after, a button that opens it in place.
  const {hydrate} = await openBeforeHydration(page, scripts, '/docs/intro');
  await sidebar(page).getByRole('button', {name: 'Alerts'}).click();
  await expect(page).toHaveURL('/docs/alerts/overview');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Alerts');
  await hydrate();
  await expect(
    sidebar(page).getByRole('button', {name: 'Alerts', expanded: true}),
  ).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('the menu button and the table of contents’ toggle', async ({
    page,
    scripts,
  }) => {
    const {hydrate} = await openBeforeHydration(
      page,
      scripts,
      '/docs/projects/yaml',
    );
    await page.getByRole('button', {name: 'On this page'}).click();
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await hydrate();
    const menu = page.locator('.navbar-sidebar');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link').first()).toBeVisible();
    await expect(
      page.locator('.theme-doc-toc-mobile').getByRole('link').first(),
    ).toBeVisible();
  });
});

test.describe('in an island', () => {
  test.use({baseURL: servers.fixtures.url});

  test('a tab', async ({page, scripts}) => {
    const {hydrate} = await openBeforeHydration(
      page,
      scripts,
      '/docs/islands/in-static-content',
    );
    const tabs = page.getByRole('tablist').first();
    await tabs.getByRole('tab', {name: 'Cosmos'}).click();
    await hydrate();
    await expect(tabs.getByRole('tab', {name: 'Cosmos'})).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});

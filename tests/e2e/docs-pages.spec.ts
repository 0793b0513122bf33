import {execFileSync} from 'node:child_process';
import {
  test,
  expect,
  copiedBy,
  gotoHydrated,
  followTutorialLink,
  openFromSidebar,
  settled,
} from '../support/test';
import {servers} from '../support/servers';

test('docs pages show a breadcrumb trail', async ({page}) => {
  await gotoHydrated(page, '/docs/projects/bundles');
  const breadcrumbs = page.getByRole('navigation', {name: 'Breadcrumbs'});
  await expect(
    breadcrumbs.getByRole('link', {name: 'Home page'}),
  ).toHaveAttribute('href', '/');
  await expect(breadcrumbs.getByRole('listitem')).toHaveText([
    '',
    'Projects',
    'Bundles',
  ]);
  await expect(
    breadcrumbs.getByRole('link', {name: 'Projects'}),
  ).toHaveAttribute('href', '/docs/category/projects');
});

test('the first page of the Projects category has a label of its own', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/projects/intro');
  const breadcrumbs = page.getByRole('navigation', {name: 'Breadcrumbs'});
  await expect(breadcrumbs.getByRole('listitem')).toHaveText([
    '',
    'Projects',
    'Overview',
  ]);
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  await expect(sidebar.getByRole('link', {name: 'Overview'})).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('sidebar categories collapse and expand', async ({page}) => {
  await gotoHydrated(page, '/docs/intro');
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  const bundles = sidebar.getByRole('link', {name: 'Bundles'});
  await expect(bundles).toBeHidden();

  await sidebar
    .getByRole('button', {name: "Expand sidebar category 'Projects'"})
    .click();
  await expect(bundles).toBeVisible();
  await sidebar
    .getByRole('button', {name: "Collapse sidebar category 'Projects'"})
    .click();
  await expect(bundles).toBeHidden();
});

test('the category of the open doc starts expanded', async ({page}) => {
  await gotoHydrated(page, '/docs/projects/yaml');
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  await expect(sidebar.getByRole('link', {name: 'Bundles'})).toBeVisible();
  await expect(
    sidebar.getByRole('button', {name: "Collapse sidebar category 'Projects'"}),
  ).toBeVisible();
});

test.describe('table of contents', () => {
  test.use({viewport: {width: 1280, height: 800}});

  // Each doc's sidebar and table of contents: routes.spec.ts, on the doc's
  // one load (tests/support/route-checks/sidebar-and-toc.ts).

  test('leaves out a heading of level 4', async ({page}) => {
    await gotoHydrated(page, `${servers.fixtures.url}docs/fixtures/headings`);
    const toc = page.getByRole('navigation', {name: 'On this page'});
    await expect(toc.getByRole('link')).toHaveText([
      'A heading of level 2',
      'A heading of level 3',
      'Another heading of level 2',
    ]);
    await expect(
      page.getByRole('heading', {level: 4, name: 'A heading of level 4'}),
    ).toBeVisible();
  });

  test('has an "On this page" heading and takes the reader back to the top', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/projects/yaml');
    const toc = page.getByRole('navigation', {name: 'On this page'});
    await expect(toc).toContainText('On this page');
    await toc.getByRole('link').last().click();
    await expect
      .poll(() => page.evaluate(() => window.scrollY))
      .toBeGreaterThan(0);
    await toc.getByRole('button', {name: 'Back to top'}).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a link followed in it restyles nothing while the page renders: the theme's back-to-top button reads the page's scroll behaviour when pressed, and takes the reader back to the top", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const counted = window as unknown as {rootStyleReads: number};
      counted.rootStyleReads = 0;
      const {getComputedStyle} = window;
      window.getComputedStyle = (element, pseudo) => {
        if (element === document.documentElement) counted.rootStyleReads += 1;
        return getComputedStyle(element, pseudo);
      };
    });
    const rootStyleReads = () =>
      page.evaluate(
        () => (window as unknown as {rootStyleReads: number}).rootStyleReads,
      );
    await gotoHydrated(page, '/docs/projects/yaml');
    const before = await rootStyleReads();
    const toc = page.getByRole('navigation', {name: 'On this page'});
    await toc.getByRole('link').last().click();
    await expect
      .poll(() => page.evaluate(() => window.scrollY))
      .toBeGreaterThan(1000);
    expect(await rootStyleReads(), "reads of the page's style").toBe(before);

    // The theme's button shows as the reader scrolls back up (the first
    // scroll after a link to a heading is that link's, to the theme).
    const backToTop = page.getByRole('button', {name: 'Scroll back to top'});
    await page.mouse.move(640, 400);
    await expect(async () => {
      await page.mouse.wheel(0, -100);
      await expect(backToTop).toBeVisible({timeout: 500});
    }).toPass();
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await rootStyleReads()).toBeGreaterThan(before);
  });

  test.describe('on a phone', () => {
    test.use({viewport: {width: 390, height: 844}});

    test('is a collapsible list above the doc instead', async ({page}) => {
      await gotoHydrated(page, '/docs/projects/yaml');
      await expect(
        page.getByRole('navigation', {name: 'On this page'}),
      ).toBeHidden();
      const collapsible = page.getByRole('button', {name: 'On this page'});
      await collapsible.click();
      await expect(
        page.locator('.theme-doc-toc-mobile').getByRole('link').first(),
      ).toBeVisible();
    });
  });
});

/** The date the build shows for a doc: its file's last commit, as "Nov 23, 2026". */
function lastCommitted(file: string): {date: string; iso: string} {
  const committedAt = Number(
    execFileSync('git', ['log', '-1', '--format=%ct', '--', file], {
      encoding: 'utf8',
    }).trim(),
  );
  expect(committedAt, `${file} is committed`).toBeGreaterThan(0);
  const at = new Date(committedAt * 1000);
  const date = new Intl.DateTimeFormat('en', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
  return {date, iso: at.toISOString()};
}

test('docs pages show when they were last updated, from git history', async ({
  page,
}) => {
  for (const {path, file} of [
    {path: '/docs/intro', file: 'docs/intro.md'},
    {path: '/docs/projects/yaml', file: 'docs/projects/yaml.md'},
  ]) {
    const {date, iso} = lastCommitted(file);
    await gotoHydrated(page, path);
    const lastUpdated = page.locator('.theme-last-updated');
    await expect(lastUpdated).toHaveText(`Last updated on ${date}`);
    await expect(lastUpdated.locator('time')).toHaveAttribute('datetime', iso);
  }
});

test('the last-updated line is the one the build wrote, on a first load and after a followed link: the browser formats no date', async ({
  page,
}) => {
  // Formatting a date loads the browser's date formats, a long task.
  await page.addInitScript(() => {
    const DateTimeFormat = Intl.DateTimeFormat;
    const counted = window as unknown as {dateFormats: number};
    counted.dateFormats = 0;
    Intl.DateTimeFormat = function (
      locale?: string,
      options?: Intl.DateTimeFormatOptions,
    ) {
      counted.dateFormats += 1;
      return new DateTimeFormat(locale, options);
    } as unknown as typeof Intl.DateTimeFormat;
  });
  const dateFormats = () =>
    page.evaluate(
      () => (window as unknown as {dateFormats: number}).dateFormats,
    );
  const lastUpdated = page.locator('.theme-last-updated');

  await gotoHydrated(page, '/docs/intro');
  await expect(lastUpdated).toHaveText(
    `Last updated on ${lastCommitted('docs/intro.md').date}`,
  );
  const yaml = lastCommitted('docs/projects/yaml.md');
  await openFromSidebar(
    page,
    ['Projects', 'nodekeeper.yaml reference'],
    'nodekeeper.yaml reference',
  );
  await expect(lastUpdated).toHaveText(`Last updated on ${yaml.date}`);
  await expect(lastUpdated.locator('time')).toHaveAttribute(
    'datetime',
    yaml.iso,
  );
  await settled(page);
  expect(await dateFormats(), 'dates formatted in the browser').toBe(0);
});

test('yaml code blocks are highlighted', async ({page}) => {
  await gotoHydrated(page, '/docs/getting-started/single-rpc');
  const block = page.locator('pre.language-yaml').first();
  await expect(block).toBeVisible();
  await expect(block.locator('.token.atrule').first()).toBeVisible();
  expect(await block.locator('.token:not(.plain)').count()).toBeGreaterThan(3);
});

test('php code blocks are highlighted', async ({page}) => {
  await gotoHydrated(page, '/docs/alerts/webhook-receiver');
  const block = page.locator('pre.language-php').first();
  await expect(block).toBeVisible();
  await expect(block.locator('.token.variable').first()).toHaveText(/^\$/);
  await expect(block.locator('.token.function').first()).toBeVisible();
});

test('code colours follow the colour mode, from CSS: the blocks are not rendered again', async ({
  page,
  colourToggle,
}) => {
  await gotoHydrated(page, '/docs/getting-started/single-rpc');
  const block = page.locator('pre.language-yaml').first();
  const key = block.locator('.token.atrule').first();
  await expect(key).toHaveCSS('color', 'rgb(0, 105, 140)');
  await expect(block).toHaveCSS('background-color', 'rgb(246, 248, 250)');
  const sameNode = await key.evaluateHandle((element) => element);
  await colourToggle('dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(block).toHaveCSS('background-color', 'rgb(40, 42, 54)');
  await expect(key).toHaveCSS('color', 'rgb(248, 248, 242)');
  expect(await sameNode.evaluate((element) => element.isConnected)).toBe(true);
});

test('a code block in a page read without JavaScript is highlighted in light colours', async ({
  browser,
}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto('/docs/getting-started/single-rpc');
  await expect(
    page.locator('pre.language-yaml .token.atrule').first(),
  ).toHaveCSS('color', 'rgb(0, 105, 140)');
  await context.close();
});

test('a code block offers to copy its code, as written', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoHydrated(page, '/docs/getting-started/single-rpc');
  const codeBlock = page
    .locator('.theme-code-block')
    .filter({has: page.locator('pre.language-yaml')})
    .first();
  await codeBlock.hover();
  const copied = await copiedBy(page, () =>
    codeBlock.getByRole('button', {name: 'Copy code to clipboard'}).click(),
  );
  // The shown lines end with a line break; the copied code does not.
  expect(copied).toBe(
    (await codeBlock.locator('pre').innerText()).replace(/\n$/, ''),
  );
  expect(copied).toContain('version: 1');
});

test('a stored preferred docs version has no effect with one version, and an unknown one is cleared', async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(
        'docs-preferred-version-default',
        'a-version-that-never-was',
      );
      sessionStorage.setItem('seeded', 'yes');
    }
  });
  await gotoHydrated(page, '/');
  await followTutorialLink(page);
  await expect
    .poll(() =>
      page.evaluate(() =>
        localStorage.getItem('docs-preferred-version-default'),
      ),
    )
    .toBeNull();
});

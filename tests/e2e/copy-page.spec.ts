import type {Page} from '@playwright/test';
import {
  test,
  expect,
  axe,
  gotoHydrated,
  gotoInMode,
  settled,
} from '../support/test';
import {servers} from '../support/servers';
import {sidebarDocs} from '../support/sidebar-docs';

// The "Copy page" control above each doc (src/theme/DocItem/Content): a button
// that copies the doc's Markdown copy, and a link to that copy.

test.use({permissions: ['clipboard-read', 'clipboard-write']});

const copyButton = (page: Page) =>
  page.getByRole('button', {name: 'Copy page'});
const markdownLink = (page: Page) =>
  page.getByRole('link', {name: 'View as Markdown'});
const clipboard = (page: Page) =>
  page.evaluate(() => navigator.clipboard.readText());

/** Opens a doc with an empty clipboard: the browser keeps it from test to test. */
async function openDoc(page: Page, path: string): Promise<void> {
  await gotoHydrated(page, path);
  await page.evaluate(() => navigator.clipboard.writeText(''));
}

// The control is the same component on every doc, its address from the
// doc's permalink: one doc is copied in the browser, and every doc's page,
// as served, links to its own copy, which starts with its title.
test("the button copies the page's Markdown, and the link leads to it", async ({
  page,
  request,
}) => {
  const doc = '/docs/projects/yaml';
  await openDoc(page, doc);
  await expect(markdownLink(page)).toHaveAttribute('href', `${doc}.md`);
  await copyButton(page).click();
  await expect(page.getByRole('status')).toHaveText('Copied');
  const markdown = await (await request.get(`${doc}.md`)).text();
  expect(await clipboard(page)).toBe(markdown);
});

test('every doc links to its own Markdown copy, which starts with its title', async ({
  request,
}) => {
  for (const doc of sidebarDocs) {
    const html = await (await request.get(doc.path)).text();
    const escaped = doc.path.replace(/[.]/g, '\\.');
    expect(html, doc.path).toMatch(
      new RegExp(`<a href="${escaped}\\.md"[^>]* type="text/markdown"`),
    );
    const markdown = await (await request.get(`${doc.path}.md`)).text();
    expect(markdown.startsWith(`# ${doc.title}\n`), doc.path).toBe(true);
  }
});

test('the Markdown is fetched only when the button is pressed', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.md'))
      fetched.push(new URL(request.url()).pathname);
  });
  await gotoHydrated(page, '/docs/projects/bundles');
  await settled(page);
  await markdownLink(page).hover();
  await settled(page);
  expect(fetched).toEqual([]);
  await copyButton(page).click();
  await expect(page.getByRole('status')).toHaveText('Copied');
  expect(fetched).toEqual(['/docs/projects/bundles.md']);
});

test('the control is reached from the keyboard after the breadcrumbs, and Enter copies', async ({
  page,
}) => {
  await openDoc(page, '/docs/projects/yaml');
  await page
    .getByRole('navigation', {name: 'Breadcrumbs'})
    .getByRole('link', {name: 'Projects'})
    .focus();
  await page.keyboard.press('Tab');
  await expect(copyButton(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(markdownLink(page)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Copied');
  expect(
    (await clipboard(page)).startsWith('# nodekeeper.yaml reference\n'),
  ).toBe(true);
});

test('nothing moves: the doc starts where the prerendered page put it, before and after copying', async ({
  page,
  browser,
}) => {
  const withoutScripts = await browser.newPage({javaScriptEnabled: false});
  await withoutScripts.goto('/docs/projects/intro');
  const prerendered = await withoutScripts
    .getByRole('heading', {level: 1})
    .boundingBox();
  await withoutScripts.close();

  await gotoHydrated(page, '/docs/projects/intro');
  const heading = page.getByRole('heading', {level: 1});
  expect(await heading.boundingBox()).toEqual(prerendered);
  await copyButton(page).click();
  await expect(page.getByRole('status')).toHaveText('Copied');
  expect(await heading.boundingBox()).toEqual(prerendered);
});

test.describe('when the copy cannot be fetched', () => {
  test.use({allowConsoleErrors: /status of 404/});

  test('the button says so', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await page.route('**/docs/intro.md', (route) =>
      route.fulfill({status: 404, body: 'Not found'}),
    );
    await copyButton(page).click();
    await expect(page.getByRole('status')).toHaveText('Copy failed');
  });
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe finds nothing in the control, its message shown, in ${mode} mode`, async ({
    page,
  }) => {
    await gotoInMode(page, '/docs/getting-started/single-rpc', mode);
    await copyButton(page).click();
    await expect(page.getByRole('status')).toHaveText('Copied');
    const {violations, passes} = await axe(page, {
      include: '.theme-doc-copy-page',
      everyResult: true,
    });
    expect(
      violations.flatMap(({id, nodes}) =>
        nodes.map((node) => `${id}: ${node.target.join(' ')}`),
      ),
    ).toEqual([]);
    expect(
      passes.find(({id}) => id === 'color-contrast')?.nodes.length,
      'text elements checked for contrast',
    ).toBeGreaterThanOrEqual(3);
  });
}

test('category pages, which have no Markdown copy, have no control', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/category/projects');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Projects');
  await expect(copyButton(page)).toHaveCount(0);
  await expect(markdownLink(page)).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false, allowConsoleErrors: /status of 404/});

  test('the button is hidden, and the link opens the Markdown copy', async ({
    page,
  }) => {
    await page.goto('/docs/projects/bundles');
    await expect(copyButton(page)).toBeHidden();
    await markdownLink(page).click();
    await expect(page).toHaveURL('/docs/projects/bundles.md');
    expect(
      (await page.locator('body').innerText()).startsWith('# Bundles\n'),
    ).toBe(true);
  });
});

test.describe('under /sub/', () => {
  test.use({baseURL: servers.subPath.url});

  test('the control copies and links to the copy under the base URL', async ({
    page,
    request,
  }) => {
    await openDoc(page, '/sub/docs/intro');
    await expect(markdownLink(page)).toHaveAttribute(
      'href',
      '/sub/docs/intro.md',
    );
    await copyButton(page).click();
    await expect(page.getByRole('status')).toHaveText('Copied');
    expect(await clipboard(page)).toBe(
      await (await request.get('/sub/docs/intro.md')).text(),
    );
  });
});

test.describe('with the headers of build/_headers', () => {
  test.use({baseURL: servers.site.url});

  test('copying breaks no rule of the Content-Security-Policy', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        document.documentElement.dataset.cspViolation = `${event.effectiveDirective} blocked ${event.blockedURI}`;
      });
    });
    const response = await page.goto('/docs/projects/yaml');
    expect(response?.headers()['content-security-policy']).toContain(
      "connect-src 'self'",
    );
    await page
      .locator('html[data-has-hydrated="true"]')
      .waitFor({state: 'attached'});
    await copyButton(page).click();
    await expect(page.getByRole('status')).toHaveText('Copied');
    await expect(page.locator('html')).not.toHaveAttribute(
      'data-csp-violation',
    );
  });
});

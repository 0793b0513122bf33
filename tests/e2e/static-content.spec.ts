import {readFileSync} from 'node:fs';
import type {Locator, Page, Response} from '@playwright/test';
import {
  test,
  expect,
  copiedBy,
  countCalls,
  gotoHydrated,
  hydrated,
  openFromSidebar,
  waitForHydration,
} from '../support/test';
import {servers} from '../support/servers';
import {buildLog, builds} from '../support/builds.mjs';

// A doc's static content is the HTML the build wrote: no script carries it,
// React keeps it as it came, and the islands in it (packages/static-content)
// work as they would in a page React rendered whole.

const longDoc = '/docs/projects/yaml';
/** A view of the long doc's top with no code block near it. */
const viewWithNoCodeBlock = {width: 1280, height: 400};

/** The links to the article's h2 and h3 headings, as a table of contents has them. */
function headingLinks(page: Page): Promise<string[]> {
  return page
    .locator('article')
    .locator('h2[id], h3[id]')
    .evaluateAll((elements) => elements.map((heading) => `#${heading.id}`));
}

/** The targets of the links in `list`, in order. */
function linkTargets(list: Locator): Promise<(string | null)[]> {
  return list
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
}

/** Sentences of the doc's prose, as a reader sees them. */
async function proseOf(page: Page): Promise<string[]> {
  const paragraphs = await page
    .locator('article .theme-doc-markdown p')
    .evaluateAll((elements) => elements.map((element) => element.textContent));
  return paragraphs
    .flatMap((text) => (text ?? '').split(/(?<=\.)\s+/))
    .filter((sentence) => /^[\w ,;:()'-]{50,}\.$/.test(sentence));
}

/** Adds a link to the page's static content, as a writer's Markdown would. */
async function addLink(page: Page, href: string, text: string): Promise<void> {
  await page.locator('[data-static-content]').evaluate(
    (content, [linkHref, linkText]) => {
      const anchor = document.createElement('a');
      anchor.href = linkHref;
      anchor.textContent = linkText;
      content.append(anchor);
    },
    [href, text],
  );
}

/** Counts the documents the browser loads: a client-side navigation loads none. */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest()) loads += 1;
  });
  return () => loads;
}

test("a long doc's first load keeps the prerendered content, and no script it loads holds a copy", async ({
  page,
  scripts,
}) => {
  // No code block near the view: the first is some 700 px down.
  await page.setViewportSize(viewWithNoCodeBlock);
  const scriptBodies: Promise<string>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script')
      scriptBodies.push(response.text());
  });
  scripts.hold();
  await page.goto(longDoc, {waitUntil: 'commit'});
  const content = page.locator('[data-static-content]');
  await content.locator('table').first().waitFor({state: 'attached'});
  await content.evaluate((element) => {
    (element.querySelector('table') as HTMLElement & {kept?: true}).kept = true;
  });
  scripts.release();
  await waitForHydration(page);
  expect(
    await content.evaluate(
      (element) =>
        (element.querySelector('table') as HTMLElement & {kept?: true}).kept,
    ),
    'the table the server sent is the one on the page',
  ).toBe(true);

  const prose = await proseOf(page);
  expect(prose.length).toBeGreaterThan(30);
  const bodies = await Promise.all(scriptBodies);
  expect(bodies.length).toBeGreaterThan(3);
  for (const sentence of prose)
    expect(
      bodies.filter((body) => body.includes(sentence)),
      `a script holds "${sentence}"`,
    ).toEqual([]);
  // Nor the code of its code blocks' buttons, which loads once a block nears
  // the view.
  expect(bodies.filter((body) => body.includes('Toggle word wrap'))).toEqual(
    [],
  );
});

test("a first load keeps the table of contents as the build wrote it, its highlight following the reader; a followed link's doc has the list its page was built with, its highlight following too", async ({
  page,
  scripts,
}) => {
  const toc = page.getByRole('navigation', {name: 'On this page'});
  const added = 'A link the build did not write';
  scripts.hold();
  await page.goto(longDoc, {waitUntil: 'commit'});
  await page.locator('footer.footer').waitFor({state: 'attached'});
  // React, hydrating the list, would find a link its render does not have:
  // it would render the list anew, without it, and report the mismatch.
  await toc
    .getByRole('list')
    .first()
    .evaluate((list, text) => {
      const item = document.createElement('li');
      item.innerHTML = `<a href="#top">${text}</a>`;
      list.append(item);
    }, added);
  scripts.release();
  await waitForHydration(page);
  await expect(toc.getByRole('link', {name: added})).toBeAttached();

  await page
    .getByRole('heading', {name: 'How the CLI checks a file'})
    .evaluate((heading) => heading.scrollIntoView({block: 'start'}));
  await expect(
    toc.getByRole('link', {name: 'How the CLI checks a file'}),
  ).toHaveClass(/table-of-contents__link--active/);

  await openFromSidebar(page, ['Projects', 'CLI reference'], 'CLI reference');
  const headings = await headingLinks(page);
  await expect.poll(() => linkTargets(toc)).toEqual(headings);
  const far = page
    .locator('article h2[id]')
    .nth(Math.floor(headings.length / 4));
  await far.evaluate((heading) => heading.scrollIntoView({block: 'start'}));
  await expect(
    toc.locator(`a[href="#${await far.getAttribute('id')}"]`),
  ).toHaveClass(/table-of-contents__link--active/);
});

test("a followed link's doc whose page lists other headings than its route renders the table of contents from the route", async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/intro');
  // The page of the next doc, fetched with one link of its list left out.
  let altered = false;
  await page.route('**/docs/projects/bundles', async (route) => {
    if (route.request().resourceType() !== 'fetch') return route.continue();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /(<ul class="table-of-contents table-of-contents__left-border">)<li>.*?<\/li>/,
      '$1',
    );
    altered = true;
    return route.fulfill({response, body});
  });
  await openFromSidebar(page, ['Projects', 'Bundles'], 'Bundles');
  expect(altered).toBe(true);
  const headings = await headingLinks(page);
  await expect
    .poll(() =>
      linkTargets(page.getByRole('navigation', {name: 'On this page'})),
    )
    .toEqual(headings);
});

test.describe("a first load's layout", () => {
  const farHeading = (page: Page) =>
    page.getByRole('heading', {name: 'How the CLI checks a file'});

  test('lays out the blocks near the view first, then each in turn once the page has hydrated, keeping its height when out of view', async ({
    page,
    scripts,
  }) => {
    /** Whether the browser has laid out what `element` holds, or skips it. */
    const rendered = (element: Locator) =>
      element.evaluate((inBlock) =>
        inBlock.checkVisibility({contentVisibilityAuto: true}),
      );
    const inBlocks = page.locator('[data-static-content] > * > *');
    scripts.hold();
    await page.goto(longDoc, {waitUntil: 'commit'});
    await page.locator('footer.footer').waitFor({state: 'attached'});
    await expect(inBlocks.first()).toBeInViewport();
    expect(await rendered(inBlocks.first()), 'in the view').toBe(true);
    expect(await rendered(inBlocks.last()), 'at the end of the doc').toBe(
      false,
    );
    // How many blocks each task lays out: a mutation observer hears of a
    // task's changes together, once the task ends.
    const blocksPerTask = await page.evaluateHandle(() => {
      const content = document.querySelector('[data-static-content]')!;
      const tasks: number[] = [];
      new MutationObserver((mutations) => {
        const laidOut = mutations.filter(
          (mutation) =>
            mutation.target.parentElement === content &&
            (mutation.target as HTMLElement).style.containIntrinsicBlockSize,
        ).length;
        if (laidOut > 0) tasks.push(laidOut);
      }).observe(content, {
        subtree: true,
        attributes: true,
        attributeFilter: ['style'],
      });
      return tasks;
    });
    scripts.release();
    await waitForHydration(page);
    const tasks = await blocksPerTask.jsonValue();
    const blocks = await page.locator('[data-static-content] > *').count();
    expect(
      tasks.reduce((sum, count) => sum + count, 0),
      'blocks laid out',
    ).toBe(blocks);
    expect(tasks.length, 'tasks that lay out blocks').toBeGreaterThan(3);
    // Out of view, the browser skips the block, at the height it had.
    expect(await rendered(inBlocks.last()), 'at the end of the doc').toBe(
      false,
    );
    const pageHeight = () =>
      page.evaluate(() => document.documentElement.scrollHeight);
    const keptHeight = await pageHeight();
    // The page as long as when every block is laid out (as a reload has it).
    await page.evaluate(() =>
      document.documentElement.setAttribute('data-full-layout', ''),
    );
    expect(await rendered(inBlocks.last()), 'laid out in full').toBe(true);
    expect(Math.abs((await pageHeight()) - keptHeight)).toBeLessThanOrEqual(2);
  });

  test('a reload puts the reader back where they were', async ({page}) => {
    await gotoHydrated(page, longDoc);
    await farHeading(page).evaluate((heading) =>
      heading.scrollIntoView({block: 'start'}),
    );
    await page.reload();
    await waitForHydration(page);
    await expect(farHeading(page)).toBeInViewport();
  });

  test('an address with a hash opens at its heading before the page hydrates, and keeps it in view once it has', async ({
    page,
    scripts,
  }) => {
    // The browser scrolls to the heading once the page's own scripts have
    // run; hydration waits for the route's chunks, held here.
    await page.route(/\/(runtime~)?main\.[0-9a-f]+\.js$/, (route) =>
      route.continue(),
    );
    scripts.hold();
    await page.goto(`${longDoc}#how-the-cli-checks-a-file`, {
      waitUntil: 'domcontentloaded',
    });
    await expect(farHeading(page)).toBeInViewport();
    await expect(page.locator(hydrated)).toHaveCount(0);
    scripts.release();
    await waitForHydration(page);
    await expect(farHeading(page)).toBeInViewport();
  });
});

test('a chunk loads without a search of the whole document for its script, on a first load and a client-side navigation', async ({
  page,
}) => {
  // The bundler's runtime searched document.getElementsByTagName('script')
  // before adding each chunk: a walk of every element of a long doc.
  const scriptSearches = await countCalls(
    page,
    'Document',
    'getElementsByTagName',
    'script',
  );
  let chunks = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'script') chunks += 1;
  });
  await gotoHydrated(page, longDoc);
  const firstLoadChunks = chunks;
  await openFromSidebar(
    page,
    ['Getting started', 'Monitor a single RPC endpoint'],
    'Monitor a single RPC endpoint',
  );
  expect(firstLoadChunks, 'chunks of the first load').toBeGreaterThan(3);
  expect(chunks, 'chunks of the navigation').toBeGreaterThan(firstLoadChunks);
  expect(
    await scriptSearches(),
    "searches for a chunk's script: the bundler's chunk loader, __webpack_require__.l, which packages/docusaurus-internals/chunk-loader.ts replaces, is no longer called as it assumes",
  ).toBe(0);
});

/** The buttons' code, which the first block near the view loads. */
function buttonsCode(page: Page): Promise<Response> {
  return page.waitForResponse(
    async (response) =>
      response.request().resourceType() === 'script' &&
      (await response.text()).includes('Toggle word wrap'),
  );
}

/**
 * On the long doc, the first code block whose code does not scroll sideways
 * (a block that does renders its buttons near the view), with a title if
 * `titled`, brought into view by a script (neither the pointer nor the
 * focus is on it) once the buttons' code has loaded: its buttons are still
 * their HTML.
 */
async function blockWithButtonsAsHtml(
  page: Page,
  {titled}: {titled: boolean},
): Promise<Locator> {
  await page.setViewportSize(viewWithNoCodeBlock);
  await gotoHydrated(page, longDoc);
  const loaded = buttonsCode(page);
  const blocks = page.locator('.theme-code-block');
  const index = await blocks.evaluateAll(
    (elements, titled) =>
      elements.findIndex((element) => {
        const pre = element.querySelector('pre')!;
        return (
          pre.scrollWidth <= pre.clientWidth &&
          (!titled || !element.firstElementChild!.contains(pre))
        );
      }),
    titled,
  );
  expect(index).toBeGreaterThanOrEqual(0);
  const block = blocks.nth(index);
  await block.evaluate((element) => element.scrollIntoView({block: 'end'}));
  await loaded;
  await expect(block.locator('nk-island[data-live]')).toHaveCount(0);
  return block;
}

test("a code block's buttons load their code once a block nears the view, before a reader reaches one, and render when the pointer reaches the block (when its code does not scroll sideways)", async ({
  page,
}) => {
  const block = await blockWithButtonsAsHtml(page, {titled: false});
  await block.hover();
  await expect(block.locator('nk-island[data-live] button')).not.toHaveCount(0);
});

test("a code block's buttons render when the pointer reaches the block's title, over which the theme shows them", async ({
  page,
}) => {
  const block = await blockWithButtonsAsHtml(page, {titled: true});
  await block.locator('> div').first().hover();
  await expect(block.locator('nk-island[data-live] button')).not.toHaveCount(0);
});

test("a code block's buttons, their code arriving once the keyboard has reached one, keep its focus and copy", async ({
  page,
  context,
  scripts,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(viewWithNoCodeBlock);
  await gotoHydrated(page, longDoc);
  const block = page.locator('.theme-code-block').first();
  const copy = block.getByRole('button', {name: 'Copy code to clipboard'});
  // The keyboard starts from the paragraph before the block, and the code,
  // which the block coming near the view asks for, arrives only once the
  // keyboard is on the button the HTML has.
  scripts.hold();
  await page.getByText('This file monitors four nodes').click();
  await page.keyboard.press('Tab');
  await expect(block.locator('pre')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(copy).toBeFocused();
  scripts.release();
  await expect(block.locator('nk-island[data-live] button')).not.toHaveCount(0);
  await expect(copy).toBeFocused();
  const copied = await copiedBy(page, () => page.keyboard.press('Enter'));
  expect(copied.length).toBeGreaterThan(10);
  expect(await block.locator('pre').innerText()).toContain(copied);
});

test('short doc, long doc, a link in its content and Back: every step client-side, with its content', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/intro');
  const documentLoads = countDocumentLoads(page);
  await openFromSidebar(
    page,
    ['Projects', 'nodekeeper.yaml reference'],
    'nodekeeper.yaml reference',
  );
  const content = page.locator('[data-static-content]');
  await expect(content.getByRole('table').first()).toBeVisible();
  const codeBlocks = content.locator('.theme-code-block');
  expect(await codeBlocks.count()).toBeGreaterThan(5);
  await expect(
    codeBlocks.last().getByRole('button', {name: 'Copy code to clipboard'}),
  ).toBeAttached();

  // A link far down the page, so that Back has somewhere to scroll to.
  const link = content.locator('a[href^="/docs/"]').nth(5);
  const target = await link.getAttribute('href');
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await expect(page).toHaveURL(target!);
  await expect(page.getByRole('heading', {level: 1})).not.toHaveText(
    'nodekeeper.yaml reference',
  );
  await expect(page.locator('[data-static-content] p').first()).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(
    'nodekeeper.yaml reference',
  );
  await expect(content.getByRole('table').first()).toBeAttached();
  await expect(link).toBeInViewport();
  expect(documentLoads(), 'documents loaded after the first').toBe(0);
});

test('a link to a heading of another doc scrolls to it after a client-side navigation', async ({
  page,
}) => {
  await gotoHydrated(page, longDoc);
  const documentLoads = countDocumentLoads(page);
  const link = page
    .locator('[data-static-content] a[href^="/docs/"][href*="#"]')
    .first();
  const href = (await link.getAttribute('href'))!;
  await link.click();
  await expect(page).toHaveURL(href);
  const heading = page.locator(
    `[id="${decodeURIComponent(href.split('#')[1])}"]`,
  );
  await expect(heading).toBeInViewport();
  expect(documentLoads()).toBe(0);
});

test.describe("when a doc's content fails to load on a client-side navigation", () => {
  // The failed fetch, and the route's load rejecting, as a failed chunk's does.
  test.use({
    allowConsoleErrors:
      /Failed to load resource|Loading the content of \/docs\/projects\/bundles failed/,
  });

  test('the page loads in full, as when a route chunk fails', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/intro');
    const documentLoads = countDocumentLoads(page);
    let failed = false;
    await page.route('**/docs/projects/bundles', async (route) => {
      if (route.request().resourceType() !== 'fetch') return route.continue();
      failed = true;
      return route.abort('internetdisconnected');
    });
    await openFromSidebar(page, ['Projects', 'Bundles'], 'Bundles');
    expect(failed).toBe(true);
    expect(documentLoads()).toBe(1);
    await expect(page.getByRole('table').first()).toBeVisible();
  });
});

test.describe('islands in static content', () => {
  test.use({baseURL: servers.fixtures.url});
  const islands = '/docs/islands/in-static-content';

  test("a writer's component runs, its text kept", async ({page}) => {
    await gotoHydrated(page, islands);
    const counter = page.getByRole('button', {
      name: "Clicks counted by a writer's component: 0",
    });
    await counter.click();
    await expect(
      page.getByRole('button', {
        name: "Clicks counted by a writer's component: 1",
      }),
    ).toBeVisible();
  });

  test('Tabs switch, keep their group in step and write the query string', async ({
    page,
  }) => {
    await gotoHydrated(page, islands);
    await expect(page.getByText('Prose in the EVM tab')).toBeVisible();
    await page.getByRole('tab', {name: 'Cosmos'}).first().click();
    await expect(page.getByText('Prose in the Cosmos tab.')).toBeVisible();
    await expect(page.getByText('The second Cosmos tab.')).toBeVisible();
    await expect(page.getByText('Prose in the EVM tab')).toBeHidden();
    await expect(page).toHaveURL(/[?&]chain=cosmos/);

    await gotoHydrated(page, `${islands}?chain=cosmos`);
    await expect(page.getByText('Prose in the Cosmos tab.')).toBeVisible();
  });

  test("a tab group's choice reaches its Tabs far below, which the reader has not come near", async ({
    page,
  }) => {
    await gotoHydrated(page, islands);
    const farTab = page.getByRole('tab', {name: 'Cosmos'}).last();
    await expect(farTab).toHaveAttribute('aria-selected', 'false');
    await page.getByRole('tab', {name: 'Cosmos'}).first().click();
    await expect(farTab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('The far Cosmos tab.')).toBeAttached();
    expect(await page.evaluate(() => scrollY)).toBeLessThan(1000);
  });

  test('a code block in a tab copies its code; a link in a tab routes client-side', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, islands);
    const block = page
      .locator('.theme-code-block')
      .filter({hasText: 'evm.yaml'});
    await block.hover();
    expect(
      await copiedBy(page, () =>
        block.getByRole('button', {name: 'Copy code to clipboard'}).click(),
      ),
    ).toBe('chain: ethereum');

    const documentLoads = countDocumentLoads(page);
    await page.getByRole('link', {name: 'a link to bundles'}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Bundles');
    await expect(page.locator('[id="built-in-bundles"]')).toBeInViewport();
    expect(documentLoads()).toBe(0);
  });

  test('details open and close on their summary', async ({page}) => {
    await gotoHydrated(page, islands);
    const collapsed = page.getByText(
      'Prose that shows once the section is open.',
    );
    await expect(collapsed).toBeHidden();
    await page.getByText('Open to read the collapsed prose').click();
    await expect(collapsed).toBeVisible();
    await page.getByText('Open to read the collapsed prose').click();
    await expect(collapsed).toBeHidden();
  });

  test.describe('in a short window', () => {
    test.use({viewport: {width: 1280, height: 400}});

    test("details, which need the site's MDX components, render when they near the view", async ({
      page,
    }) => {
      await gotoHydrated(page, islands);
      const island = page.locator('nk-island', {
        has: page.getByText('Open to read the collapsed prose'),
      });
      await expect(island).not.toHaveAttribute('data-live');
      await page.mouse.wheel(0, 5000);
      await expect(island).toHaveAttribute('data-live');
    });

    test('details whose code arrives between the press and the release of a click open', async ({
      page,
      scripts,
    }) => {
      // No other island above them loads the site's MDX components first
      // (in the fixtures, a heading is an island that does).
      await gotoHydrated(page, '/docs/islands/details-far-below');
      const chunks: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') chunks.push(request.url());
      });
      scripts.hold();
      const summary = page.getByText('Open to read the collapsed prose');
      await summary.scrollIntoViewIfNeeded();
      const box = (await summary.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await expect.poll(() => chunks.length).toBeGreaterThan(0);
      scripts.release();
      // The bundler removes the <script> of a chunk once the chunk has run,
      // and the island's code with it.
      await page.waitForFunction(
        (urls) =>
          urls.every(
            (url) =>
              !Array.from(document.scripts).some(
                (script) => script.src === url,
              ),
          ),
        chunks,
      );
      await page.mouse.up();
      await expect(
        page.getByText('Prose that shows once the section is open.'),
      ).toBeVisible();
    });
  });

  test('a link in the content to a file that is not a page loads the file', async ({
    page,
  }) => {
    await gotoHydrated(page, islands);
    await addLink(page, '/schemas/nodekeeper.schema.json', 'the schema file');
    const [response] = await Promise.all([
      page.waitForEvent('response', (response) =>
        response.url().endsWith('/schemas/nodekeeper.schema.json'),
      ),
      page.getByRole('link', {name: 'the schema file'}).click(),
    ]);
    expect(response.request().isNavigationRequest()).toBe(true);
    expect(response.ok()).toBe(true);
  });

  test('islands work after a client-side navigation to the doc', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/intro');
    const documentLoads = countDocumentLoads(page);
    await addLink(page, islands, 'to the islands');
    await page.getByRole('link', {name: 'to the islands'}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Islands');
    await page
      .getByRole('button', {name: "Clicks counted by a writer's component: 0"})
      .click();
    await expect(
      page.getByRole('button', {
        name: "Clicks counted by a writer's component: 1",
      }),
    ).toBeVisible();
    await page.getByRole('tab', {name: 'Cosmos'}).first().click();
    await expect(page.getByText('The second Cosmos tab.')).toBeVisible();
    expect(documentLoads()).toBe(0);
  });
});

test.describe('a doc with a component that leaves part of its content out of the built page (lazy)', () => {
  test.use({baseURL: servers.fixtures.url});
  const wholePage = '/docs/islands/whole-page';

  test('hydrates as a whole: the built page has its prose, and its components work', async ({
    page,
  }) => {
    const response = await page.goto(wholePage);
    expect(await response!.text()).toContain('Prose in the first tab.');
    await waitForHydration(page);
    await expect(
      page.getByText('Prose before the tabs, in the built page.'),
    ).toBeVisible();
    await page
      .getByRole('button', {
        name: 'Clicks counted on a page that hydrates as a whole: 0',
      })
      .click();
    await expect(
      page.getByRole('button', {
        name: 'Clicks counted on a page that hydrates as a whole: 1',
      }),
    ).toBeVisible();
    await page.getByRole('tab', {name: 'Second'}).click();
    await expect(
      page.getByText(
        'Prose in the second tab, which the built page leaves out.',
      ),
    ).toBeVisible();
  });

  test('is named by a warning of the build', () => {
    const fixtures = builds.find(({fixtures: withFixtures}) => withFixtures)!;
    expect(readFileSync(buildLog(fixtures), 'utf8')).toContain(
      '[WARNING] docs/islands/whole-page.mdx:16: <Tabs lazy>: its content hydrates as a whole',
    );
  });
});

import type {Page} from '@playwright/test';
import {
  test,
  expect,
  gotoHydrated,
  nextDocLink,
  waitForHydration,
} from '../support/test';
import {recordRenders} from '../support/renders';

/** What the page records from its first script on (see `record`). */
type Record = {
  /** Reads of the layout made while the page held a doc title it had not painted yet. */
  readsBeforePaint: string[];
  /** The elements focused by a script, by their label or tag. */
  focused: string[];
  /** HTML parsed by an element's innerHTML: where, and how long. */
  parses: {into: 'template' | 'content' | 'other'; length: number}[];
};

/**
 * Records, from the page's first script on, each read of the layout (a
 * focus, a measure) made while the doc's title in the page has not been
 * painted yet, and each HTML string an element's innerHTML parses.
 */
async function record(page: Page): Promise<() => Promise<Record>> {
  await page.addInitScript(() => {
    const recorded: Record = {readsBeforePaint: [], focused: [], parses: []};
    Object.assign(window, {recorded});
    const title = () => document.querySelector('article h1')?.textContent;
    const painted = new Set<string | null | undefined>();
    // A frame's callbacks run before it is painted, and the page it paints
    // holds what they saw.
    const everyFrame = () => {
      painted.add(title());
      requestAnimationFrame(everyFrame);
    };
    requestAnimationFrame(everyFrame);
    const noteRead = (what: string) => {
      const current = title();
      if (current && !painted.has(current))
        recorded.readsBeforePaint.push(`${what} on "${current}"`);
    };
    const wrapMethod = (prototype: object, name: string) => {
      const original = Reflect.get(prototype, name) as (
        ...args: unknown[]
      ) => unknown;
      Reflect.set(
        prototype,
        name,
        function (this: unknown, ...args: unknown[]) {
          noteRead(name);
          return original.apply(this, args);
        },
      );
    };
    const wrapGetter = (prototype: object, name: string) => {
      const {get} = Object.getOwnPropertyDescriptor(prototype, name)!;
      Object.defineProperty(prototype, name, {
        get(this: Element) {
          noteRead(name);
          return get!.call(this);
        },
      });
    };
    const {focus} = HTMLElement.prototype;
    HTMLElement.prototype.focus = function (this: HTMLElement, ...args) {
      const label = this.getAttribute('aria-label') ?? this.localName;
      recorded.focused.push(label);
      noteRead(`focus of "${label}"`);
      return focus.apply(this, args);
    };
    wrapMethod(Element.prototype, 'getBoundingClientRect');
    for (const name of ['clientHeight', 'clientWidth'])
      wrapGetter(Element.prototype, name);
    for (const name of ['offsetHeight', 'offsetWidth', 'offsetTop'])
      wrapGetter(HTMLElement.prototype, name);
    const innerHtml = Object.getOwnPropertyDescriptor(
      Element.prototype,
      'innerHTML',
    )!;
    Object.defineProperty(Element.prototype, 'innerHTML', {
      get: innerHtml.get,
      set(this: Element, html: string) {
        recorded.parses.push({
          into:
            this instanceof HTMLTemplateElement
              ? 'template'
              : this.hasAttribute('data-static-content')
                ? 'content'
                : 'other',
          length: String(html).length,
        });
        innerHtml.set!.call(this, html);
      },
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as {recorded: Record}).recorded);
}

/** Resolves once the page's idle callbacks asked for until now have run, twice over. */
const idle = (page: Page) =>
  page.evaluate(async () => {
    for (let round = 0; round < 2; round += 1)
      await new Promise((resolve) =>
        requestIdleCallback(() => setTimeout(resolve), {timeout: 5000}),
      );
  });

/** The docs sidebar's link to `path`. */
const sidebarLink = (page: Page, path: string) =>
  page
    .getByRole('navigation', {name: 'Docs sidebar'})
    .locator(`a[href="${path}"]`);

/**
 * Opens `from`, then follows the sidebar's link to the next doc once its page
 * is prefetched and read, the page at its top (a scroll's own event reads the
 * layout in the frame); returns its path.
 */
async function followNextDoc(page: Page, from: string): Promise<string> {
  const pagesIn = new Map<string, Promise<unknown>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'fetch')
      pagesIn.set(new URL(response.url()).pathname, response.finished());
  });
  await gotoHydrated(page, from);
  const path = (await nextDocLink(page).getAttribute('href'))!;
  await expect.poll(() => pagesIn.has(path)).toBe(true);
  await pagesIn.get(path);
  await idle(page);
  const heading = page.getByRole('heading', {level: 1});
  const before = (await heading.textContent())!;
  await sidebarLink(page, path).click();
  await expect(page).toHaveURL(path);
  // The address changes at the click; the old doc stays on screen until
  // the next one's code has loaded.
  await expect(heading).not.toHaveText(before);
  await waitForHydration(page);
  return path;
}

test("a followed link's doc is parsed ahead, a few blocks at a time in idle time, and the click puts its elements in the page without parsing its HTML, its islands working", async ({
  page,
  context,
}) => {
  const recorded = await record(page);
  await followNextDoc(page, '/docs/projects/intro');
  // The first load's own parses are React's, of its islands' HTML.
  const {parses} = await recorded();
  expect(
    parses.filter((parse) => parse.into === 'content'),
    'contents parsed from their HTML',
  ).toEqual([]);
  const pieces = parses.filter((parse) => parse.into === 'template');
  expect(pieces.length, 'pieces parsed ahead').toBeGreaterThan(10);
  const content = await page.locator('[data-static-content]').innerHTML();
  expect(
    Math.max(...pieces.map((piece) => piece.length)),
    'the longest piece parsed in one go, against the content',
  ).toBeLessThan(content.length);
  await expect(
    page.locator('[data-static-content]').getByRole('heading', {level: 1}),
  ).toBeVisible();
  // The elements are those of the page's own parse, the heights that the
  // blocks keep for when they are skipped apart.
  const [shown, served] = await page.evaluate(async () => {
    const live = document
      .querySelector('[data-static-content]')!
      .cloneNode(true) as Element;
    for (const block of Array.from(live.children))
      block.removeAttribute('style');
    const html = await (await fetch(window.location.pathname)).text();
    const own = new DOMParser()
      .parseFromString(html, 'text/html')
      .querySelector('[data-static-content]')!;
    return [live.innerHTML, own.innerHTML];
  });
  expect(shown).toBe(served);
  // Its islands work: a code block's buttons render once the pointer
  // reaches the block, and copy its code.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const codeBlock = page.locator('[data-static-content] pre').first();
  await codeBlock.hover();
  await codeBlock
    .locator('xpath=..')
    .getByRole('button', {name: 'Copy code to clipboard'})
    .click();
  const code = (await codeBlock.locator('code').innerText()).trim();
  await expect
    .poll(async () =>
      (await page.evaluate(() => navigator.clipboard.readText())).trim(),
    )
    .toBe(code);
});

test("a followed link's doc is painted before anything reads its layout; then the focus moves to the top of the page, and the table of contents follows the scroll", async ({
  page,
}) => {
  const recorded = await record(page);
  await followNextDoc(page, '/docs/projects/intro');
  await expect
    .poll(
      async () => (await recorded()).focused,
      'the focus moves to the top of the new page, as Docusaurus moves it',
    )
    .toContain('Skip to main content');
  const headings = page.locator('article h2.anchor');
  const heading = headings.nth(Math.min(2, (await headings.count()) - 1));
  const id = await heading.getAttribute('id');
  await heading.evaluate((element) => element.scrollIntoView());
  await expect(
    page.locator(`.table-of-contents a[href="#${id}"]`).first(),
  ).toHaveClass(/table-of-contents__link--active/);
  expect((await recorded()).readsBeforePaint).toEqual([]);
});

test('a link followed from the keyboard moves the focus to the top of the new page before its first frame, as the theme does: the next Tab reaches the skip link', async ({
  page,
}) => {
  const recorded = await record(page);
  await gotoHydrated(page, '/docs/projects/intro');
  const path = (await nextDocLink(page).getAttribute('href'))!;
  const link = sidebarLink(page, path);
  // The pointer passing over the link loads its route's code (it presses
  // nothing), so that the new page renders within the Enter's click.
  await link.hover();
  await idle(page);
  await link.focus();
  const title = page.locator('article h1');
  const firstTitle = (await title.textContent())!;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(path);
  await expect(title).not.toHaveText(firstTitle);
  const newTitle = (await title.textContent())!;
  expect((await recorded()).readsBeforePaint).toContain(
    `focus of "Skip to main content" on "${newTitle}"`,
  );
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('link', {name: 'Skip to main content'}),
  ).toBeFocused();
});

test('a followed link renders again only the sidebar items whose state it changes: an item that holds neither page renders only its link, which the router renders at each new address', async ({
  page,
}) => {
  const from = '/docs/projects/intro';
  await gotoHydrated(page, from);
  const path = (await nextDocLink(page).getAttribute('href'))!;
  const neither = `.theme-doc-sidebar-menu li.theme-doc-sidebar-item-link:not(:has(a[href="${from}"], a[href="${path}"]))`;
  const commits = await recordRenders(page, {neither});
  await gotoHydrated(page, from);
  const items = await page.locator(neither).count();
  expect(items, 'items that hold neither page').toBeGreaterThan(1);
  await sidebarLink(page, path).click();
  await expect(page).toHaveURL(path);
  await idle(page);

  const afterClick = (await commits()).filter((commit) => commit.path === path);
  expect(afterClick.length).toBeGreaterThan(0);
  for (const commit of afterClick)
    expect(commit.rendered.neither).toBeLessThanOrEqual(items);
});

test('a followed link renders nothing of the page it leaves while the next route loads, and the next doc’s table of contents once, its list the one the build wrote', async ({
  page,
}) => {
  const commits = await recordRenders(page, {
    page: '.main-wrapper',
    contents: '.theme-doc-toc-desktop',
    list: '.theme-doc-toc-desktop > ul',
  });
  const title = page.locator('article h1');
  await gotoHydrated(page, '/docs/projects/intro');
  const firstTitle = (await title.textContent())!;
  const path = (await nextDocLink(page).getAttribute('href'))!;
  await sidebarLink(page, path).click();
  await expect(title).not.toHaveText(firstTitle);
  const newTitle = (await title.textContent())!;
  await idle(page);

  const afterClick = (await commits()).filter((commit) => commit.path === path);
  const pending = afterClick.filter((commit) => commit.title === firstTitle);
  expect(pending.length, 'commits while the route loads').toBeGreaterThan(0);
  expect(pending.map((commit) => commit.rendered.page)).toEqual(
    pending.map(() => 0),
  );
  const arrived = afterClick.filter((commit) => commit.title === newTitle);
  expect(arrived[0]?.rendered.contents).toBeGreaterThan(0);
  // Its links come with the page the doc's content came with: React renders
  // none of them.
  expect(arrived.map((commit) => commit.rendered.list)).toEqual(
    arrived.map(() => 0),
  );
  await expect(
    page.locator('.theme-doc-toc-desktop > ul').getByRole('link'),
  ).not.toHaveCount(0);
  expect(arrived.slice(1).map((commit) => commit.rendered.contents)).toEqual(
    arrived.slice(1).map(() => 0),
  );
});

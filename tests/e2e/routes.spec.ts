import type {Locator, Page} from '@playwright/test';
import {
  test,
  expect,
  axe,
  gotoHydrated,
  gotoInMode,
  kindOf,
  layOutInFull,
  onePageOfEachKind,
  routes,
  settled,
} from '../support/test';
import {recordFirstLoad} from '../../tools/page-weight.mjs';
import {expectWithinBudgets} from '../support/route-checks/budgets';
import {expectDocIdentity} from '../support/route-checks/identity';
import {expectMarkdownCopyHoldsContent} from '../support/route-checks/markdown-copy';
import {expectSidebarAndToc} from '../support/route-checks/sidebar-and-toc';

// Every route, loaded once, for every check of a route's own page: its
// screen, what its first load transfers (the byte budgets), its Markdown
// copy's text, a doc's identity and its sidebar and table of contents
// (tests/support/route-checks/), axe's audit in both colour modes at desktop
// width and then at phone width, where it must fit the screen's width, and
// what it asks of other sites; the chrome a phone alone shows, from a first
// load at phone width, on one route of each kind. A page's
// Content-Security-Policy is checked by every test: Chromium reports each
// refusal on the console, which fails the test, so these loads, and the
// colour toggle in both, hold each route to its policy.

const widths = {
  phone: {width: 390, height: 844},
  desktop: {width: 1280, height: 800},
};

/**
 * The rules whose result hangs on colours alone. A colour mode changes the
 * colours of the same elements, whatever the width: the page's colours are
 * read at desktop width in both modes, and at phone width only what a phone
 * alone shows. The other rules run at both widths, as the layout changes
 * what they find (a table or code block that scrolls, a menu).
 */
const colourRules = ['color-contrast', 'link-in-text-block'];

/** What only a narrow view shows, beside its menu: the navbar as it is there, and a doc's table of contents' toggle. */
const phoneOnly = '.navbar, .theme-doc-toc-mobile';

// axe takes its time over a long doc page on a busy machine.
const axeTimeout = 90_000;

/** axe-core's findings in `scope`, one line each, so that a failure says what to fix. */
async function axeViolations(
  page: Page,
  scope = 'html',
  {only, without}: {only?: string[]; without?: string[]} = {},
): Promise<string[]> {
  const {violations} = await axe(page, {include: scope, rules: only, without});
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id}: ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ')}`,
    ),
  );
}

/** Until the transitions and fades under `elements` have ended: mid-fade, axe reads blended colours. */
const animationsEnded = (elements: Locator) =>
  elements.evaluateAll((roots) =>
    Promise.all(
      roots.flatMap((root) =>
        root.getAnimations({subtree: true}).map(({finished}) => finished),
      ),
    ),
  );

/**
 * Until the colours of a new colour mode have settled everywhere. The browser
 * skips the content out of view (content-visibility), and a transition there
 * waits until it is shown: the page is laid out in full, then every colour
 * transition is awaited.
 */
async function coloursSettled(page: Page) {
  await layOutInFull(page);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map(({finished}) => finished),
    ),
  );
}

/** Every link on the page that leads off the site, with how it opens. */
const externalLinks = (page: Page) =>
  page.locator('a[href]').evaluateAll((links) =>
    links
      .filter(
        (link) =>
          new URL((link as HTMLAnchorElement).href).origin !== location.origin,
      )
      .map((link) => ({
        href: (link as HTMLAnchorElement).href,
        target: link.getAttribute('target'),
        noopener: /\bnoopener\b/.test(link.getAttribute('rel') ?? ''),
        noreferrer: /\bnoreferrer\b/.test(link.getAttribute('rel') ?? ''),
      })),
  );

const opensSafely = {target: '_blank', noopener: true, noreferrer: true};

/** Each link on the page to another site opens in a new tab, with noopener noreferrer; returns them. */
async function expectExternalLinksOpenSafely(page: Page) {
  const links = await externalLinks(page);
  for (const link of links)
    expect(link, `${link.href} opens in a new tab`).toMatchObject(opensSafely);
  return links;
}

/** Loads `path` in colour `mode`: prerendered, not the 404 fallback. */
async function openInMode(page: Page, path: string, mode: 'light' | 'dark') {
  const response = await gotoInMode(page, path, mode);
  expect(response?.status(), 'prerendered, not the 404 fallback').toBe(200);
  return response;
}

for (const route of routes) {
  test.describe(route.path, () => {
    test.describe.configure({timeout: axeTimeout});

    test(`at desktop width shows "${route.heading}" within its byte budgets, asks nothing of other sites, and axe finds nothing in light or dark mode, nor in the layout at phone width, which fits the screen`, async ({
      page,
      request,
      baseURL,
      colourToggle,
    }) => {
      await page.setViewportSize(widths.desktop);
      const offSite: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol !== 'data:' && url.origin !== new URL(baseURL!).origin)
          offSite.push(request.url());
      });
      const firstLoad = recordFirstLoad(page);
      const response = await openInMode(page, route.path, 'light');
      await expect(page.getByRole('heading', {level: 1})).toHaveText(
        route.heading,
      );
      await expect(page).toHaveTitle(
        route.path === '/'
          ? 'Nodekeeper Documentation'
          : `${route.heading} | Nodekeeper Documentation`,
      );
      await settled(page);
      await test.step('first-load byte budgets', async () =>
        expectWithinBudgets(route.path, await firstLoad.measured()));
      await test.step('its Markdown copy holds every text its content shows', () =>
        expectMarkdownCopyHoldsContent(page, request, route.path));
      if (kindOf(route.path) === 'doc') {
        await test.step('its Markdown copy, report link and JSON-LD', () =>
          expectDocIdentity(page, request, response, route));
        await test.step('its sidebar and table of contents', () =>
          expectSidebarAndToc(page));
      }

      await page.waitForLoadState('load');
      expect(offSite, 'requests to other sites').toEqual([]);
      const links = await expectExternalLinksOpenSafely(page);
      // The announcement bar, the navbar's GitHub, the report line and four in the footer.
      expect(links.length).toBeGreaterThanOrEqual(7);

      expect(await axeViolations(page), 'light mode').toEqual([]);
      await colourToggle('dark').click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await coloursSettled(page);
      expect(
        await axeViolations(page, 'html', {only: colourRules}),
        'dark mode',
      ).toEqual([]);

      // The layout at phone width, from the same page: its colours were read above.
      await page.setViewportSize(widths.phone);
      await expect(
        page.getByRole('button', {name: 'Toggle navigation bar'}),
      ).toBeVisible();
      await settled(page);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        ),
        'the page is wider than a phone: wide tables and code scroll on their own',
      ).toBeLessThanOrEqual(0);
      expect(
        await axeViolations(page, 'html', {without: colourRules}),
        'phone width',
      ).toEqual([]);
    });
  });
}

// What only a phone shows, the navbar there, its menu and a doc's table of
// contents' toggle, is the same on every route of a kind: it is audited on
// one route of each kind, in both modes, the menu closed and open.
for (const route of onePageOfEachKind) {
  test(`at phone width on ${route.path}, the navbar and its menu, closed and open, pass axe in dark and light mode, and the menu’s links to other sites open in a new tab`, async ({
    page,
    colourToggle,
  }) => {
    test.setTimeout(axeTimeout);
    await page.setViewportSize(widths.phone);
    await openInMode(page, route.path, 'dark');
    expect(
      await axeViolations(page, phoneOnly, {only: colourRules}),
      'dark mode, menu closed',
    ).toEqual([]);

    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const menu = page.locator('.navbar-sidebar');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link').first()).toBeVisible();
    await animationsEnded(menu);
    await expect(menu.getByRole('link', {name: 'GitHub'})).toBeVisible();
    await expectExternalLinksOpenSafely(page);
    // The open menu makes the page behind it inert; the closed-menu run checked that page.
    expect(
      await axeViolations(page, '.navbar-sidebar'),
      'dark mode, menu open',
    ).toEqual([]);

    await colourToggle('light').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await animationsEnded(menu);
    expect(
      await axeViolations(page, '.navbar-sidebar', {only: colourRules}),
      'light mode, menu open',
    ).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await animationsEnded(page.locator(phoneOnly));
    expect(
      await axeViolations(page, phoneOnly, {only: colourRules}),
      'light mode, menu closed',
    ).toEqual([]);
  });
}

test('the page language is English, left to right', async ({page}) => {
  await gotoHydrated(page, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

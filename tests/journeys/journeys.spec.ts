// The journeys a reader makes, written once and run in each engine readers
// use: Chromium, Firefox and WebKit (Safari's engine), against the production
// build as nginx serves it. Each finds what it acts on by role and name, acts
// as a reader's pointer and keys do, and reads the page's state in the page.
import {test, expect} from './test';
import type {Reader, Target} from './reader';
import {holdScripts} from '../support/held-scripts';
import {servers} from '../support/servers';

// One worker runs an engine's journeys in turn, on the one browser it starts;
// a journey is several pages' work.
test.describe.configure({mode: 'default', timeout: 90_000});

const longDoc = '/docs/projects/yaml';
const mainNavigation: Target = {role: 'navigation', name: 'Main'};
const docsSidebar: Target = {role: 'navigation', name: 'Docs sidebar'};
const tableOfContents: Target = {role: 'navigation', name: 'On this page'};
const article: Target = {role: 'article', name: /^/};

/** The page's h1, its address (path, query and hash), and whether the document is the one `markDocument` marked. */
function where(reader: Reader) {
  return reader.evaluate(
    () => ({
      heading: document.querySelector('h1')?.textContent,
      address: location.pathname + location.search + location.hash,
      sameDocument: 'journeyDocument' in window,
    }),
    undefined,
  );
}

/** Marks the document, so that a later `where` tells a client-side navigation from a load. */
async function markDocument(reader: Reader): Promise<void> {
  await reader.evaluate(() => {
    Object.assign(window, {journeyDocument: true});
  }, undefined);
}

/** Waits until the page shows the doc titled `heading` at `address`. */
async function arrivesAt(reader: Reader, address: string, heading: string) {
  await reader.waitFor(
    ({address, heading}) =>
      location.pathname + location.search + location.hash === address &&
      document.querySelector('h1')?.textContent === heading &&
      document.documentElement.dataset.hasHydrated === 'true',
    {address, heading},
    `the page is "${heading}" at ${address}`,
  );
}

/** Whether an element whose own text includes `text` is shown. */
function shows(reader: Reader, text: string): Promise<boolean> {
  return reader.evaluate(
    (text) =>
      Array.from(document.querySelectorAll('p, li, td, span, div')).some(
        (element) =>
          Array.from(element.childNodes).some((node) =>
            node.nodeType === Node.TEXT_NODE
              ? node.textContent?.includes(text)
              : false,
          ) && element.checkVisibility(),
      ),
    text,
  );
}

/** Where the focus is, by its label or its tag. */
function focused(reader: Reader): Promise<string> {
  return reader.evaluate(() => {
    const element = document.activeElement;
    return (
      element?.getAttribute('aria-label') ??
      element?.textContent?.trim() ??
      String(element?.tagName)
    );
  });
}

/**
 * Notes, from now on, when Docusaurus moves the focus to the top of the page.
 * After a pointer's click it does so once the new page has painted (see
 * patches/README.md): a Tab pressed before then goes on from the link
 * followed, as it would for a reader that quick.
 */
async function watchFocusToTop(reader: Reader): Promise<void> {
  await reader.evaluate(() => {
    const page = window as {journeyFocusAtTop?: boolean};
    if (!('journeyFocusAtTop' in page))
      document.addEventListener('focusin', ({target}) => {
        if (
          target instanceof Element &&
          target.matches('[role="region"][aria-label="Skip to main content"]')
        )
          page.journeyFocusAtTop = true;
      });
    page.journeyFocusAtTop = false;
  }, undefined);
}

/**
 * Docusaurus moves the focus to the top of a page a link opened (and lets it
 * go, so the page has none): once it has, the next Tab reaches the skip link,
 * not the link after the one followed.
 */
async function expectTabToReachSkipLink(reader: Reader): Promise<void> {
  await reader.waitFor(
    () => (window as {journeyFocusAtTop?: boolean}).journeyFocusAtTop,
    undefined,
    "Docusaurus has moved the focus to the page's top",
  );
  await reader.press('Tab');
  expect(
    await reader.evaluate(() => {
      const element = document.activeElement;
      return `${element?.tagName} ${element?.textContent}`;
    }),
  ).toBe('A Skip to main content');
}

test('a first load of the home page and of a long doc shows the content, sidebar, table of contents and last update', async ({
  reader,
}) => {
  await reader.open('/');
  expect((await where(reader)).heading).toBe(
    'Monitor your nodes with Nodekeeper',
  );

  await reader.open(longDoc);
  const page = await reader.evaluate(() => {
    const navigation = (name: string) =>
      document.querySelector(`nav[aria-label="${name}"]`);
    const headingIds = Array.from(
      document.querySelectorAll('article h2[id], article h3[id]'),
      (heading) => heading.id,
    );
    return {
      heading: document.querySelector('h1')?.textContent,
      sidebarLinks:
        navigation('Docs sidebar')?.querySelectorAll('a[href]').length,
      contentsTargets: Array.from(
        navigation('On this page')?.querySelectorAll('a[href^="#"]') ?? [],
        (link) => link.getAttribute('href')!.slice(1),
      ).filter((id) => headingIds.includes(id)).length,
      contentsLinks: navigation('On this page')?.querySelectorAll('a').length,
      lastUpdated: document.querySelector('.theme-last-updated')?.textContent,
      tables: document.querySelectorAll('article table').length,
    };
  });
  expect(page.heading).toBe('nodekeeper.yaml reference');
  expect(page.sidebarLinks).toBeGreaterThan(5);
  expect(page.contentsLinks).toBeGreaterThan(5);
  expect(page.contentsTargets, 'every entry leads to a heading').toBe(
    page.contentsLinks,
  );
  expect(page.lastUpdated).toMatch(/^Last updated on \w+ \d+, \d{4}/);
  expect(page.tables).toBeGreaterThan(0);

  // The doc's end, laid out only as it nears the view, is there when scrolled
  // to: the engine lays it out and the reader can point at it.
  expect(
    await reader.evaluate(async () => {
      const last = Array.from(document.querySelectorAll('article h2')).at(-1)!;
      last.scrollIntoView({block: 'center'});
      await new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(resolve)),
      );
      const box = last.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + 5, box.top + 5);
      return box.height > 0 && last.contains(hit);
    }),
  ).toBe(true);
});

test('a reader moves through the docs client-side: the sidebar, a content link, Back and Forward, a hash link; scroll and focus go where Docusaurus puts them', async ({
  reader,
}) => {
  await reader.open(longDoc);
  await markDocument(reader);

  // A table-of-contents link scrolls its heading to the top, below the navbar.
  const [, , third] = await reader.evaluate(
    () =>
      Array.from(
        document.querySelectorAll<HTMLAnchorElement>(
          'nav[aria-label="On this page"] a',
        ),
        (link) => ({name: link.textContent!, id: link.hash.slice(1)}),
      ),
    undefined,
  );
  await reader.click({
    role: 'link',
    name: third!.name,
    within: tableOfContents,
  });
  await arrivesAt(
    reader,
    `${longDoc}#${third!.id}`,
    'nodekeeper.yaml reference',
  );
  await reader.waitFor(
    (id) => {
      const {top} = document.getElementById(id)!.getBoundingClientRect();
      const navbar = document.querySelector('.navbar')!.getBoundingClientRect();
      return top >= navbar.bottom - 1 && top < navbar.bottom + 100;
    },
    third!.id,
    'the heading is at the top of the view, below the navbar',
  );

  // The sidebar: the next doc opens at its top, the focus at the page's top.
  await reader.evaluate(() => window.scrollBy(0, 1500), undefined);
  await watchFocusToTop(reader);
  await reader.click({role: 'link', name: 'Introduction', within: docsSidebar});
  await arrivesAt(reader, '/docs/intro', 'Introduction');
  expect(await reader.evaluate(() => window.scrollY, undefined)).toBe(0);
  await expectTabToReachSkipLink(reader);

  // A link in the doc's content.
  await watchFocusToTop(reader);
  await reader.click({role: 'link', name: 'Bundles', within: article});
  await arrivesAt(reader, '/docs/projects/bundles', 'Bundles');
  await expectTabToReachSkipLink(reader);

  await reader.back();
  await arrivesAt(reader, '/docs/intro', 'Introduction');
  await reader.forward();
  await arrivesAt(reader, '/docs/projects/bundles', 'Bundles');
  expect(await reader.evaluate(() => window.scrollY, undefined)).toBe(0);
  expect((await where(reader)).sameDocument, 'no page was loaded').toBe(true);
});

test("the next doc is prefetched ahead of the click, in the engine's own way, and the click loads nothing more of it", async ({
  reader,
}) => {
  await reader.open('/docs/projects/intro');
  const next = '/docs/projects/ci';
  const {linkPrefetch} = await reader.evaluate(() => {
    const failed: string[] = [];
    const done: string[] = [];
    Object.assign(window, {failedPrefetches: failed, linkPrefetches: done});
    for (const [type, list] of [
      ['error', failed],
      ['load', done],
    ] as const)
      document.addEventListener(
        type,
        (event) => {
          if (event.target instanceof HTMLLinkElement)
            list.push(new URL(event.target.href).pathname);
        },
        true,
      );
    return {
      linkPrefetch: document.createElement('link').relList.supports('prefetch'),
    };
  });
  /** The resources the page has loaded, and how it asked for each. */
  const loaded = () =>
    reader.evaluate(
      () =>
        performance.getEntriesByType('resource').map((entry) => ({
          path: new URL(entry.name).pathname,
          by: (entry as PerformanceResourceTiming).initiatorType,
        })),
      undefined,
    );

  await reader.evaluate(() => {
    const link = document.querySelector(
      'nav[aria-label="Docs pages"] a.pagination-nav__link--next',
    )!;
    link.scrollIntoView({block: 'center'});
  });
  // Docusaurus prefetches the route's chunks with <link rel="prefetch">
  // (Firefox lists no resource timing for it: its load event says it is in),
  // or a request where the engine has none (WebKit); the site fetches the
  // doc's page, whose HTML holds its content.
  await expect
    .poll(async () => {
      const now = await loaded();
      const linked = await reader.evaluate(
        () => (window as unknown as {linkPrefetches: string[]}).linkPrefetches,
      );
      return {
        page: now.some(({path, by}) => path === next && by === 'fetch'),
        chunks: linkPrefetch
          ? linked.some((path) => path.startsWith('/assets/js/'))
          : // WebKit lists no second request for a chunk its cache holds:
            // the links in view at load may have prefetched it already.
            now.some(
              ({path, by}) =>
                path.startsWith('/assets/js/') && by === 'xmlhttprequest',
            ),
      };
    })
    .toEqual({page: true, chunks: true});

  await markDocument(reader);
  await reader.click({
    role: 'link',
    name: /^Next/,
    within: {role: 'navigation', name: 'Docs pages'},
  });
  await arrivesAt(reader, next, 'Apply from CI');
  // The click fetches neither the doc's page nor a prefetched chunk again.
  const fetches = (await loaded()).filter(({by}) => by !== 'script');
  expect(
    fetches.filter(
      ({path}, index) =>
        fetches.findIndex((other) => other.path === path) !== index,
    ),
    'what was fetched again',
  ).toEqual([]);
  expect((await where(reader)).sameDocument).toBe(true);
  expect(
    await reader.evaluate(
      () =>
        (window as unknown as {failedPrefetches: string[]}).failedPrefetches,
      undefined,
    ),
    'prefetches that failed with an error event',
  ).toEqual([]);
});

/** Works the islands of the fixtures' islands doc: Tabs and their group, a code block's copy button, details. */
async function workIslands(reader: Reader): Promise<void> {
  for (const [tab, first, second] of [
    ['Cosmos', 'Prose in the Cosmos tab.', 'The second Cosmos tab.'],
    ['EVM', 'Prose in the EVM tab', 'The second EVM tab.'],
  ] as const) {
    await reader.click({role: 'tab', name: tab});
    await expect
      .poll(async () => [
        await shows(reader, first),
        await shows(reader, second),
      ])
      .toEqual([true, true]);
    expect((await where(reader)).address).toContain(
      `chain=${tab.toLowerCase()}`,
    );
  }
  await copyCode(reader, /^evm\.yaml/);
  await openAndCloseDetails(
    reader,
    'Open to read the collapsed prose',
    'Prose that shows once the section is open.',
  );
}

/** Clicks the copy button of the code block named `name`, its buttons rendered by the pointer reaching it. */
async function copyCode(reader: Reader, name: RegExp): Promise<void> {
  const codeBlock: Target = {role: 'codeBlock', name};
  // The button says so for a second: the page notes it whenever it does.
  await reader.evaluate(() => {
    delete (window as {journeyCopied?: true}).journeyCopied;
    new MutationObserver((changes, observer) => {
      if (
        changes.some(
          ({target}) =>
            target instanceof Element &&
            target.getAttribute('aria-label') === 'Copied',
        )
      ) {
        Object.assign(window, {journeyCopied: true});
        observer.disconnect();
      }
    }).observe(document.body, {
      attributeFilter: ['aria-label'],
      subtree: true,
    });
  });
  await reader.hover(codeBlock);
  await reader.click({
    role: 'button',
    name: 'Copy code to clipboard',
    within: codeBlock,
  });
  await reader.waitFor(
    () => 'journeyCopied' in window,
    undefined,
    'the copy button has said "Copied"',
  );
}

/** Wraps the lines of the code block named `name` with its word-wrap button. */
async function wrapCode(reader: Reader, name: RegExp): Promise<void> {
  const codeBlock: Target = {role: 'codeBlock', name};
  await reader.hover(codeBlock);
  await reader.click({
    role: 'button',
    name: 'Toggle word wrap',
    within: codeBlock,
  });
  await reader.waitFor(
    () =>
      Array.from(document.querySelectorAll('.theme-code-block code')).some(
        (code) => getComputedStyle(code).whiteSpace === 'pre-wrap',
      ),
    undefined,
    'the code wraps',
  );
}

/** Opens and closes the details whose summary is `summary`, which hide `text`. */
async function openAndCloseDetails(
  reader: Reader,
  summary: string,
  text: string,
): Promise<void> {
  expect(await shows(reader, text)).toBe(false);
  await reader.click({role: 'button', name: summary});
  await expect.poll(() => shows(reader, text)).toBe(true);
  await reader.click({role: 'button', name: summary});
  await expect.poll(() => shows(reader, text)).toBe(false);
}

test("the islands in a doc's static content work after a first load and after a client-side navigation", async ({
  reader,
}) => {
  await reader.open(
    new URL('/docs/islands/in-static-content', servers.fixtures.url).href,
  );
  await workIslands(reader);
  await markDocument(reader);
  await reader.click({role: 'link', name: 'a link to bundles'});
  await arrivesAt(reader, '/docs/projects/bundles#built-in-bundles', 'Bundles');
  await reader.back();
  await reader.waitUntilHydrated();
  await workIslands(reader);
  expect((await where(reader)).sameDocument).toBe(true);
});

test("a code block's word wrap and a doc's details work after a first load and after a client-side navigation", async ({
  reader,
}) => {
  await reader.open('/docs/operations/security');
  await wrapCode(reader, /User-Agent: Nodekeeper-Probe/);
  await markDocument(reader);
  await reader.click({
    role: 'link',
    name: /^Previous/,
    within: {role: 'navigation', name: 'Docs pages'},
  });
  await arrivesAt(reader, '/docs/alerts/webhook-receiver', 'Webhook receiver');
  await wrapCode(reader, /^receiver\.php/);
  await copyCode(reader, /^receiver\.php/);
  await openAndCloseDetails(
    reader,
    'The receiver answers something else',
    'to print why, and read',
  );
  expect((await where(reader)).sameDocument).toBe(true);
});

test('the colour toggle switches the mode, and the next load keeps it', async ({
  reader,
}) => {
  await reader.open('/docs/intro');
  const background = () =>
    reader.evaluate(
      () => [
        document.documentElement.dataset.theme,
        getComputedStyle(document.documentElement).backgroundColor,
      ],
      undefined,
    );
  const [lightMode, lightBackground] = await background();
  expect(lightMode).toBe('light');
  await reader.click({
    role: 'button',
    name: 'Switch to dark mode',
    within: mainNavigation,
  });
  await expect.poll(async () => (await background())[0]).toBe('dark');
  const [, darkBackground] = await background();
  expect(darkBackground).not.toBe(lightBackground);

  await reader.open('/');
  expect(await background()).toEqual(['dark', darkBackground]);
  await reader.click({
    role: 'button',
    name: 'Switch to light mode',
    within: mainNavigation,
  });
  await expect.poll(background).toEqual(['light', lightBackground]);
});

test('the phone menu at 390 px opens with the focus in it and the page behind inert, closes on Escape, and closes past 996 px', async ({
  reader,
  noteLimit,
}) => {
  const view = await reader.resize(390, 844);
  if (view.width !== 390)
    noteLimit({
      step: 'a view 390 px wide',
      why: `the browser's window is ${view.width} px wide at its narrowest: the phone menu is tested at that width, below 996 px`,
    });
  expect(view.width).toBeLessThan(997);
  await reader.open('/docs/projects/bundles');
  const toggle: Target = {role: 'button', name: 'Toggle navigation bar'};
  const menu = () =>
    reader.evaluate(() => {
      const menu = document.querySelector('.navbar-sidebar');
      const link = document.querySelector<HTMLElement>('main a[href]')!;
      const focusBefore = document.activeElement;
      link.focus();
      // An inert element takes no focus.
      const pageTakesFocus = document.activeElement === link;
      if (pageTakesFocus && focusBefore instanceof HTMLElement)
        focusBefore.focus();
      return {
        open: document
          .querySelector('.navbar')!
          .classList.contains('navbar-sidebar--show'),
        // Drawn at all: a closing menu slides out over the button that
        // opens it, and a reader taps the button once the menu has gone.
        drawn: menu !== null && getComputedStyle(menu).visibility !== 'hidden',
        focusInMenu: menu?.contains(document.activeElement) ?? false,
        pageInert: document.querySelector('main')!.closest('[inert]') !== null,
        pageTakesFocus,
      };
    });

  await reader.click(toggle);
  await expect.poll(menu).toEqual({
    open: true,
    drawn: true,
    focusInMenu: true,
    pageInert: true,
    pageTakesFocus: false,
  });
  await reader.press('Escape');
  await expect.poll(menu).toMatchObject({
    open: false,
    drawn: false,
    pageInert: false,
    pageTakesFocus: true,
  });
  expect(await focused(reader)).toBe('Toggle navigation bar');

  await reader.click(toggle);
  await expect.poll(menu).toMatchObject({open: true, pageInert: true});
  await reader.resize(1100, 800);
  await expect
    .poll(menu)
    .toMatchObject({open: false, pageInert: false, pageTakesFocus: true});
});

test('the announcement bar closes, and stays closed on the next load', async ({
  reader,
}) => {
  await reader.open('/');
  const bar = () =>
    reader.evaluate(
      () =>
        Array.from(document.querySelectorAll('[role="banner"]')).some(
          (banner) =>
            banner.textContent?.includes('public preview') &&
            banner.getClientRects().length > 0,
        ),
      undefined,
    );
  expect(await bar()).toBe(true);
  await reader.click({
    role: 'button',
    name: 'Close',
    within: {role: 'banner', name: /public preview/},
  });
  await expect.poll(bar).toBe(false);
  await reader.open('/docs/intro');
  expect(await bar()).toBe(false);
});

test.describe('an address the site does not have', () => {
  // Chromium logs the 404 status as an error; it is the point here.
  test.use({allowErrors: /status of 404/});

  test('shows the not-found page, with the navbar to leave it by', async ({
    reader,
  }) => {
    await reader.open('/docs/no-such-doc');
    expect((await where(reader)).heading).toBe('Page Not Found');
    await reader.click({
      role: 'link',
      name: 'Tutorial',
      within: mainNavigation,
    });
    await arrivesAt(reader, '/docs/intro', 'Introduction');
  });

  for (const path of ['/docs/no-such-doc', '/no-such-page']) {
    test(`keeps the not-found title once hydrated at ${path}`, async ({
      reader,
    }) => {
      await reader.open(path);
      expect((await where(reader)).heading).toBe('Page Not Found');
      // The head is written after React commits; two frames later it is.
      const title = await reader.evaluate(
        () =>
          new Promise<string>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() => resolve(document.title)),
            ),
          ),
      );
      expect(title).toBe('Page Not Found | Nodekeeper Documentation');
    });
  }
});

test.describe('a route whose code fails to load', () => {
  // The engine logs the failed loads; nothing else is logged.
  test.use({allowErrors: /^Failed to load resource|^Loading failed for/});

  test('logs a warning and reloads the page in full', async ({
    reader,
    noteLimit,
  }) => {
    await reader.open('/');
    noteLimit(await reader.failChunksUntilReload());
    await markDocument(reader);
    await reader.click({
      role: 'link',
      name: 'Tutorial',
      within: mainNavigation,
    });
    await reader.waitFor(
      () =>
        location.pathname === '/docs/intro' &&
        !('journeyDocument' in window) &&
        document.documentElement.dataset.hasHydrated === 'true',
      undefined,
      'the page has loaded /docs/intro in full',
    );
    expect((await where(reader)).heading).toBe('Introduction');
    expect((await reader.reports()).warnings).toContainEqual(
      expect.stringMatching(/chunk/i),
    );
  });
});

test('a tap before the page hydrates does what it does after, once the page has: the colour toggle and a sidebar caret', async ({
  reader,
  noteLimit,
}) => {
  if (reader.engine === 'webkit') {
    noteLimit({
      step: 'a tap before the page hydrates',
      why: 'WebKitWebDriver runs each command once the page has loaded, and a page whose scripts are held has not: nothing can be tapped before hydration',
    });
    return;
  }
  const held = await holdScripts(servers.site.url);
  try {
    // Opened from another page: a driver's own load would wait for the
    // held scripts.
    await reader.open('/');
    await reader.evaluate((url) => {
      location.href = url;
    }, `${held.origin}/docs/intro`);
    await reader.waitFor(
      (origin) =>
        location.origin === origin &&
        document.querySelector('h1')?.textContent === 'Introduction',
      held.origin,
      'the server’s HTML of /docs/intro is shown',
    );
    await reader.click({
      role: 'button',
      name: 'Switch to dark mode',
      within: mainNavigation,
    });
    await reader.click({
      role: 'button',
      name: "Expand sidebar category 'Projects'",
      within: docsSidebar,
    });
    expect(
      await reader.evaluate(
        () => document.documentElement.dataset.hasHydrated,
        undefined,
      ),
    ).toBe('false');
    held.release();
    await reader.waitUntilHydrated();
    await reader.waitFor(
      () =>
        document.documentElement.dataset.theme === 'dark' &&
        document.querySelector(
          '[aria-label="Collapse sidebar category \'Projects\'"]',
        ) !== null,
      undefined,
      'the page is dark and the Projects category open',
    );
  } finally {
    await reader.evaluate(() => localStorage.clear(), undefined);
    held.release();
  }
});

// What a reader does after the first load, measured in Chromium at 4× CPU
// slowdown (a mid-range phone): a click on a sidebar link to a doc, from the
// click to the first frame painted with the whole doc in the page, and the
// blocking time (the part of each long task beyond 50 ms) in the 3 s after
// it; and each interaction's Event Timing duration, as INP counts it (the
// longest event of the interaction, from the input to the next paint).
import {setTimeout as sleep} from 'node:timers/promises';
import {chromium} from '@playwright/test';
import {chromiumLaunchOptions} from '../../tools/chromium.mjs';

/** The CPU slowdown, as Lighthouse's mobile preset has it. */
export const cpuSlowdown = 4;
/** Event Timing reports no event shorter than this, in ms. */
export const eventTimingFloor = 16;
/** How long after a navigation its blocking time is counted, in ms. */
const blockingWindow = 3000;

/** The interactions measured, by name, in the order a reader makes them. */
export const interactionNames = [
  'colour-mode toggle',
  'sidebar category',
  'table of contents',
  'Tabs',
  'details',
  'copy button',
  'phone menu',
];

/** @typedef {import('@playwright/test').Page} Page */

/** @param {Page} page */
async function hydrated(page) {
  await page.waitForSelector('html[data-has-hydrated]', {timeout: 60_000});
}

/** @param {Page} page */
async function slowDown(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: cpuSlowdown});
}

/**
 * The text of the last h2 or h3 of a served page's article.
 * @param {string} url
 */
async function lastHeading(url) {
  const html = await (await fetch(url)).text();
  const article = html.slice(html.indexOf('<article'));
  const headings = [...article.matchAll(/<h[23][^>]*>([\s\S]*?)<\/h[23]>/g)];
  const last = headings.at(-1)?.[1];
  if (!last) throw new Error(`${url} has no h2 or h3 in its article`);
  return last
    .replace(/<a [^>]*class="hash-link[\s\S]*?<\/a>/, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .trim();
}

/**
 * Opens `from`, shows the sidebar link to `to` (opening its category, not
 * measured), gives Docusaurus time to prefetch it, then clicks it at 4×
 * slowdown. Returns the ms from the click to the first frame painted with the
 * doc's last heading in the page, and the blocking time in the 3 s after.
 * @param {import('@playwright/test').Browser} browser
 * @param {{origin: string, from: string, to: string}} navigation
 */
async function navigate(browser, {origin, from, to}) {
  const heading = await lastHeading(`${origin}${to}`);
  const context = await browser.newContext({
    viewport: {width: 1280, height: 800},
  });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}${from}`);
    await hydrated(page);
    // Not a category's own link, which points to its first doc until the
    // page has hydrated.
    const link = page.locator(
      `.theme-doc-sidebar-menu a:not(.menu__link--sublist)[href="${to}"]`,
    );
    // A collapsed category renders its links once opened: the categories are
    // opened one by one until the link is there.
    const categories = page.locator(
      '.theme-doc-sidebar-menu .theme-doc-sidebar-item-category-level-1',
    );
    for (
      let index = 0, count = await categories.count();
      index < count && (await link.count()) === 0;
      index += 1
    ) {
      const category = categories.nth(index);
      if (
        !(await category.evaluate((element) =>
          element.classList.contains('menu__list-item--collapsed'),
        ))
      )
        continue;
      await category
        .locator(':scope > div > :is(.menu__caret, .menu__link--sublist-caret)')
        .click();
    }
    await link.waitFor({state: 'visible'});
    await sleep(2000);
    await slowDown(page);
    await page.evaluate(
      ({to, heading, blockingWindow}) => {
        const state = {
          clickAt: -1,
          paintedAt: -1,
          /** @type {{startTime: number, duration: number}[]} */
          longTasks: [],
          blockingWindow,
        };
        Object.assign(window, {afterLoad: state});
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            state.longTasks.push({
              startTime: entry.startTime,
              duration: entry.duration,
            });
        }).observe({type: 'longtask'});
        document.addEventListener(
          'click',
          (event) => {
            state.clickAt = event.timeStamp;
          },
          {capture: true, once: true},
        );
        const arrived = () => {
          if (window.location.pathname !== to) return false;
          const headings = document.querySelectorAll('article h2, article h3');
          return (
            headings[headings.length - 1]?.textContent?.includes(heading) ??
            false
          );
        };
        const watch = new MutationObserver(() => {
          if (!arrived()) return;
          watch.disconnect();
          requestAnimationFrame(() =>
            setTimeout(() => {
              state.paintedAt = performance.now();
            }),
          );
        });
        watch.observe(document.body, {childList: true, subtree: true});
      },
      {to, heading, blockingWindow},
    );
    await link.click();
    await page.waitForFunction(
      () =>
        /** @type {any} */ (window).afterLoad.paintedAt >= 0 &&
        performance.now() >
          /** @type {any} */ (window).afterLoad.clickAt +
            /** @type {any} */ (window).afterLoad.blockingWindow,
      undefined,
      {timeout: 60_000, polling: 250},
    );
    return await page.evaluate(() => {
      const {clickAt, paintedAt, longTasks, blockingWindow} =
        /** @type {any} */ (window).afterLoad;
      const blocking = longTasks
        .filter(
          (/** @type {{startTime: number}} */ task) =>
            task.startTime >= clickAt &&
            task.startTime < clickAt + blockingWindow,
        )
        .reduce(
          (/** @type {number} */ sum, /** @type {{duration: number}} */ task) =>
            sum + Math.max(0, task.duration - 50),
          0,
        );
      return {navigation: paintedAt - clickAt, blocking};
    });
  } finally {
    await context.close();
  }
}

/**
 * Starts recording the page's Event Timing entries; returns what gives the
 * duration of the interactions since the last call (the longest event of the
 * longest one; the floor when none was long enough to be reported).
 * @param {Page} page
 */
async function eventTiming(page) {
  await page.evaluate((floor) => {
    /** @type {number[]} */
    const durations = [];
    Object.assign(window, {eventDurations: durations});
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (/** @type {any} */ (entry).interactionId)
          durations.push(entry.duration);
    }).observe(
      /** @type {PerformanceObserverInit} */ ({
        type: 'event',
        durationThreshold: floor,
      }),
    );
  }, eventTimingFloor);
  return async () => {
    // Entries come after the frame that ends the interaction is painted.
    await sleep(1000);
    return page.evaluate(
      (floor) =>
        Math.max(
          floor,
          .../** @type {any} */ (window).eventDurations.splice(0),
        ),
      eventTimingFloor,
    );
  };
}

/**
 * Clicks `target` once the pointer has come to it and the page has settled,
 * as a reader's pointer arrives before the click; returns the click's
 * interaction's duration (the pointer's arrival is no interaction). The click
 * is the mouse's own press and release where the pointer rests: Playwright's
 * `click()` also checks, with listeners of its own in the page, that the
 * press lands on the target, main-thread time of the harness's counted in
 * each side's interaction.
 * @param {Page} page
 * @param {import('@playwright/test').Locator} target
 * @param {() => Promise<number>} duration
 */
async function interact(page, target, duration) {
  await target.scrollIntoViewIfNeeded();
  await target.hover();
  // An island near the view or under the pointer renders; the layout
  // catches up.
  await sleep(1500);
  // Where the target is now, should the layout have moved it.
  await target.hover();
  await duration();
  await page.mouse.down();
  await page.mouse.up();
  return duration();
}

/**
 * The interactions of a reader on `route`, loaded in full first; those whose
 * element the page lacks are left out.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 */
async function interactions(browser, url) {
  /** @type {Record<string, number>} */
  const durations = {};
  const desktop = await browser.newContext({
    viewport: {width: 1280, height: 800},
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  try {
    const page = await desktop.newPage();
    await page.goto(url);
    await hydrated(page);
    await sleep(2000);
    await slowDown(page);
    const duration = await eventTiming(page);
    const article = page.locator('article');
    /** @type {[string, import('@playwright/test').Locator][]} */
    const targets = [
      [
        'colour-mode toggle',
        page.locator('.navbar').getByRole('button', {
          name: /dark and light mode|to (dark|light) mode/,
        }),
      ],
      [
        'sidebar category',
        page
          .locator('.theme-doc-sidebar-menu .menu__list-item--collapsed')
          .first()
          .locator('.menu__caret, .menu__link--sublist-caret')
          .first(),
      ],
      [
        'table of contents',
        page
          .locator('.table-of-contents a')
          .nth(
            Math.floor(
              (await page.locator('.table-of-contents a').count()) / 2,
            ),
          ),
      ],
      ['Tabs', article.locator('[role="tab"][aria-selected="false"]').first()],
      ['details', article.locator('details > summary').first()],
      [
        'copy button',
        article
          .locator('pre')
          .first()
          .locator('xpath=..')
          .getByRole('button', {name: /copy/i}),
      ],
    ];
    for (const [name, target] of targets) {
      if ((await target.count()) === 0) continue;
      durations[name] = await interact(page, target, duration);
    }
  } finally {
    await desktop.close();
  }
  const phone = await browser.newContext({
    viewport: {width: 390, height: 844},
  });
  try {
    const page = await phone.newPage();
    await page.goto(url);
    await hydrated(page);
    await sleep(2000);
    await slowDown(page);
    const duration = await eventTiming(page);
    durations['phone menu'] = await interact(
      page,
      page.getByRole('button', {name: 'Toggle navigation bar'}),
      duration,
    );
  } finally {
    await phone.close();
  }
  return durations;
}

/**
 * A first load of `url` at 4× slowdown: the ms from the start of navigation
 * until each block of the doc's content has been laid out once, keeping its
 * height (the layout in turn of packages/static-content); undefined where the
 * page lays its content out at once (stock).
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @returns {Promise<number | undefined>}
 */
async function layoutInTurn(browser, url) {
  const context = await browser.newContext({
    viewport: {width: 1280, height: 800},
  });
  try {
    const page = await context.newPage();
    await slowDown(page);
    await page.goto(url);
    await hydrated(page);
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          const content = document.querySelector('[data-deferred-layout]');
          if (!content) return resolve(undefined);
          const laidOut = () =>
            Array.from(content.children).every(
              (block) =>
                !(block instanceof HTMLElement) ||
                block.style.containIntrinsicBlockSize !== '',
            );
          if (laidOut()) return resolve(performance.now());
          new MutationObserver((_, observer) => {
            if (!laidOut()) return;
            observer.disconnect();
            resolve(performance.now());
          }).observe(content, {
            subtree: true,
            attributes: true,
            attributeFilter: ['style'],
          });
        }),
    );
  } finally {
    await context.close();
  }
}

/**
 * Measures each side's navigation and interactions on each doc, `runs` times,
 * the sides taken in turn within each run.
 * @param {{sides: Record<string, string>, docs: {name: string, route: string, from: string}[], runs: number}} plan
 *   sides: origin by name; docs: the doc's route and the page its navigation starts from.
 */
export async function measureAfterLoad({sides, docs, runs}) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  /** @type {Record<string, Record<string, Record<string, number[]>>>} */
  const results = {};
  try {
    for (let run = 0; run < runs; run += 1)
      for (const doc of docs)
        for (const [side, origin] of Object.entries(sides)) {
          /** @type {Record<string, number>} */
          const figures = {
            ...(await navigate(browser, {
              origin,
              from: doc.from,
              to: doc.route,
            })),
            ...(await interactions(browser, `${origin}${doc.route}`)),
          };
          const layout = await layoutInTurn(browser, `${origin}${doc.route}`);
          if (layout !== undefined) figures['layout in turn'] = layout;
          const forDoc = ((results[doc.name] ??= {})[side] ??= {});
          for (const [figure, value] of Object.entries(figures))
            (forDoc[figure] ??= []).push(value);
        }
  } finally {
    await browser.close();
  }
  return results;
}

// What a reader sees of an article, and a reader's way through it, for the
// tests that compare this site's build of a page with the stock build of the
// same page (tests/e2e/compatibility.spec.ts, tests/corpus-e2e/).
import type {Browser, Locator, Page} from '@playwright/test';
import {expect, waitForHydration} from './test';

/** What a reader sees of the page now. */
export type Seen = {
  readonly url: string;
  readonly text: string;
  readonly images: string[];
  readonly pressed: string[];
  readonly head: string[];
  readonly marked: string[];
  readonly parents: string[];
  readonly colours: string[];
  /** With `full`: the headings, and whether each image shown loaded. */
  readonly headings?: string[];
  readonly loaded?: string[];
};

/** How much of the page `seen` reads: `full` adds headings and images loaded. */
export type Detail = 'basic' | 'full';

/** What the writer wrote: a doc's Markdown, or a page's article. */
export const articleOf = (page: Page) =>
  page.locator(
    '.theme-doc-markdown, main article:not(:has(.theme-doc-markdown))',
  );

/**
 * What a reader sees of the page now, read in one pass inside the page (the
 * comparisons read it at every step, on both builds).
 */
export async function seen(
  page: Page,
  detail: Detail = 'basic',
): Promise<Seen> {
  const url = new URL(page.url());
  const read = await articleOf(page).evaluate(async (article, full) => {
    // The whole article laid out, as a reload does: innerText leaves out
    // the blocks the browser skips out of view.
    document.documentElement.setAttribute('data-full-layout', '');
    const all = (selector: string) =>
      Array.from(article.querySelectorAll<HTMLElement>(selector));
    const shown = (element: HTMLElement) => element.offsetParent !== null;
    const basic = {
      text: (article as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
      // Each image shown, by its text and its file (without the bundler's hash).
      images: (all('img') as HTMLImageElement[])
        .filter(shown)
        .map(
          (image) =>
            `${image.alt}: ${image.src.replace(/^.*\//, '').replace(/-[0-9a-f]{8}(?=\.)/, '')}`,
        ),
      // What the page's <Head>, or a <head> in its Markdown, sets; in any
      // order, as Helmet's order of the tags is nothing a reader sees.
      head: [
        document.title,
        ...Array.from(
          document.head.querySelectorAll(
            'meta[name^="compat"], meta[name="description"], link[rel="canonical"]',
          ),
          (element) =>
            element.getAttribute('content') ?? element.getAttribute('href')!,
        ).sort(),
      ],
      // Where the elements whose parent HTML restricts stand: an element
      // around them would show here (and in the text, were it moved).
      parents: all('li, tr, td, th, tbody, thead, dt, dd, option, summary').map(
        (element) =>
          `${element.localName} in ${element.parentElement?.localName}`,
      ),
      // The colour of the code shown, as the browser computes it, in runs of
      // text of one colour: stock writes an empty token on an empty line and
      // may cut tokens elsewhere, and a space has no colour a reader sees.
      colours: all('.prism-code .token')
        .filter(shown)
        .reduce<{text: string; style: string}[]>((runs, token) => {
          const {color, fontStyle, opacity} = getComputedStyle(token);
          const style = `${color} ${fontStyle} ${opacity}`;
          const text = token.textContent ?? '';
          const last = runs.at(-1);
          if (last && (last.style === style || text.trim() === ''))
            last.text += text;
          else if (text !== '') runs.push({text, style});
          return runs;
        }, [])
        .map(({text, style}) => `${text}: ${style}`),
      // Each code line shown that a magic comment or a range marks, by its class.
      marked: all(
        '.token-line:is(.theme-code-block-highlighted-line, .code-block-error-line)',
      )
        .filter(shown)
        .map(
          (line) =>
            `${line.classList.contains('code-block-error-line') ? 'error' : 'highlighted'}: ${line.textContent?.trim()}`,
        ),
      pressed: all(
        '[aria-pressed="true"], [aria-selected="true"], details[open]',
      ).map((element) => element.textContent?.trim() ?? ''),
    };
    if (!full) return basic;
    const headings = all('h1, h2, h3, h4, h5, h6').map(
      (heading) =>
        `${heading.localName}#${heading.id}: ${heading.textContent?.trim()}`,
    );
    // An image loads in its own time, a lazy one only once near the view:
    // each one shown that is still pending is brought into view and given a
    // few seconds to settle, so that both builds are read settled.
    const images = (all('img') as HTMLImageElement[]).filter(shown);
    const {scrollX, scrollY} = window;
    for (const image of images.filter(({complete}) => !complete)) {
      image.scrollIntoView({block: 'center'});
      const deadline = performance.now() + 5_000;
      while (!image.complete && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
    scrollTo(scrollX, scrollY);
    const loaded = images.map((image) =>
      image.complete && image.naturalWidth > 0 ? 'loaded' : 'not loaded',
    );
    return {...basic, headings, loaded};
  }, detail === 'full');
  return {url: url.pathname + url.search + url.hash, ...read};
}

/** How a comparison reaches a page: loaded, or by a link from its hub. */
export type Arrival = 'first load' | 'navigation';

/**
 * Opens `path` of the build at `base` on a first load, or from the page at
 * `hub` by the link `linkOf(hub page)`, which must route in the page.
 */
export async function openPage(
  page: Page,
  {
    base,
    path,
    hub,
    linkOf,
  }: {
    base: string;
    path: string;
    hub: string;
    linkOf: (page: Page) => Locator;
  },
  how: Arrival,
): Promise<void> {
  if (how === 'first load') {
    await page.goto(new URL(path, base).href);
    await waitForHydration(page);
    return;
  }
  await page.goto(new URL(hub, base).href);
  await waitForHydration(page);
  const documents = await page.evaluate(() => performance.timeOrigin);
  const heading = page.getByRole('heading', {level: 1});
  const hubHeading = await heading.textContent();
  await linkOf(page).click();
  await expect(page).toHaveURL(new URL(path, base).href);
  // The address changes at the click; the hub stays on screen until the
  // next page's code has loaded.
  await expect(heading).not.toHaveText(hubHeading!);
  await expect(articleOf(page)).toBeVisible();
  expect(
    await page.evaluate(() => performance.timeOrigin),
    'the link routes in the page',
  ).toBe(documents);
}

/** What a reader can work in an article: typed into, or clicked. */
const controlSelectors = ['button', 'summary', 'input', '[role="tab"]'];

/** The controls of the article a reader can reach now. */
export const controls = (page: Page) =>
  articleOf(page).locator(
    controlSelectors.map((selector) => `${selector}:visible`).join(', '),
  );

/**
 * The number of controls of the article a reader can reach now, and the
 * `index`th brought into view: its tag, and the point a click there lands
 * on it, when nothing covers it (else the locator's click, which waits
 * until it can).
 */
const nthControl = (page: Page, index: number) =>
  articleOf(page).evaluate(
    (article, {index, selector}) => {
      const shown = Array.from(
        article.querySelectorAll<HTMLElement>(selector),
      ).filter((element) => {
        // Visible as Playwright's :visible has it.
        const {width, height} = element.getBoundingClientRect();
        return (
          element.checkVisibility() &&
          getComputedStyle(element).visibility === 'visible' &&
          width > 0 &&
          height > 0
        );
      });
      const control = shown[index];
      if (!control) return {count: shown.length};
      control.scrollIntoView({block: 'center', inline: 'center'});
      const {left, top, width, height} = control.getBoundingClientRect();
      const point = {x: left + width / 2, y: top + height / 2};
      const hit = document.elementFromPoint(point.x, point.y);
      return {
        count: shown.length,
        control: {
          tag: control.localName,
          point: hit && control.contains(hit) ? point : undefined,
        },
      };
    },
    {index, selector: controlSelectors.join(', ')},
  );

/**
 * Until the page has painted what the last step changed and the sections it
 * opened or closed have reached their height: a details still opening shows
 * only part of its controls, and the next step would pick its control from
 * them. Two frames let a collapsible start its transition (it sets the
 * height a frame after it renders); two more, once any has ended, let its
 * handlers run. Other transitions (the colours of a new mode) are not
 * waited for.
 */
const settledFrame = (page: Page) =>
  page.evaluate(async () => {
    const frame = () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(resolve)),
      );
    await frame();
    const opening = document.getAnimations().filter((animation) => {
      // Where the browser draws: content it skips out of view
      // (content-visibility) does not run its transitions.
      const {effect} = animation;
      const target = effect instanceof KeyframeEffect && effect.target;
      return (
        animation instanceof CSSTransition &&
        animation.transitionProperty === 'height' &&
        animation.playState === 'running' &&
        target instanceof Element &&
        target.checkVisibility({contentVisibilityAuto: true})
      );
    });
    if (opening.length === 0) return;
    await Promise.all(
      opening.map((animation) => animation.finished.catch(() => undefined)),
    );
    await frame();
  });

/**
 * Goes through the article as a reader: down to its end a view a frame
 * (every island comes near the view and wakes), then each control in turn,
 * typed into or clicked, then the colour mode switched. Returns what the
 * reader saw after each step; given what a reader of the stock build saw,
 * waits at each step until the page shows the same (an island may still be
 * loading its code) or fails.
 */
export async function readThrough(
  page: Page,
  expected?: Seen[],
  detail: Detail = 'basic',
): Promise<Seen[]> {
  const steps: Seen[] = [];
  const record = async () => {
    await settledFrame(page);
    const step = expected?.[steps.length];
    if (!step) {
      steps.push(await seen(page, detail));
      return;
    }
    // The poll's last reading is the one that matched: kept, not read again.
    // An island's code may take more than expect's 5 s to arrive on a
    // machine that runs two browsers at once.
    let last: Seen | undefined;
    await expect
      .poll(async () => (last = await seen(page, detail)), {
        message: `step ${steps.length}`,
        timeout: 15_000,
      })
      .toEqual(step);
    steps.push(last!);
  };
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    scrollTo(0, 0);
  });
  await record();
  for (let index = 0; ; index += 1) {
    let target = await nthControl(page, index);
    // The locator that a covered control or an input falls back on counts
    // the controls alike, once the islands brought near the view have
    // rendered theirs (a code block's word-wrap button).
    if (index === 0)
      await expect
        .poll(
          async () => {
            target = await nthControl(page, index);
            return (await controls(page).count()) - target.count;
          },
          {message: 'controls', timeout: 15_000},
        )
        .toBe(0);
    if (!target.control) break;
    if (target.control.tag === 'input')
      await controls(page).nth(index).fill(`typed ${index}`);
    else if (target.control.point)
      await page.mouse.click(target.control.point.x, target.control.point.y);
    else await controls(page).nth(index).click();
    await record();
  }
  await page
    .getByRole('navigation', {name: 'Main'})
    .getByRole('button', {name: 'Switch to dark mode', exact: true})
    .click();
  await record();
  return steps;
}

/**
 * What a reader of the build at `base` sees going through a page that
 * `open` reaches, in a browser context of its own (nothing stored from
 * another reading, the clipboard allowed for copy buttons), and the console
 * errors it gave; no crash. Given `expected`, waits at each step for it.
 */
export async function readPage(
  browser: Browser,
  base: string,
  open: (page: Page) => Promise<void>,
  {expected, detail}: {expected?: Seen[]; detail?: Detail} = {},
): Promise<{seen: Seen[]; errors: string[]}> {
  const reader = await referencePage(browser, base);
  try {
    await reader.page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(reader.page);
    const seen = await readThrough(reader.page, expected, detail);
    await expect(reader.page.getByText('This page crashed.')).toHaveCount(0);
    return {seen, errors: reader.errors};
  } finally {
    await reader.close();
  }
}

/** A page of its own for the build at `baseURL`, whose console errors are collected. */
export async function referencePage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({baseURL});
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
  return {page, errors, close: () => context.close()};
}

/**
 * The tokens of each code block of the article, counted: those with text,
 * and of them those that are not plain text. Stock writes an empty token at
 * each line's end, which the site's build leaves out and no reader sees.
 */
export const codeTokens = (page: Page): Promise<string[]> =>
  articleOf(page).evaluate((article) =>
    Array.from(article.querySelectorAll('pre'), (pre) => {
      const tokens = Array.from(pre.querySelectorAll('.token')).filter(
        (token) => token.textContent !== '',
      );
      const coloured = tokens.filter(
        (token) => !token.classList.contains('plain'),
      );
      return `${tokens.length} tokens, ${coloured.length} not plain: ${pre.textContent?.slice(0, 40)}`;
    }),
  );

/**
 * The code tokens of `path` in the page the build at `base` serves, read
 * with no JavaScript: what a first load shows until the page hydrates, and
 * what a click fetches of it.
 */
export async function servedCodeTokens(
  browser: Browser,
  base: string,
  path: string,
): Promise<string[]> {
  const context = await browser.newContext({javaScriptEnabled: false});
  try {
    const page = await context.newPage();
    await page.goto(new URL(path, base).href);
    return await codeTokens(page);
  } finally {
    await context.close();
  }
}

/**
 * Until every island of the page's content has rendered: scrolled through
 * a view a frame, so that each nears the view and wakes. The code blocks
 * they hold are then React's.
 */
export async function islandsRendered(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    scrollTo(0, 0);
  });
  // A named island (a code block's buttons) waits for the reader.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('nk-island')).every(
      (island) =>
        !/^\d+$/.test(island.getAttribute('data-island') ?? '') ||
        island.hasAttribute('data-live'),
    ),
  );
}

// The site beside its peers: a long doc and the doc its first content link
// leads to, the same Markdown in the stock template, in Starlight and in
// Rspress (peer-sites.mjs), each served by the site's nginx set-up. In
// every round, each side in turn: Lighthouse's mobile preset on the long
// doc's first load, then in Chromium at 4× CPU slowdown a click on that link,
// timed to the next doc's h1 shown and to the page idle again.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {chromium} from '@playwright/test';
import {chromiumLaunchOptions} from '../../tools/chromium.mjs';
import {product} from '../../src/product.mjs';
import {siteBuild} from './builds.mjs';
import {cpuSlowdown} from './interactions.mjs';
import {lighthouseRuns} from './lighthouse.mjs';
import {median, waitForUrl} from './processes.mjs';
import {buildPeer, peerDoc, peerHome, peerRoute, peers} from './peer-sites.mjs';
import {detail, kilobytes, ms, score} from './report.mjs';
import {stockWithDocs} from './stock.mjs';
import {log, ports, root, serve} from './workspace.mjs';

/**
 * The long doc: the longest when the peers' figures were first taken, and
 * still among the three longest, kept so that the figures compare run to run.
 */
const longRoute = '/docs/projects/yaml';
/** The page is idle once no long task has begun for this long, in ms. */
const quietWindow = 500;
/** A click whose page is not idle by then fails the bench, in ms. */
const clickTimeout = 30_000;

/**
 * The first link of a Markdown copy that leads to another doc of the site.
 * @param {string} markdown
 */
function firstDocLink(markdown) {
  const link = new RegExp(
    `\\]\\(${product.siteUrl.replace(/[.]/g, '\\.')}(/docs/[^)#\\s]+)`,
  ).exec(markdown);
  if (!link) throw new Error('the long doc links to no other doc');
  return link[1];
}

/**
 * The source of the doc at `route`, as a path under docs/.
 * @param {string} route
 */
function sourceOf(route) {
  const doc = route.replace(/^\/docs\//, '');
  return existsSync(path.join(root, 'docs', `${doc}.mdx`))
    ? `${doc}.mdx`
    : `${doc}.md`;
}

/**
 * What a side is: where it is served, the paths of the two docs in it, and
 * where a doc's own content is in its pages.
 * @typedef {{origin: string, from: string, to: string, content: string}} Side
 */

/**
 * A script run in every document of the page before its own: it reports
 * (through `benchReport`) the clicks, the long tasks, and the first frame
 * painted with the h1 of the doc at `to`, as times since the epoch, so that
 * they compare across a click that loads a new document.
 * @param {{to: string, title: string}} target
 */
function watchNavigation({to, title}) {
  const report = /** @type {any} */ (window).benchReport;
  const epoch = (/** @type {number} */ time) => performance.timeOrigin + time;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      report('longtask', {
        start: epoch(entry.startTime),
        duration: entry.duration,
      });
  }).observe({type: 'longtask', buffered: true});
  document.addEventListener(
    'click',
    (event) => report('click', epoch(event.timeStamp)),
    {capture: true},
  );
  const arrived = () =>
    window.location.pathname.replace(/(.)\/$/, '$1') === to &&
    Array.from(document.querySelectorAll('h1')).some((heading) =>
      heading.textContent?.includes(title),
    );
  new MutationObserver((_, observer) => {
    if (!arrived()) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => report('shown', epoch(performance.now()))),
    );
  }).observe(document, {childList: true, subtree: true});
}

/**
 * Opens the long doc, lets it settle, then at 4× slowdown clicks its first
 * link to the next doc. Returns the ms from the click to the first frame
 * with the next doc's h1, to the page idle (that frame painted and no long
 * task begun for 500 ms), and the blocking time (each long task's part
 * beyond 50 ms) between the click and idle.
 * @param {import('@playwright/test').Browser} browser
 * @param {Side} side
 * @param {string} title the next doc's h1
 */
async function clickToNextDoc(browser, side, title) {
  const context = await browser.newContext({
    viewport: {width: 1280, height: 800},
  });
  /** @type {{kind: string, value: any}[]} */
  const reports = [];
  await context.exposeBinding('benchReport', (_source, kind, value) => {
    reports.push({kind, value});
  });
  await context.addInitScript(watchNavigation, {
    to: side.to.replace(/(.)\/$/, '$1'),
    title,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${side.origin}${side.from}`, {waitUntil: 'networkidle'});
    await sleep(2000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: cpuSlowdown});
    await page.locator(`${side.content} a[href="${side.to}"]`).first().click();
    const deadline = Date.now() + clickTimeout;
    let quietPolls = 0;
    while (Date.now() < deadline) {
      await sleep(100);
      // Mid-navigation the page has no document to ask.
      const now = await page
        .evaluate(() => performance.timeOrigin + performance.now())
        .catch(() => undefined);
      const clickAt = reports
        .filter(({kind}) => kind === 'click')
        .at(-1)?.value;
      const shownAt = reports.find(({kind}) => kind === 'shown')?.value;
      if (now === undefined || clickAt === undefined || shownAt === undefined)
        continue;
      const tasks = reports
        .filter(
          ({kind, value}) => kind === 'longtask' && value.start >= clickAt,
        )
        .map(({value}) => value);
      const idleAt = Math.max(
        shownAt,
        ...tasks.map((task) => task.start + task.duration),
      );
      // Twice in a row: a long task just ended may not be reported yet.
      quietPolls = now - idleAt >= quietWindow ? quietPolls + 1 : 0;
      if (quietPolls < 2) continue;
      return {
        shown: shownAt - clickAt,
        idle: idleAt - clickAt,
        blockingAfterClick: tasks.reduce(
          (sum, task) => sum + Math.max(0, task.duration - 50),
          0,
        ),
      };
    }
    throw new Error(
      `${side.origin}${side.from}: after a click on its link to ${side.to}, the page was not idle within ${clickTimeout / 1000} s`,
    );
  } finally {
    await context.close();
  }
}

/**
 * The median and, in brackets, the lowest and highest, the unit written once.
 * @param {number[]} values
 * @param {(value: number) => string} format
 */
function medianAndRange(values, format) {
  const bare = (/** @type {number} */ value) =>
    format(value).replace(/ [^\d\s]+$/, '');
  return `${format(median(values))} (${bare(Math.min(...values))}–${bare(Math.max(...values))})`;
}

/** @param {number} runs */
export async function benchPeers(runs) {
  const build = await siteBuild();
  /** @param {string} route */
  const copyOf = (route) =>
    readFileSync(path.join(build, `${route}.md`), 'utf8');
  const nextRoute = firstDocLink(copyOf(longRoute));
  const nextTitle = /^# (.+)$/m.exec(copyOf(nextRoute))?.[1] ?? '';
  log(
    `peers: ${longRoute} and ${nextRoute} in the stock template, Starlight and Rspress`,
  );
  const stockBuild = await stockWithDocs({
    siteDir: root,
    docs: [longRoute, nextRoute].map(sourceOf),
    outDir: 'build-peers',
  });
  /** @type {Record<string, string>} */
  const peerBuilds = {};
  for (const id of /** @type {const} */ (['starlight', 'rspress'])) {
    /** @param {string} route */
    const file = (route) => `${route.slice(1)}.md`;
    const {build: peerBuild} = await buildPeer(
      id,
      {
        'index.md': peerHome(id, longRoute),
        [file(longRoute)]: peerDoc(id, copyOf(longRoute)),
        [file(nextRoute)]: peerDoc(id, copyOf(nextRoute)),
      },
      {outName: `build-peers-${id}`, serveable: true},
    );
    peerBuilds[id] = peerBuild;
  }
  /** @type {Record<string, Side>} */
  const sides = {
    site: {
      origin: await serve(build, ports.peersSite),
      from: longRoute,
      to: nextRoute,
      content: 'article',
    },
    stock: {
      origin: await serve(stockBuild, ports.peersStock),
      from: longRoute,
      to: nextRoute,
      content: 'article',
    },
    ...Object.fromEntries(
      await Promise.all(
        /** @type {const} */ (['starlight', 'rspress']).map(async (id) => [
          peers[id].name,
          {
            origin: await serve(
              peerBuilds[id],
              id === 'starlight' ? ports.peersStarlight : ports.peersRspress,
            ),
            from: peerRoute(id, longRoute),
            to: peerRoute(id, nextRoute),
            content: peers[id].content,
          },
        ]),
      ),
    ),
  };
  await Promise.all(
    Object.values(sides).map(({origin, from}) =>
      waitForUrl(`${origin}${from}`),
    ),
  );

  /** @type {Record<string, Record<string, number[]>>} */
  const figures = Object.fromEntries(
    Object.keys(sides).map((name) => [name, {}]),
  );
  /** @param {string} name @param {Record<string, number>} values */
  const record = (name, values) => {
    for (const [figure, value] of Object.entries(values))
      (figures[name][figure] ??= []).push(value);
  };
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (let run = 1; run <= runs; run += 1) {
      log(
        `peers ${run}/${runs}: Lighthouse, then the click, each side in turn`,
      );
      const urls = Object.fromEntries(
        Object.entries(sides).map(([name, side]) => [
          name,
          `${side.origin}${side.from}`,
        ]),
      );
      const lighthouse = await lighthouseRuns(Object.values(urls), 1);
      for (const [name, side] of Object.entries(sides)) {
        const [result] = lighthouse[urls[name]];
        record(name, {
          performance: result.scores.performance,
          blocking: result.totalBlockingTime,
          largestPaint: result.largestPaint,
          script: result.scriptBytes,
          ...(await clickToNextDoc(browser, side, nextTitle)),
        });
      }
    }
  } finally {
    await browser.close();
  }

  const rows = [
    {
      figure: `Lighthouse mobile performance, ${longRoute}`,
      key: 'performance',
      format: score,
    },
    {figure: 'Total blocking time', key: 'blocking', format: ms},
    {figure: 'Largest contentful paint', key: 'largestPaint', format: ms},
    {figure: 'Script transferred', key: 'script', format: kilobytes},
    {
      figure: `Click to ${nextRoute}: its h1 shown, ${cpuSlowdown}× CPU`,
      key: 'shown',
      format: ms,
    },
    {
      figure: `Click to idle (no long task for ${quietWindow} ms)`,
      key: 'idle',
      format: ms,
    },
    {
      figure: 'Blocking time from the click to idle',
      key: 'blockingAfterClick',
      format: ms,
    },
  ];
  const names = Object.keys(sides);
  /** @param {string[]} cells */
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const table = [
    line(['figure, median (min–max)', ...names]),
    line(['---', ...names.map(() => '---')]),
    ...rows.map(({figure, key, format}) =>
      line([
        figure,
        ...names.map((name) => medianAndRange(figures[name][key], format)),
      ]),
    ),
  ].join('\n');
  console.log(`\n${table}\n`);
  detail(
    `The site beside its peers, ${runs} rounds, each side in turn in each: the same two docs (${longRoute}, and ${nextRoute}, which its first content link leads to) in each, served alike by nginx with brotli copies.`,
    '',
    table,
    '',
  );
}

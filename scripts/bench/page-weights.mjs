// First-load bytes of every route of a served build, in Chromium.
import {writeFileSync} from 'node:fs';
import {chromium} from '@playwright/test';
import {chromiumLaunchOptions} from '../../tools/chromium.mjs';
import {measureFirstLoad, withoutHash} from '../../tools/page-weight.mjs';

/** @typedef {import('../../tools/page-weight.mjs').FirstLoad} FirstLoad */

/**
 * Measures each route's first load; returns {route: measurement}.
 * @param {{origin: string, routes: string[]}} served
 */
export async function measureRoutes({origin, routes}) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  /** @type {Record<string, FirstLoad>} */
  const weights = {};
  try {
    for (const route of routes) {
      const context = await browser.newContext();
      weights[route] = await measureFirstLoad(
        await context.newPage(),
        `${origin}${route}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

/**
 * Writes what the byte budgets compare against: each route's files (names without hashes) and sizes.
 * @param {string} file
 * @param {Record<string, FirstLoad>} weights
 */
export function writeBaseline(file, weights) {
  const baseline = Object.fromEntries(
    Object.entries(weights).map(([route, {files}]) => [
      route,
      Object.fromEntries(
        files.map((entry) => [withoutHash(entry.path), entry.bytes]),
      ),
    ]),
  );
  writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
}

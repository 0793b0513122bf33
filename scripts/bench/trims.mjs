// What each of the main bundle's trims (plugins/bundle-trims) takes off the
// first load: the site beside copies of it, each with one trim left out,
// every route measured in each. Bytes do not vary from build to build, so
// each side is built once.
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {commitCopy, copySite} from '../../tools/site-copy.mjs';
import {trimNames} from '../../plugins/bundle-trims/index.mjs';
import {kb} from '../../tools/page-weight.mjs';
import {measureCommand, stopAll, waitForUrl} from './processes.mjs';
import {measureRoutes} from './page-weights.mjs';
import {detail, row} from './report.mjs';
import {docusaurus, log, ports, routes, serve, work} from './workspace.mjs';

/** The line of docusaurus.config.ts that adds the trims. */
const trimsPlugin = "'./plugins/bundle-trims/index.mjs',";

/** @param {Record<string, import('../../tools/page-weight.mjs').FirstLoad>} weights */
const worstJavaScript = (weights) =>
  Object.entries(weights).reduce((most, entry) =>
    entry[1].javascript > most[1].javascript ? entry : most,
  );

/**
 * Builds a copy of the site with `leaveOut` trims left out and measures every
 * route's first load.
 * @param {string} name
 * @param {string[]} leaveOut
 */
async function measureWithout(name, leaveOut) {
  const dir = path.join(work, `trims-${name}`);
  copySite(dir);
  if (leaveOut.length > 0) {
    const config = path.join(dir, 'docusaurus.config.ts');
    const source = readFileSync(config, 'utf8');
    if (!source.includes(trimsPlugin))
      throw new Error(
        `docusaurus.config.ts no longer adds the trims as ${trimsPlugin}: the bench cannot leave one out`,
      );
    writeFileSync(
      config,
      source.replace(
        trimsPlugin,
        `['./plugins/bundle-trims/index.mjs', {leaveOut: ${JSON.stringify(leaveOut)}}],`,
      ),
    );
  }
  commitCopy(dir);
  log(`build of the site${leaveOut.length ? ` without ${name}` : ''}`);
  await measureCommand(docusaurus, ['build'], {cwd: dir});
  const origin = await serve(path.join(dir, 'build'), ports.siteBytes);
  await waitForUrl(origin);
  const weights = await measureRoutes({origin, routes});
  stopAll();
  return weights;
}

export async function benchTrims() {
  const site = await measureWithout('all', []);
  const [worstRoute, worst] = worstJavaScript(site);
  for (const trim of trimNames) {
    const without = await measureWithout(trim, [trim]);
    const [route, weight] = worstJavaScript(without);
    const onWorst = without[worstRoute].javascript - worst.javascript;
    row(
      `JavaScript on first load, worst route, without the trim "${trim}"`,
      `${kb(weight.javascript)} KB (${route})`,
      `with it ${kb(worst.javascript)} KB (${worstRoute})`,
      `${onWorst >= 0 ? '+' : '−'}${kb(Math.abs(onWorst))} KB on ${worstRoute}`,
      '',
      null,
    );
  }
  detail(
    'Each trim of plugins/bundle-trims left out in turn, every route measured; the decision for each is in decisions/2026-12-01-bundle-trims.md.',
    '',
  );
}

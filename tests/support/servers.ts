// Debian's Chromium: Playwright never downloads a browser of its own here.
export {testChromiumLaunchOptions as chromiumLaunchOptions} from '../../tools/chromium.mjs';
import {portBase, subPathOrigin} from './builds.mjs';

/** The build `dir` served by nginx as production serves it (tools/nginx), under `prefix`. */
export function serve(dir: string, port: number, prefix = '/') {
  return {
    dir,
    command: `node tools/nginx/serve.mjs --dir ${dir} --prefix ${prefix}`,
    port,
    url: `http://127.0.0.1:${port}${prefix}`,
  };
}

// The builds that tests/support/build-sites.mjs makes, each on its own port.
export const servers = {
  // The site as deployed at the root of its host.
  site: serve('build', portBase),
  // The site built with BASE_URL=/sub/ and SITE_URL its own origin, served under /sub/.
  subPath: serve('build-sub', portBase + 1, '/sub/'),
  // The same build served at the root: the base URL is wrong for the host.
  wrongBaseUrl: serve('build-sub', portBase + 2),
  // The site with the pages of tests/fixtures added.
  fixtures: serve('build-fixtures', portBase + 3),
  // The same pages built the stock way.
  fixturesStock: serve('build-fixtures-stock', portBase + 4),
};

/** The origin build-sub is built for: the tests prove that every address follows SITE_URL. */
export {subPathOrigin};

// Debian's Chromium: Playwright never downloads a browser of its own here.
export {chromiumLaunchOptions} from '../../tools/chromium.mjs';

function serve(dir: string, port: number, prefix = '/', flags = '') {
  return {
    command:
      `node tools/serve.mjs --dir ${dir} --port ${port} --prefix ${prefix} ${flags}`.trim(),
    url: `http://127.0.0.1:${port}${prefix}`,
  };
}

// Checkouts side by side on one machine each set their own E2E_PORT_BASE.
const portBase = Number(process.env.E2E_PORT_BASE ?? 4173);

// The builds that tests/support/build-sites.mjs makes, each on its own port.
export const servers = {
  // The site as deployed at the root of its host.
  site: serve('build', portBase),
  // The site built with BASE_URL=/sub/ and served under /sub/.
  subPath: serve('build-sub', portBase + 1, '/sub/'),
  // The same build served at the root: the base URL is wrong for the host.
  wrongBaseUrl: serve('build-sub', portBase + 2),
  // The site with the response headers of its _headers file, as Netlify serves it.
  withHeaders: serve('build', portBase + 3, '/', '--headers'),
  // The site with the pages of tests/fixtures added, with its headers.
  fixtures: serve('build-fixtures', portBase + 4, '/', '--headers'),
};

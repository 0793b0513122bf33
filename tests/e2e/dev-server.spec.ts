// `npm start`, the writer's loop: on a copy of the site with the islands'
// and theme-islands fixtures, the dev server serves every route, a doc's
// islands work, it names the swizzles production renders as islands, and an
// edit to a doc shows up in the open page without a reload. The rest of
// the suite tests production builds; this is what only the dev server runs.
import {execFileSync, spawn, type ChildProcess} from 'node:child_process';
import {once} from 'node:events';
import {appendFile, cp, mkdtemp, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {freePort} from '../support/ports.mjs';
import {test, expect, gotoHydrated, routes} from '../support/test';

/** The longest the dev server may take to serve its first page, in ms. */
const startUpLimit = 180_000;

test.describe.configure({mode: 'serial'});

let site = '';
let server: ChildProcess | undefined;
let output = '';
let url = '';

test.beforeAll(async () => {
  test.setTimeout(startUpLimit + 30_000);
  site = await mkdtemp(path.join(tmpdir(), 'nodekeeper-dev-'));
  // In a process of its own: the copier reads import.meta, which the test
  // runner's transform of this file leaves out.
  execFileSync(process.execPath, [
    '--input-type=module',
    '--eval',
    "import {copySite} from './tools/site-copy.mjs'; copySite(process.argv[1]);",
    site,
  ]);
  await cp('tests/fixtures/islands', site, {recursive: true});
  // A site's own swizzles with state, which production renders as islands.
  await cp('tests/fixtures/theme-islands', site, {recursive: true});
  const port = await freePort();
  server = spawn(
    'npm',
    ['start', '--', '--port', String(port), '--host', '127.0.0.1', '--no-open'],
    {
      cwd: site,
      env: {...process.env, BROWSER: 'none', FORCE_COLOR: '0'},
      // Its own process group: npm runs docusaurus in a shell of its own.
      detached: true,
    },
  );
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`npm start stopped before serving a page:\n${output}`);
    if (Date.now() - started > startUpLimit)
      throw new Error(
        `npm start served nothing in ${startUpLimit} ms:\n${output}`,
      );
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null && server.signalCode === null) {
    const exited = once(server, 'exit');
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  }
  if (site) await rm(site, {recursive: true, force: true});
});

const at = (route: string) => `${url}${route}`;

test('serves every route with its heading', async ({page}) => {
  test.setTimeout(120_000);
  for (const route of routes) {
    await gotoHydrated(page, at(route.path));
    await expect(page.getByRole('heading', {level: 1}), route.path).toHaveText(
      route.heading,
    );
  }
});

test('names each theme component production renders in the browser, as the build does', () => {
  for (const component of [
    'src/theme/Heading/index.tsx (@theme/Heading)',
    'src/theme/Admonition/index.tsx (@theme/Admonition)',
    'src/theme/MDXComponents/Img/index.tsx (@theme/MDXComponents/Img)',
    'src/theme/MDXComponents.tsx maps blockquote to MarkedQuote',
  ])
    expect(output, component).toContain(`[WARNING] ${component}`);
});

test("a doc's Tabs switch", async ({page}) => {
  await gotoHydrated(page, at('/docs/islands/in-static-content'));
  await expect(page.getByText('Prose in the EVM tab')).toBeVisible();
  await page.getByRole('tab', {name: 'Cosmos'}).first().click();
  await expect(page.getByText('Prose in the Cosmos tab.')).toBeVisible();
  await expect(page.getByText('Prose in the EVM tab')).toBeHidden();
});

test('an edit to a doc shows up in the open page, without a reload', async ({
  page,
}) => {
  // The dev server compiles the site again, as slow as the machine is busy.
  test.setTimeout(150_000);
  await gotoHydrated(page, at('/docs/intro'));
  // A reload would clear this mark: the edit must arrive in the open page.
  await page.evaluate(() => Object.assign(globalThis, {openPage: true}));
  const sentence = `Edited while the dev server runs, at ${Date.now()}.`;
  await appendFile(path.join(site, 'docs/intro.md'), `\n${sentence}\n`);
  await expect(page.getByText(sentence)).toBeVisible({timeout: 120_000});
  expect(await page.evaluate(() => 'openPage' in globalThis)).toBe(true);
});

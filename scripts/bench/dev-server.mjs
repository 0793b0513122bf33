// The writer's loop: how long `npm start` takes to serve a first page, and how
// long an edited doc takes to show up in the open preview, without a restart
// or a reload.
import {appendFileSync} from 'node:fs';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {chromiumLaunchOptions} from '../../tools/chromium.mjs';
import {copySite} from '../../tools/site-copy.mjs';
import {start, stopAll} from './processes.mjs';
import {row, seconds} from './report.mjs';
import {docusaurus, log, ports, work} from './workspace.mjs';

/**
 * Runs the dev server of the site copy in `siteDir`; returns the two figures in seconds.
 * @param {{siteDir: string, docusaurus: string, port: number}} options
 */
async function measureDevServer({siteDir, docusaurus, port}) {
  const url = `http://127.0.0.1:${port}/docs/intro`;
  const started = performance.now();
  const server = start(
    docusaurus,
    ['start', '--port', String(port), '--host', '127.0.0.1', '--no-open'],
    {
      cwd: siteDir,
      env: {BROWSER: 'none'},
    },
  );
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    for (;;) {
      if (server.exitCode !== null)
        throw new Error('the dev server stopped before serving a page');
      if (performance.now() - started > 120_000)
        throw new Error(`${url} did not answer within 120 s`);
      const response = await page.goto(url).catch(() => null);
      if (response?.ok()) break;
      await page.waitForTimeout(200);
    }
    await page.getByRole('heading', {level: 1, name: 'Introduction'}).waitFor();
    const firstPage = (performance.now() - started) / 1000;

    // A reload would clear this mark: the edit must arrive through the open page.
    await page.evaluate(() => Object.assign(globalThis, {benchMark: true}));
    const sentence = `Edited by the bench at ${Date.now()}.`;
    const edited = performance.now();
    appendFileSync(path.join(siteDir, 'docs/intro.md'), `\n${sentence}\n`);
    await page.getByText(sentence).waitFor({timeout: 60_000});
    const editShown = (performance.now() - edited) / 1000;
    const reloaded = !(await page.evaluate(() => 'benchMark' in globalThis));
    return {firstPage, editShown, reloaded};
  } finally {
    await browser.close();
  }
}

/** The two figures of the writer's loop, on a copy of the site. */
export async function benchDevServer() {
  log('npm start: first page, then an edited doc');
  const dir = path.join(work, 'dev-site');
  copySite(dir);
  try {
    const result = await measureDevServer({
      siteDir: dir,
      docusaurus,
      port: ports.devServer,
    });
    row(
      'npm start: first page served',
      seconds(result.firstPage),
      '',
      '',
      '< 20 s',
      result.firstPage < 20,
    );
    row(
      'npm start: an edited doc shows in the open page',
      seconds(result.editShown),
      result.reloaded ? 'page reloaded' : 'no reload',
      '',
      'no restart',
      !result.reloaded,
    );
  } finally {
    stopAll();
  }
}

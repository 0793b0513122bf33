// Renders static/img/social-card.png, the image link previews show, from the
// logo and the tagline. Run it again after changing either:
//   node scripts/render-social-card.mjs
import {readFile} from 'node:fs/promises';
import {chromium} from '@playwright/test';

const logo = await readFile('static/img/logo.svg', 'utf8');
const html = `<!doctype html>
<style>
  body { margin: 0; width: 1200px; height: 630px; display: flex; flex-direction: column;
    justify-content: center; padding: 0 96px; box-sizing: border-box; background: #0b3d2e;
    color: #fff; font-family: system-ui, sans-serif; }
  svg { width: 120px; height: 120px; margin-bottom: 40px; }
  h1 { font-size: 72px; line-height: 1.1; margin: 0 0 24px; }
  p { font-size: 36px; margin: 0; color: #bfe9d9; }
</style>
${logo}
<h1>Monitor your nodes with Nodekeeper</h1>
<p>Documentation</p>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({viewport: {width: 1200, height: 630}});
await page.setContent(html);
await page.screenshot({path: 'static/img/social-card.png'});
await browser.close();

import {chromium} from '@playwright/test';
const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-background-networking','--disable-component-update','--disable-sync']});
const page = await browser.newPage();
await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
      localStorage.setItem('docusaurus.announcement.id', 'an-earlier-announcement');
      sessionStorage.setItem('seeded', 'yes');
    }
});
await page.goto('http://127.0.0.1:4173/');
await page.waitForSelector('html[data-has-hydrated]', {state:'attached'});
await page.waitForTimeout(500);
console.log(await page.evaluate(() => [document.documentElement.getAttribute('data-announcement-bar-initially-dismissed'), localStorage.getItem('docusaurus.announcement.dismiss'), localStorage.getItem('docusaurus.announcement.id'), !!document.querySelector('[class*=announcementBar_]')]));
const b = page.getByRole('button', {name: /Switch to/});
console.log(await b.evaluate(e => e.outerHTML.slice(0,400)));
console.log(await page.locator('[class*=toggle] button').first().getAttribute('class'));
console.log(JSON.stringify(await page.accessibility?.snapshot?.() ?? 'n/a').slice(0,100));
console.log(await page.getByRole('button', {name: 'Switch to light mode', exact: true}).count(), await page.getByRole('button', {name: 'Switch to dark mode', exact: true}).count());
await browser.close();

import {test, expect, gotoHydrated} from '../support/test';

test('every page names its favicon and social card, and both are served', async ({
  page,
  request,
}) => {
  // Docs name cards of their own (link-previews.spec.ts); the other pages, the site's.
  await gotoHydrated(page, '/');
  const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(favicon).toBe('/img/favicon.svg');
  const faviconResponse = await request.get(favicon!);
  expect(faviconResponse.headers()['content-type']).toContain('image/svg+xml');

  const card = await page
    .locator('meta[property="og:image"]')
    .getAttribute('content');
  expect(card).toBe('https://docs.nodekeeper.example/img/social-card.png');
  const cardBytes = await (await request.get(new URL(card!).pathname)).body();
  expect(cardBytes.subarray(1, 4).toString()).toBe('PNG');
  expect(
    [cardBytes.readUInt32BE(16), cardBytes.readUInt32BE(20)],
    'a 1200 x 630 card',
  ).toEqual([1200, 630]);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
    'content',
    'summary_large_image',
  );
  await expect(page.locator('meta[name="generator"]')).toHaveAttribute(
    'content',
    'Docusaurus v3.7.0',
  );
});

test('no page carries the Docusaurus template', async ({page}) => {
  await gotoHydrated(page, '/');
  const html = await page.content();
  for (const leftover of [
    'My Site',
    'docusaurus-social-card',
    'undraw_',
    'Dinosaurs',
    'docusaurus.ico',
  ]) {
    expect(html, leftover).not.toContain(leftover);
  }
});

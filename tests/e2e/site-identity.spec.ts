import {test, expect, gotoHydrated, routes} from '../support/test';

/** The width and height of a PNG, from its header. */
const pngSize = (bytes: Buffer) => [
  bytes.readUInt32BE(16),
  bytes.readUInt32BE(20),
];

test('every page names its favicon and social card, and both are served', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  for (const {path} of routes) {
    await gotoHydrated(page, path);
    const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(favicon, path).toBe('/img/favicon.svg');
    const faviconResponse = await request.get(favicon!);
    expect(faviconResponse.headers()['content-type'], path).toContain(
      'image/svg+xml',
    );

    // Docs name cards of their own (link-previews.spec.ts); the other pages, the site's.
    const card = await page
      .locator('meta[property="og:image"]')
      .getAttribute('content');
    expect(card, path).toMatch(
      path.startsWith('/docs/') && !path.includes('/category/')
        ? /^https:\/\/docs\.nodekeeper\.example\/img\/social-cards\/.+\.png$/
        : /^https:\/\/docs\.nodekeeper\.example\/img\/social-card\.png$/,
    );
    const cardBytes = await (await request.get(new URL(card!).pathname)).body();
    expect(cardBytes.subarray(1, 4).toString(), path).toBe('PNG');
    expect(pngSize(cardBytes), `${path}: a 1200 x 630 card`).toEqual([
      1200, 630,
    ]);
    await expect(
      page.locator('meta[name="twitter:card"]'),
      path,
    ).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('meta[name="generator"]'), path).toHaveAttribute(
      'content',
      'Docusaurus v3.7.0',
    );
  }
});

test('no page carries the Docusaurus template', async ({page}) => {
  // A page load per route: the time allowed grows with the site.
  test.setTimeout(routes.length * 3_000);
  for (const {path} of routes) {
    await gotoHydrated(page, path);
    const html = await page.content();
    for (const leftover of [
      'My Site',
      'docusaurus-social-card',
      'undraw_',
      'Dinosaurs',
      'docusaurus.ico',
    ]) {
      expect(html, `${path}: ${leftover}`).not.toContain(leftover);
    }
  }
});

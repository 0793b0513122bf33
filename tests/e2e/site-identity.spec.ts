import {test, expect, routes} from '../support/test';

// What link previews and browsers read of a page's identity is in the HTML
// as served: crawlers run no script. (That no page carries the Docusaurus
// template: no-template-text.spec.ts, over every file of the build.)

/** The width and height of a PNG, from its header. */
const pngSize = (bytes: Buffer) => [
  bytes.readUInt32BE(16),
  bytes.readUInt32BE(20),
];

/** The value of `attribute` of the first tag of `html` that matches `tag`. */
function attributeOf(html: string, tag: RegExp, attribute: string) {
  const element = html.match(tag)?.[0] ?? '';
  return element.match(new RegExp(`\\s${attribute}="([^"]*)"`))?.[1];
}

test('every page names its favicon and social card, and both are served', async ({
  request,
}) => {
  for (const {path} of routes) {
    const html = await (await request.get(path)).text();
    const favicon = attributeOf(html, /<link [^>]*rel="icon"[^>]*>/, 'href');
    expect(favicon, path).toBe('/img/favicon.svg');
    const faviconResponse = await request.get(favicon!);
    expect(faviconResponse.headers()['content-type'], path).toContain(
      'image/svg+xml',
    );

    // Docs name cards of their own (link-previews.spec.ts); the other pages, the site's.
    const card = attributeOf(
      html,
      /<meta [^>]*property="og:image"[^>]*>/,
      'content',
    );
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
    expect(
      attributeOf(html, /<meta [^>]*name="twitter:card"[^>]*>/, 'content'),
      path,
    ).toBe('summary_large_image');
    expect(
      attributeOf(html, /<meta [^>]*name="generator"[^>]*>/, 'content'),
      path,
    ).toBe('Docusaurus v3.7.0');
  }
});

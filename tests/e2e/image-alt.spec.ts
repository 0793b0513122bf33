import {test, expect} from '../support/test';
import {articleOf, openPage, type Arrival} from '../support/compare';
import {servers} from '../support/servers';

// An image's text is the Markdown's, with the characters HTML escapes in it:
// Docusaurus's image transform escaped them once more than React does, and a
// screen reader read the entity aloud (tests/fixtures/alt-text).
const alts = ["The agent's picture", 'The "status" picture', 'Nodes & checks'];

for (const how of ['first load', 'navigation'] as Arrival[]) {
  test(`an image's name is its Markdown text, on a ${how}`, async ({page}) => {
    await openPage(
      page,
      {
        base: servers.fixtures.url,
        path: '/docs/alt-text/pictures',
        hub: '/docs/alt-text',
        linkOf: (hub) =>
          articleOf(hub).getByRole('link', {name: 'Pictures with quotes'}),
      },
      how,
    );
    const images = articleOf(page).getByRole('img');
    await expect(images).toHaveCount(alts.length);
    for (const [index, alt] of alts.entries())
      await expect(images.nth(index)).toHaveAccessibleName(alt);
    await expect(images.nth(1)).toHaveAttribute('title', 'The "status" title');
  });
}

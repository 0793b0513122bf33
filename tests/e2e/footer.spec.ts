import {test, expect, gotoHydrated} from '../support/test';

test('the dark footer has the Docs, Community and More columns', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toHaveClass(/footer--dark/);

  const columns = footer.locator('.footer__col');
  await expect(columns.locator('.footer__title')).toHaveText([
    'Docs',
    'Community',
    'More',
  ]);

  const links = async (column: number) =>
    columns
      .nth(column)
      .getByRole('link')
      .evaluateAll((anchors) =>
        (anchors as HTMLAnchorElement[]).map((a) => ({
          text: a.textContent?.trim(),
          href: a.getAttribute('href'),
          external:
            a.getAttribute('target') === '_blank' &&
            /noopener/.test(a.rel) &&
            /noreferrer/.test(a.rel),
        })),
      );
  expect(await links(0)).toEqual([
    {text: 'Tutorial', href: '/docs/intro', external: false},
  ]);
  expect(await links(1)).toEqual([
    {text: 'Discord', href: 'https://discord.gg/nodekeeper', external: true},
    {text: 'X', href: 'https://x.com/nodekeeper', external: true},
  ]);
  expect(await links(2)).toEqual([
    {
      text: 'Explorer',
      href: 'https://explorer.nodekeeper.example',
      external: true,
    },
    {text: 'GitHub', href: 'https://github.com/nodekeeper', external: true},
  ]);
});

test('the copyright line is for 2025', async ({page}) => {
  await gotoHydrated(page, '/docs/intro');
  await expect(
    page.getByRole('contentinfo').locator('.footer__copyright'),
  ).toHaveText('Copyright © 2025 Nodekeeper.');
});

test("the footer's Tutorial link opens the introduction", async ({page}) => {
  await gotoHydrated(page, '/');
  await page
    .getByRole('contentinfo')
    .getByRole('link', {name: 'Tutorial'})
    .click();
  await expect(page).toHaveURL('/docs/intro');
  await expect(page.getByRole('heading', {level: 1})).toHaveText(
    'Introduction',
  );
});

test('above the footer, a link reports a mistake on the page being read', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/projects/bundles');
  const report = page.getByRole('link', {name: 'Report it on GitHub'});
  const href = new URL((await report.getAttribute('href'))!);
  expect(`${href.origin}${href.pathname}`).toBe(
    'https://github.com/nodekeeper/docs/issues/new',
  );
  expect(href.searchParams.get('title')).toBe(
    'Docs: mistake on /docs/projects/bundles',
  );
  expect(href.searchParams.get('body')).toContain(
    'https://docs.nodekeeper.example/docs/projects/bundles',
  );
  await expect(report).toHaveAttribute('rel', /noopener/);
});

import {test, expect, gotoHydrated} from '../support/test';

test('the home page gives the tagline, one sentence, a call to start and three reasons', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', {level: 1})).toHaveText(
    'Monitor your nodes with Nodekeeper',
  );
  const lead = main.getByRole('paragraph').first();
  await expect(lead).toContainText('alert you');
  expect(
    (await lead.textContent())!.trim().match(/[.!?](\s|$)/g),
    'the lead is one sentence',
  ).toHaveLength(1);

  const start = main.getByRole('link', {name: 'Monitor your first node'});
  await expect(start).toHaveAttribute(
    'href',
    '/docs/getting-started/single-rpc',
  );

  const reasons = main.getByRole('list').getByRole('listitem');
  await expect(reasons).toHaveCount(3);
  for (const reason of await reasons.all()) {
    await expect(reason.getByRole('heading', {level: 2})).toHaveCount(1);
    await expect(reason.getByRole('link')).toHaveAttribute('href', /^\/docs\//);
  }
});

test('every reason on the home page leads to a page that exists', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  const links = page.getByRole('main').getByRole('list').getByRole('link');
  const targets = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => anchor.getAttribute('href')!),
  );
  expect(targets).toHaveLength(3);
  for (const target of targets) {
    await gotoHydrated(page, target);
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    const hash = target.split('#')[1];
    if (hash) await expect(page.locator(`[id="${hash}"]`)).toBeVisible();
  }
});

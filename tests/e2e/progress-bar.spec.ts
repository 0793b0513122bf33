import {test, expect, gotoHydrated, routes} from '../support/test';

test('a slow route change shows the progress bar, and only after 200 ms', async ({
  page,
  scripts,
}) => {
  await page.clock.install();
  await gotoHydrated(page, '/');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  scripts.hold();
  await page
    .getByRole('navigation', {name: 'Main'})
    .getByRole('link', {name: 'Tutorial'})
    .click();
  const bar = page.locator('#nprogress .bar');

  await page.clock.runFor(199);
  await expect(bar).toHaveCount(0);
  await page.clock.runFor(2);
  await expect(bar).toHaveCount(1);
  expect(
    await bar.evaluate((element) => getComputedStyle(element).height),
  ).toBe('3px');

  // While the route's code is on its way, the bar moves on, never to its end.
  const shownPart = () =>
    bar.evaluate(
      (element: HTMLElement) =>
        100 + Number(/\((-?[\d.]+)%/.exec(element.style.transform)?.[1]),
    );
  const atStart = await shownPart();
  expect(atStart).toBeGreaterThan(0);

  // Past the 200 ms after which a lazy component may show its loading state,
  // the reader still has the page they were on: the next route renders only
  // once its code is in, never as a placeholder.
  await page.clock.runFor(1000);
  expect(await shownPart()).toBeGreaterThan(atStart);
  expect(await shownPart()).toBeLessThan(100);
  await expect(page.getByRole('heading', {level: 1})).toHaveText(
    routes[0].heading,
  );

  scripts.release();
  await page.clock.resume();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(
    'Introduction',
  );
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

test('a route change that finishes within 200 ms shows no progress bar', async ({
  page,
}) => {
  await page.clock.install();
  await gotoHydrated(page, '/docs/intro');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  await page
    .getByRole('navigation', {name: 'Docs sidebar'})
    .getByRole('link', {name: 'Getting started'})
    .click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(
    'Getting started',
  );
  await page.clock.runFor(1000);
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

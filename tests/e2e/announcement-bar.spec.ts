import {
  test,
  expect,
  gotoHydrated,
  storedDismissal,
  waitForHydration,
} from '../support/test';
import {announcement} from '@site/src/product.mjs';

test('the announcement bar shows the configured text', async ({
  page,
  announcementBar,
}) => {
  expect(
    announcement,
    'the announcement is switched on in src/product.mjs',
  ).not.toBeNull();
  await gotoHydrated(page, '/');
  await expect(announcementBar).toBeVisible();
  // The configured HTML as a reader sees it: its text, and its link.
  await expect(announcementBar).toHaveText(
    announcement!.content.replace(/<[^>]+>/g, ''),
  );
  await expect(
    announcementBar.getByRole('link', {name: 'Tell us on GitHub'}),
  ).toHaveAttribute('rel', /noopener/);
});

test('a visitor can dismiss it, and the dismissal is remembered', async ({
  page,
  announcementBar,
}) => {
  await gotoHydrated(page, '/');
  await announcementBar.getByRole('button', {name: 'Close'}).click();
  await expect(announcementBar).toHaveCount(0);
  expect(await storedDismissal(page)).toEqual(['true', announcement!.id]);

  await gotoHydrated(page, '/docs/intro');
  await expect(announcementBar).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(announcementBar).toHaveCount(0);
});

test("the dismissal resets when the bar's id changes", async ({
  page,
  announcementBar,
}) => {
  // A visitor who dismissed an earlier announcement, stored under its own id.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
      localStorage.setItem(
        'docusaurus.announcement.id',
        'an-earlier-announcement',
      );
      sessionStorage.setItem('seeded', 'yes');
    }
  });
  await gotoHydrated(page, '/');
  await expect(announcementBar).toBeVisible();
  expect(
    await page.evaluate(() =>
      localStorage.getItem('docusaurus.announcement.dismiss'),
    ),
  ).toBe('false');
  expect(
    await page.evaluate(() =>
      localStorage.getItem('docusaurus.announcement.id'),
    ),
  ).toBe(announcement!.id);

  await page.getByRole('link', {name: 'Tutorial'}).first().click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(
    'Introduction',
  );
  await expect(announcementBar).toBeVisible();
});

import {
  test,
  expect,
  gotoHydrated,
  onePageOfEachKind,
  storedDismissal,
  closeAnnouncementBar,
} from '../support/test';
import {announcement} from '@site/src/product.mjs';

// Two ways browsers refuse storage: some throw as soon as a page touches
// `localStorage` (blocked site data, some private modes), others hand it out
// and throw on every read and write.
const unavailableStorage = [
  {
    name: 'touching localStorage throws',
    breakStorage: () => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException(
            'Access is denied for this document.',
            'SecurityError',
          );
        },
      });
    },
    // The theme warns once that storage is unavailable; nothing is an error.
    allowConsoleErrors: undefined,
  },
  {
    name: 'every read and write of localStorage throws',
    breakStorage: () => {
      const refuse = () => {
        throw new DOMException(
          'The quota has been exceeded.',
          'QuotaExceededError',
        );
      };
      Object.assign(Storage.prototype, {
        getItem: refuse,
        setItem: refuse,
        removeItem: refuse,
      });
    },
    // The theme logs each failed read and write and carries on without storage.
    allowConsoleErrors: /^Docusaurus storage error, can't /,
  },
];

for (const {name, breakStorage, allowConsoleErrors} of unavailableStorage) {
  test.describe(`when ${name}`, () => {
    test.use({allowConsoleErrors});
    test.beforeEach(async ({page}) => {
      await page.addInitScript(breakStorage);
    });

    // Only the theme touches storage, alike on every page of a kind.
    test('a page of each kind renders', async ({page}) => {
      for (const route of onePageOfEachKind) {
        await gotoHydrated(page, route.path);
        await expect(page.getByRole('heading', {level: 1})).toHaveText(
          route.heading,
        );
        await expect(page.locator('html')).toHaveAttribute(
          'data-theme',
          'light',
        );
      }
    });

    test('the colour toggle works for the visit', async ({
      page,
      colourToggle,
    }) => {
      await gotoHydrated(page, '/docs/intro');
      await colourToggle('dark').click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

      await page
        .getByRole('navigation', {name: 'Docs sidebar'})
        .getByRole('link', {name: 'Projects'})
        .click();
      await expect(page.getByRole('heading', {level: 1})).toHaveText(
        'Projects',
      );
      await expect(
        page.locator('html'),
        'the choice holds across pages of the visit',
      ).toHaveAttribute('data-theme', 'dark');

      await colourToggle('light').click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    });

    test('the announcement bar can be closed', async ({
      page,
      announcementBar,
    }) => {
      await closeAnnouncementBar(page, announcementBar);
    });
  });
}

test.describe('garbage in the stored keys', () => {
  const garbage = {
    theme: '{"mode": "dark"',
    'docusaurus.announcement.dismiss': 'maybe',
    'docusaurus.announcement.id': '"><script>alert(1)</script>',
  };

  test.beforeEach(async ({page}) => {
    page.on('dialog', (dialog) => {
      throw new Error(`a stored value ran as a script: ${dialog.message()}`);
    });
    await page.addInitScript((values) => {
      // Only on the first load: later loads read what the site itself stored.
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', 'yes');
      for (const [key, value] of Object.entries(values))
        localStorage.setItem(key, value);
    }, garbage);
  });

  test('is ignored: light mode, a working toggle', async ({
    page,
    colourToggle,
  }) => {
    for (const route of onePageOfEachKind) {
      await gotoHydrated(page, route.path);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(
        route.heading,
      );
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    }
    await colourToggle('dark').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(
      'dark',
    );
  });

  test('is ignored: the announcement shows and its dismissal is stored cleanly', async ({
    page,
    announcementBar,
  }) => {
    await closeAnnouncementBar(page, announcementBar);
    expect(await storedDismissal(page)).toEqual(['true', announcement!.id]);

    await gotoHydrated(page, '/docs/intro');
    await expect(
      page.getByText('Nodekeeper is in public preview'),
    ).toBeHidden();
  });
});

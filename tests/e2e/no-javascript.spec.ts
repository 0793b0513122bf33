import {
  test,
  expect,
  routes,
  onePageOfEachKind,
  followTutorialLink,
} from '../support/test';

// Every page is prerendered: without JavaScript it is still there to read, and
// its links are plain links that load the next prerendered page.
test.use({javaScriptEnabled: false});

test.describe('with JavaScript disabled, on a desktop', () => {
  test.use({viewport: {width: 1280, height: 800}});

  test('every route shows its content', async ({page}) => {
    for (const route of routes) {
      const response = await page.goto(route.path);
      expect(response?.status(), route.path).toBe(200);
      await expect(
        page.getByRole('heading', {level: 1}),
        route.path,
      ).toHaveText(route.heading);
      await expect(page.locator('main'), route.path).not.toBeEmpty();
    }
  });

  // The navbar is the layout's: its link is followed from one page of each kind.
  for (const route of onePageOfEachKind) {
    test(`${route.path}'s navbar link works`, async ({page}) => {
      await page.goto(route.path);
      await followTutorialLink(page);
    });
  }

  test('the docs sidebar, breadcrumbs and pagination work as plain links', async ({
    page,
  }) => {
    await page.goto('/docs/intro');
    const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
    await sidebar.getByRole('link', {name: 'Projects'}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Projects');

    await page
      .getByRole('navigation', {name: 'Docs sidebar'})
      .getByRole('link', {name: 'Bundles'})
      .click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Bundles');

    // By the keyboard: the foot of the page moves while the browser lays
    // out the content above it, and a click aimed at it can land beside it.
    await page
      .getByRole('navigation', {name: 'Docs pages'})
      .getByRole('link', {name: /Next/})
      .press('Enter');
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'nodekeeper.yaml reference',
    );

    await page
      .getByRole('navigation', {name: 'Breadcrumbs'})
      .getByRole('link', {name: 'Projects'})
      .click();
    await expect(page).toHaveURL('/docs/category/projects');
  });

  test('the colour-mode toggle shows one icon and has one name, for light mode', async ({
    page,
  }) => {
    await page.goto('/docs/intro');
    const toggle = page
      .getByRole('navigation', {name: 'Main'})
      .getByRole('button', {name: 'Switch to dark mode', exact: true});
    await expect(toggle).toBeVisible();
    await expect(toggle.locator('svg').filter({visible: true})).toHaveCount(1);
  });

  test('the table of contents jumps to its heading', async ({page}) => {
    await page.goto('/docs/getting-started/single-rpc');
    const lastEntry = page
      .getByRole('navigation', {name: 'On this page'})
      .getByRole('link')
      .last();
    const heading = (await lastEntry.getAttribute('href'))!;
    await lastEntry.click();
    await expect(page).toHaveURL(new RegExp(`${heading}$`));
    await expect(page.locator(`[id="${heading.slice(1)}"]`)).toBeInViewport();
  });
});

test.describe('with JavaScript disabled, on a phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('the page reads and the footer links lead on (the menu button needs scripts)', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      routes[0].heading,
    );
    await page
      .getByRole('contentinfo')
      .getByRole('link', {name: 'Tutorial'})
      .click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Introduction',
    );
  });
});

import {
  test,
  expect,
  clickOnceShown,
  countCalls,
  gotoHydrated,
  settled,
} from '../support/test';
import {recordRenders} from '../support/renders';

test.describe('desktop navbar', () => {
  test.use({viewport: {width: 1280, height: 800}});

  test('shows the logo and product name, linking to the site root', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/projects/yaml');
    const navbar = page.getByRole('navigation', {name: 'Main'});
    const brand = navbar.getByRole('link', {name: /Nodekeeper/}).first();
    await expect(brand).toHaveAttribute('href', '/');
    await expect(
      brand.getByRole('img', {name: 'Nodekeeper logo'}),
    ).toBeVisible();
    await expect(brand).toContainText('Nodekeeper');
    await brand.click();
    await expect(page).toHaveURL('/');
  });

  test('has "Tutorial" on the left, linking to the docs sidebar', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const tutorial = page
      .getByRole('navigation', {name: 'Main'})
      .getByRole('link', {name: 'Tutorial'});
    await expect(tutorial).toHaveAttribute('href', '/docs/intro');
    await expect(tutorial).toHaveClass(/navbar__item/);
    expect(
      await tutorial.evaluate((link) =>
        Boolean(link.closest('.navbar__items:not(.navbar__items--right)')),
      ),
    ).toBe(true);
    await tutorial.click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Introduction',
    );
    await expect(tutorial).toHaveClass(/navbar__link--active/);
  });

  test('has "GitHub" on the right, an external link to the code organisation', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const github = page
      .getByRole('navigation', {name: 'Main'})
      .getByRole('link', {name: 'GitHub'});
    await expect(github).toHaveAttribute(
      'href',
      'https://github.com/nodekeeper',
    );
    await expect(github).toHaveAttribute('target', '_blank');
    await expect(github).toHaveAttribute('rel', /noopener/);
    await expect(github).toHaveAttribute('rel', /noreferrer/);
    expect(
      await github.evaluate((link) =>
        Boolean(link.closest('.navbar__items--right')),
      ),
    ).toBe(true);
  });

  test('has a search slot that renders nothing', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    const slot = page.locator(
      '.navbar__items--right [class*="navbarSearchContainer"]',
    );
    await expect(slot).toHaveCount(1);
    await expect(slot).toBeEmpty();
    await expect(page.getByRole('search')).toHaveCount(0);
    await expect(page.getByRole('searchbox')).toHaveCount(0);
  });

  test('stays in view when the page scrolls, lifted by a shadow', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/projects/yaml');
    const navbar = page.locator('nav.navbar');
    const shadow = () =>
      navbar.evaluate((element) => getComputedStyle(element).boxShadow);
    expect(await shadow()).toBe('none');

    await page.mouse.wheel(0, 1500);
    await expect
      .poll(() => page.evaluate(() => window.scrollY))
      .toBeGreaterThan(500);
    await expect(navbar).toBeInViewport();
    expect((await navbar.boundingBox())?.y).toBe(0);
    await expect.poll(shadow).not.toBe('none');

    await page.mouse.wheel(0, -1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(shadow).toBe('none');
  });

  test('lifts and lowers itself without rendering again', async ({page}) => {
    const commits = await recordRenders(page, {
      navbar: ':has(> nav.navbar)',
    });
    await gotoHydrated(page, '/docs/projects/yaml');
    const navbar = page.locator('nav.navbar');
    const shadow = () =>
      navbar.evaluate((element) => getComputedStyle(element).boxShadow);
    const before = (await commits()).length;

    await page.mouse.wheel(0, 1500);
    await expect.poll(shadow).not.toBe('none');
    await page.mouse.wheel(0, -1500);
    await expect.poll(shadow).toBe('none');

    const scrolling = (await commits()).slice(before);
    expect(scrolling.map((commit) => commit.rendered.navbar)).toEqual(
      scrolling.map(() => 0),
    );
  });
});

/** What the phone menu's test records from the page's first script on. */
type Recorded = {readsBeforePaint: string[]; focusedBeforePaint: number};

test.describe('mobile navbar', () => {
  test.use({viewport: {width: 390, height: 844}, hasTouch: true});

  test('the hamburger opens the navigation sidebar with the main menu', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).not.toBeVisible();
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'Tutorial'})).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'GitHub'})).toBeVisible();
    await sidebar.getByRole('button', {name: 'Close navigation bar'}).click();
    await expect(sidebar).not.toBeVisible();
  });

  test('on a docs page the sidebar opens on the secondary menu: the docs sidebar', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/projects/bundles');
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(
      sidebar.getByRole('button', {name: '← Back to main menu'}),
    ).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'Bundles'})).toHaveAttribute(
      'aria-current',
      'page',
    );
    await sidebar.getByRole('button', {name: '← Back to main menu'}).click();
    await expect(sidebar.getByRole('link', {name: 'Tutorial'})).toBeVisible();
  });

  test("opening and closing the menu renders none of the docs menu's items again", async ({
    page,
  }) => {
    const commits = await recordRenders(page, {
      docsMenu: '.navbar-sidebar .theme-doc-sidebar-menu',
    });
    await gotoHydrated(page, '/docs/projects/bundles');
    await settled(page);
    const before = (await commits()).length;
    const sidebar = page.locator('.navbar-sidebar');
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(sidebar.getByRole('link', {name: 'Bundles'})).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar).not.toBeVisible();

    const openAndClose = (await commits()).slice(before);
    expect(openAndClose.length).toBeGreaterThan(1);
    expect(openAndClose.map((commit) => commit.rendered.docsMenu ?? 0)).toEqual(
      openAndClose.map(() => 0),
    );
  });

  test("a doc's first load compares no strings by locale (the browser's collation data stays unloaded); the docs menu follows the page", async ({
    page,
  }) => {
    const localeCompares = await countCalls(page, 'String', 'localeCompare');
    await gotoHydrated(page, '/docs/intro');
    expect(await localeCompares()).toBe(0);

    const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
    const sidebar = page.locator('.navbar-sidebar');
    await toggle.click();
    await expect(
      sidebar.getByRole('link', {name: 'Introduction'}),
    ).toHaveAttribute('aria-current', 'page');
    await sidebar
      .getByRole('button', {name: "Expand sidebar category 'Projects'"})
      .click();
    await clickOnceShown(sidebar.getByRole('link', {name: 'Bundles'}));
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Bundles');
    await toggle.click();
    await expect(sidebar.getByRole('link', {name: 'Bundles'})).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test("the menu opened by a tap is painted before anything reads the page's layout or moves the focus, then the focus is in its shown panel and the other panel inert; opened from the keyboard, the focus is in it before its first frame", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const recorded: Recorded = {readsBeforePaint: [], focusedBeforePaint: 0};
      Object.assign(window, {recorded});
      // From a press until a frame is painted with the menu open; a
      // frame's callbacks run before it is painted, with what it paints.
      let beforeOpenPaint = false;
      const pressed = () => {
        beforeOpenPaint = true;
      };
      document.addEventListener('pointerdown', pressed, true);
      document.addEventListener('keydown', pressed, true);
      const everyFrame = () => {
        if (
          document
            .querySelector('.navbar')
            ?.classList.contains('navbar-sidebar--show')
        )
          beforeOpenPaint = false;
        requestAnimationFrame(everyFrame);
      };
      requestAnimationFrame(everyFrame);
      const wrapGetter = (owner: object, name: string) => {
        const {get} = Object.getOwnPropertyDescriptor(owner, name)!;
        Object.defineProperty(owner, name, {
          get(this: unknown) {
            if (beforeOpenPaint) recorded.readsBeforePaint.push(name);
            return get!.call(this);
          },
        });
      };
      for (const name of ['pageYOffset', 'scrollY']) wrapGetter(window, name);
      for (const name of ['offsetHeight', 'offsetWidth', 'offsetTop'])
        wrapGetter(HTMLElement.prototype, name);
      for (const name of ['clientHeight', 'clientWidth'])
        wrapGetter(Element.prototype, name);
      const {getBoundingClientRect} = Element.prototype;
      Element.prototype.getBoundingClientRect = function (this: Element) {
        if (beforeOpenPaint)
          recorded.readsBeforePaint.push('getBoundingClientRect');
        return getBoundingClientRect.call(this);
      };
      const {focus} = HTMLElement.prototype;
      HTMLElement.prototype.focus = function (this: HTMLElement, ...args) {
        if (beforeOpenPaint) {
          recorded.readsBeforePaint.push('focus');
          recorded.focusedBeforePaint += 1;
        }
        return focus.apply(this, args);
      };
    });
    const recorded = () =>
      page.evaluate(() => (window as unknown as {recorded: Recorded}).recorded);
    await gotoHydrated(page, '/docs/projects/bundles');
    const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
    const sidebar = page.locator('.navbar-sidebar');
    const back = sidebar.getByRole('button', {name: '← Back to main menu'});

    await toggle.click();
    await expect(back).toBeFocused();
    expect((await recorded()).readsBeforePaint).toEqual([]);
    // The main menu's panel, slid out of view, is out of reach.
    await expect(
      sidebar.locator('.navbar-sidebar__item').first(),
    ).toHaveAttribute('inert', '');

    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();
    await page.evaluate(() => {
      (window as unknown as {recorded: Recorded}).recorded.focusedBeforePaint =
        0;
    });
    await page.keyboard.press('Enter');
    await expect(back).toBeFocused();
    expect((await recorded()).focusedBeforePaint).toBe(1);
  });

  test('following a link in the sidebar closes it', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const sidebar = page.locator('.navbar-sidebar');
    await sidebar
      .getByRole('button', {name: "Expand sidebar category 'Projects'"})
      .click();
    await clickOnceShown(sidebar.getByRole('link', {name: 'Bundles'}));
    await expect(page).toHaveURL('/docs/projects/bundles');
    await expect(sidebar).not.toBeVisible();
  });

  test('the sidebar closes when the window grows wider than 996 px', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/intro');
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();

    await page.setViewportSize({width: 996, height: 844});
    await expect(page.locator('.navbar')).toHaveClass(/navbar-sidebar--show/);

    await page.setViewportSize({width: 1100, height: 844});
    await expect(page.locator('.navbar')).not.toHaveClass(
      /navbar-sidebar--show/,
    );
    await page.setViewportSize({width: 390, height: 844});
    await expect(page.locator('.navbar-sidebar')).not.toBeVisible();
  });
});

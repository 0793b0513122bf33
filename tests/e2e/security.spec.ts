import type {Page} from '@playwright/test';
import {
  test,
  expect,
  gotoHydrated,
  openFromSidebar,
  routes,
  followTutorialLink,
} from '../support/test';
import {servers} from '../support/servers';

test.describe('served with the headers of build/_headers', () => {
  test.use({baseURL: servers.site.url});

  /** Records every Content-Security-Policy violation the page reports. */
  async function recordViolations(
    page: Page,
  ): Promise<() => Promise<string[]>> {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as {cspViolations: string[]}).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(
          `${event.effectiveDirective} blocked ${event.blockedURI}: ${event.sample}`,
        ),
      );
    });
    return () =>
      page.evaluate(
        () => (window as unknown as {cspViolations: string[]}).cspViolations,
      );
  }

  // Each route's first load in either colour mode keeps to its policy:
  // routes.spec.ts (every test fails on the console error of a refusal).

  test('navigating from page to page breaks no rule of the Content-Security-Policy', async ({
    page,
    colourToggle,
  }) => {
    const violations = await recordViolations(page);
    await gotoHydrated(page, '/');
    await colourToggle('dark').click();
    await followTutorialLink(page);
    await openFromSidebar(
      page,
      ['Getting started', 'Monitor a single RPC endpoint'],
      'Monitor a single RPC endpoint',
    );
    await openFromSidebar(
      page,
      ['Projects', 'nodekeeper.yaml reference'],
      'nodekeeper.yaml reference',
    );
    await colourToggle('light').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await violations()).toEqual([]);
  });

  test.describe('a script or style the build did not make', () => {
    // Chromium reports each refusal on the console too.
    test.use({
      allowConsoleErrors:
        /violates the following Content Security Policy directive/,
    });

    test('is refused', async ({page}) => {
      const violations = await recordViolations(page);
      await gotoHydrated(page, '/docs/intro');
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.injected = true;';
        document.body.append(script);
        document.querySelector('h1')!.setAttribute('style', 'color: red');
      });
      await expect
        .poll(violations)
        .toEqual([
          expect.stringMatching(/^script-src-elem blocked inline/),
          expect.stringMatching(/^style-src-attr blocked inline/),
        ]);
      expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    });
  });

  test('the Content-Security-Policy and the other security headers are sent with every page', async ({
    request,
  }) => {
    for (const path of [
      ...routes.map((route) => route.path),
      '/does-not-exist',
    ]) {
      const headers = (await request.get(path)).headers();
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe(
        'strict-origin-when-cross-origin',
      );
      expect(headers['permissions-policy'], path).toContain('camera=()');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['content-security-policy'], path).toContain(
        "frame-ancestors 'none'",
      );
      if (path !== '/does-not-exist')
        expect(headers['content-security-policy'], path).toContain(
          "script-src 'self' 'sha256-",
        );
    }
  });

  test('hashed assets are cached for a year, pages are revalidated', async ({
    page,
    request,
  }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/assets/')) scripts.push(response.url());
    });
    await gotoHydrated(page, '/docs/intro');
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      expect((await request.get(url)).headers()['cache-control'], url).toBe(
        'public, max-age=31536000, immutable',
      );
    }
    for (const path of [
      '/',
      '/docs/intro',
      '/docs/intro/',
      '/markdown-page',
      '/img/logo.svg',
      '/sitemap.xml',
    ]) {
      expect((await request.get(path)).headers()['cache-control'], path).toBe(
        'no-cache',
      );
    }
  });
});

// Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi, which
// Firefox speaks itself: no geckodriver, no browser downloaded.
import {existsSync} from 'node:fs';
import puppeteer, {
  type Browser,
  type ElementHandle,
  type Page,
} from 'puppeteer-core';
import {
  onHandle,
  Reader,
  recordReports,
  type Limit,
  type Reports,
  type View,
} from '../reader';

/** Debian's Firefox ESR; FIREFOX_PATH picks another. */
export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Starts Firefox, headless, for the tabs of one worker's tests. */
export async function launchFirefox(): Promise<Browser> {
  if (!existsSync(firefoxPath))
    throw new Error(
      `${firefoxPath} is missing: install Debian's firefox-esr package, or set FIREFOX_PATH to a Firefox`,
    );
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    extraPrefsFirefox: {
      // Nothing of Firefox's own calls home while the tests run.
      'browser.shell.checkDefaultBrowser': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'app.update.enabled': false,
    },
  });
}

export class FirefoxReader extends Reader {
  readonly engine = 'firefox';
  protected readonly recordsFromStart = true;
  private readonly heard: Reports = {errors: [], warnings: [], violations: []};

  private constructor(
    private readonly page: Page,
    origin: string,
  ) {
    super(origin);
    page.on('console', (message) => {
      if (message.type() === 'error') this.heard.errors.push(message.text());
      if (message.type() === 'warn') this.heard.warnings.push(message.text());
    });
    page.on('pageerror', (error) =>
      this.heard.errors.push(`Uncaught: ${String(error)}`),
    );
  }

  /** A tab of its own storage in `browser`. */
  static async start(browser: Browser, origin: string): Promise<FirefoxReader> {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({width: 1280, height: 720});
    await page.evaluateOnNewDocument(recordReports);
    return new FirefoxReader(page, origin);
  }

  evaluate<Result, Arg = undefined>(
    script: (arg: Arg) => Result | Promise<Result>,
    arg?: Arg,
  ): Promise<Awaited<Result>> {
    // The page receives `arg` as sent: plain data, no handles.
    return this.page.evaluate(
      script as (arg: unknown) => Result,
      arg as unknown,
    ) as Promise<Awaited<Result>>;
  }

  protected clickSelector(selector: string): Promise<boolean> {
    return this.onElement(selector, (element) => element.click());
  }

  protected hoverSelector(selector: string): Promise<boolean> {
    return this.onElement(selector, (element) => element.hover());
  }

  /**
   * Scrolls the element `selector` matches into view and acts at its middle,
   * as puppeteer's element handle does; false when it has left the page.
   */
  private async onElement(
    selector: string,
    action: (element: ElementHandle) => Promise<void>,
  ): Promise<boolean> {
    return onHandle(await this.page.$(selector), action, (element) =>
      element.evaluate((node) => node.isConnected),
    );
  }

  protected async load(url: string): Promise<void> {
    await this.page.goto(url);
  }

  async press(key: 'Tab' | 'Escape' | 'Enter'): Promise<void> {
    await this.page.keyboard.press(key);
  }

  async back(): Promise<void> {
    await this.page.goBack();
  }

  async forward(): Promise<void> {
    await this.page.goForward();
  }

  async resize(width: number, height: number): Promise<View> {
    await this.page.setViewport({width, height});
    return {width, height};
  }

  protected driverReports(): Reports {
    return this.heard;
  }

  async failChunksUntilReload(): Promise<Limit | undefined> {
    let failing = true;
    await this.page.setRequestInterception(true);
    this.page.on('request', (request) => {
      if (request.isInterceptResolutionHandled()) return;
      if (request.isNavigationRequest()) failing = false;
      void (failing && request.url().includes('/assets/js/')
        ? request.abort()
        : request.continue());
    });
    return undefined;
  }

  async close(): Promise<void> {
    await this.page.browserContext().close();
  }
}

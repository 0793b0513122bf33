// Chromium, driven by Playwright as the rest of the end-to-end tests drive it.
import type {ElementHandle, Page} from '@playwright/test';
import {
  onHandle,
  Reader,
  recordReports,
  type Limit,
  type Reports,
  type View,
} from '../reader';

export class ChromiumReader extends Reader {
  readonly engine = 'chromium';
  protected readonly recordsFromStart = true;
  private readonly heard: Reports = {errors: [], warnings: [], violations: []};

  private constructor(
    private readonly page: Page,
    origin: string,
  ) {
    super(origin);
    page.on('console', (message) => {
      if (message.type() === 'error') this.heard.errors.push(message.text());
      if (message.type() === 'warning')
        this.heard.warnings.push(message.text());
    });
    page.on('pageerror', (error) =>
      this.heard.errors.push(`Uncaught: ${error.message}`),
    );
  }

  static async start(page: Page, origin: string): Promise<ChromiumReader> {
    await page.addInitScript(recordReports);
    return new ChromiumReader(page, origin);
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
   * Acts on the element `selector` matches once Playwright finds it visible,
   * stable and reached by the pointer; false when it leaves the page first.
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
    await this.page.setViewportSize({width, height});
    return {width, height};
  }

  protected driverReports(): Reports {
    return this.heard;
  }

  async failChunksUntilReload(): Promise<Limit | undefined> {
    let failing = true;
    await this.page.route('**/*', (route) => {
      if (route.request().resourceType() === 'document') failing = false;
      return failing && route.request().url().includes('/assets/js/')
        ? route.abort()
        : route.continue();
    });
    return undefined;
  }

  async close(): Promise<void> {
    await this.page.close();
  }
}

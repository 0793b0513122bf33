// What a journey asks of a browser, whichever engine it is and whatever drives
// it: Playwright drives Chromium, puppeteer-core drives Firefox over WebDriver
// BiDi, and WebdriverIO's client drives WebKit over classic WebDriver, through
// WebKitGTK's WebKitWebDriver.
// A journey finds what it acts on by role and name, in the page, and acts
// through the driver, as a reader's pointer and keys would.

export type Engine = 'chromium' | 'firefox' | 'webkit';

/** An element by its role and accessible name (a string matches the whole name). */
export type Target = {
  role: keyof typeof roleSelectors;
  name: string | RegExp;
  /** The element it is in, by role and name. */
  within?: Target;
};

/** What the page reported: errors, warnings, and Content-Security-Policy violations. */
export type Reports = {
  errors: string[];
  warnings: string[];
  violations: string[];
};

/** The size of the page's view. */
export type View = {width: number; height: number};

/** What a journey cannot do in an engine, and why. */
export type Limit = {step: string; why: string};

// The elements of each role the journeys look for, as the browser exposes them.
const roleSelectors = {
  link: 'a[href]',
  button: 'button, [role="button"], summary',
  heading: 'h1, h2, h3, h4, h5, h6',
  navigation: 'nav, [role="navigation"]',
  tab: '[role="tab"]',
  region: '[role="region"], section[aria-label]',
  banner: '[role="banner"]',
  article: 'article',
  code: 'pre',
  // A code block has no role: its frame holds its code and its buttons.
  codeBlock: '.theme-code-block',
};

/** The attribute that marks the element a journey acts on next. */
const marker = 'data-journey-target';

/**
 * In the page: marks the first element shown that matches `target` with
 * `value` and returns true, or false when there is none. Self-contained:
 * drivers send its source.
 */
function markTarget({
  target,
  selectors,
  attribute,
  value,
}: {
  target: {
    role: string;
    name: string | {source: string};
    within?: unknown;
  };
  selectors: Record<string, string>;
  attribute: string;
  value: string;
}): boolean {
  type Wanted = typeof target;
  const nameOf = (element: Element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    const name =
      element.getAttribute('aria-label') ??
      (labelledBy
        ? labelledBy
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : // The text shown: innerText leaves out what CSS hides.
          // innerText leaves out, too, the content the browser skips
          // rendering out of view, which textContent has.
          (element as HTMLElement).innerText ||
          element.textContent ||
          element.getAttribute('title') ||
          '');
    return name.replace(/\s+/g, ' ').trim();
  };
  const matches = (element: Element, {name}: Wanted) =>
    typeof name === 'string'
      ? nameOf(element) === name
      : new RegExp(name.source).test(nameOf(element));
  const find = (wanted: Wanted, shown: boolean): Element[] => {
    const scopes = wanted.within
      ? find(wanted.within as Wanted, false)
      : [document.documentElement];
    return scopes.flatMap((scope) =>
      Array.from(scope.querySelectorAll(selectors[wanted.role]!)).filter(
        (element) =>
          matches(element, wanted) &&
          (!shown || element.getClientRects().length > 0),
      ),
    );
  };
  document
    .querySelectorAll(`[${attribute}]`)
    .forEach((element) => element.removeAttribute(attribute));
  const [found] = find(target, true);
  found?.setAttribute(attribute, value);
  return found !== undefined;
}

/** A target as the page receives it: a RegExp goes as its source. */
type SentTarget = {
  role: string;
  name: string | {source: string};
  within?: SentTarget;
};

/** Turns a target into what the page receives. */
function serialised(target: Target): SentTarget {
  return {
    role: target.role,
    name:
      typeof target.name === 'string'
        ? target.name
        : {source: target.name.source},
    within: target.within && serialised(target.within),
  };
}

/**
 * In the page: records from now on what it reports, where the driver cannot
 * hear it (uncaught errors and console calls) and where no driver can
 * (Content-Security-Policy violations). Runs before the page's scripts where
 * the driver can run a script on each new document; else at once. What it
 * records is kept in the tab's session storage, which a reload keeps.
 */
export function recordReports(): void {
  const page = window as unknown as {journeyReports?: Reports};
  if (page.journeyReports) return;
  const key = 'journey-reports';
  let kept: Reports | undefined;
  try {
    kept = JSON.parse(sessionStorage.getItem(key) ?? 'null') ?? undefined;
  } catch {
    // Storage the page cannot read: nothing was kept.
  }
  const reports: Reports = kept ?? {errors: [], warnings: [], violations: []};
  page.journeyReports = reports;
  const add = (list: string[], report: string) => {
    list.push(report);
    try {
      sessionStorage.setItem(key, JSON.stringify(reports));
    } catch {
      // Kept for this document only.
    }
  };
  window.addEventListener('error', (event) =>
    add(reports.errors, `Uncaught: ${event.message}`),
  );
  window.addEventListener('unhandledrejection', (event) =>
    add(reports.errors, `Unhandled rejection: ${String(event.reason)}`),
  );
  document.addEventListener('securitypolicyviolation', (event) =>
    add(
      reports.violations,
      `${event.effectiveDirective} blocked ${event.blockedURI}: ${event.sample}`,
    ),
  );
  for (const [level, list] of [
    ['error', reports.errors],
    ['warn', reports.warnings],
  ] as const) {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      add(list, args.map(String).join(' '));
      original.apply(console, args);
    };
  }
}

/** In the page: once React has hydrated it and its deferred blocks have each been laid out once. */
function isHydrated(): boolean {
  return (
    document.documentElement.dataset.hasHydrated === 'true' &&
    (document.documentElement.hasAttribute('data-full-layout') ||
      Array.from(document.querySelectorAll('[data-deferred-layout] > *')).every(
        (block) =>
          !(block instanceof HTMLElement) ||
          block.style.containIntrinsicBlockSize !== '',
      ))
  );
}

// A busy machine's WebKit takes seconds to hydrate a long doc.
const waitTimeout = 20_000;

/** A browser tab a journey drives. */
/**
 * Runs `action` on the element a driver's `handle` holds; false when there is
 * none, or when it left the page before the action could end, rather than
 * the driver's error. A handle, not a locator: a locator would wait for its
 * selector to match again, which the element that replaced it does not.
 */
export async function onHandle<Handle extends {dispose(): Promise<void>}>(
  handle: Handle | null,
  action: (handle: Handle) => Promise<void>,
  isConnected: (handle: Handle) => Promise<boolean>,
): Promise<boolean> {
  if (!handle) return false;
  try {
    await action(handle);
    return true;
  } catch (error) {
    if (await isConnected(handle)) throw error;
    return false;
  } finally {
    await handle.dispose();
  }
}

export abstract class Reader {
  abstract readonly engine: Engine;
  /** The origin that paths are opened on. */
  constructor(protected readonly origin: string) {}

  /** Runs `script` in the page with `arg`, returning what it returns (awaited). */
  abstract evaluate<Result, Arg = undefined>(
    script: (arg: Arg) => Result | Promise<Result>,
    arg?: Arg,
  ): Promise<Awaited<Result>>;
  /**
   * Clicks the element `selector` matches, as a pointer does; false when the
   * element left the page before the click.
   */
  protected abstract clickSelector(selector: string): Promise<boolean>;
  /**
   * Moves the pointer over the element `selector` matches; false when the
   * element left the page first.
   */
  protected abstract hoverSelector(selector: string): Promise<boolean>;
  /** Loads `url` as a new document, returning once it has loaded. */
  protected abstract load(url: string): Promise<void>;
  /** Presses a key on the focused element. */
  abstract press(key: 'Tab' | 'Escape' | 'Enter'): Promise<void>;
  /** The browser's Back and Forward buttons. */
  abstract back(): Promise<void>;
  abstract forward(): Promise<void>;
  /** Sets the size of the page's view, as near as the browser allows; returns the size it has. */
  abstract resize(width: number, height: number): Promise<View>;
  /** What the driver heard of the page's console and errors, beyond what the page recorded. */
  protected abstract driverReports(): Reports;
  /**
   * Makes the site's route chunks fail to load until a document loads again,
   * or says why this driver cannot.
   */
  abstract failChunksUntilReload(): Promise<Limit | undefined>;
  /** Whether the driver runs the report recorder before each document's scripts. */
  protected abstract readonly recordsFromStart: boolean;
  abstract close(): Promise<void>;

  /** Opens `path` on the origin and waits until the page has hydrated. */
  async open(path: string): Promise<void> {
    await this.load(new URL(path, this.origin).href);
    await this.recordUnlessRecording();
    await this.waitUntilHydrated();
  }

  async waitUntilHydrated(): Promise<void> {
    await this.waitFor(isHydrated, undefined, 'the page hydrates');
  }

  /** What the page has reported so far, and the driver heard. */
  async reports(): Promise<Reports> {
    await this.recordUnlessRecording();
    const recorded = await this.evaluate(
      () =>
        (window as unknown as {journeyReports?: Reports}).journeyReports ?? {
          errors: [],
          warnings: [],
          violations: [],
        },
    );
    const heard = this.driverReports();
    return {
      errors: [...heard.errors, ...recorded.errors],
      warnings: [...heard.warnings, ...recorded.warnings],
      violations: [...heard.violations, ...recorded.violations],
    };
  }

  /** Where the recorder does not run from each document's start, what it misses. */
  get reportLimit(): Limit | undefined {
    return this.recordsFromStart
      ? undefined
      : {
          step: "errors and CSP violations during a document's load",
          why: 'classic WebDriver runs no script before the page\u2019s own, and hears no console: reports are recorded from the end of each load on',
        };
  }

  /** Clicks `target` once it is shown. */
  async click(target: Target): Promise<void> {
    await this.act(target, 'click', (selector) => this.clickSelector(selector));
  }

  /** Moves the pointer over `target` once it is shown. */
  async hover(target: Target): Promise<void> {
    // The pointer is where it went only if the element is there still: the
    // page may have moved it since (its blocks laid out in turn after a
    // navigation), and the pointer then moves to it again.
    await this.act(
      target,
      'hover',
      async (selector) =>
        (await this.hoverSelector(selector)) &&
        this.evaluate(
          (selector) =>
            document.querySelector(selector)?.matches(':hover') ?? false,
          selector,
        ),
    );
  }

  /** The marks made so far: each mark's value is new, so an old selector matches nothing. */
  private marks = 0;

  /**
   * Finds `target` and acts on it. An island's HTML leaves the page as React
   * renders the island in its place (a Tabs, a details, a code block's
   * buttons, once the pointer or the view nears them): a target that leaves
   * before the action is found again, in what replaced it.
   */
  private async act(
    target: Target,
    action: string,
    on: (selector: string) => Promise<boolean>,
  ): Promise<void> {
    for (let tries = 1; ; tries += 1) {
      this.marks += 1;
      const value = String(this.marks);
      await this.waitFor(
        markTarget,
        {
          target: serialised(target),
          selectors: roleSelectors,
          attribute: marker,
          value,
        },
        `${target.role} "${target.name}" is shown`,
      );
      if (await on(`[${marker}="${value}"]`)) return;
      if (tries === 5)
        throw new Error(
          `${target.role} "${target.name}" left the page, or moved, before each of ${tries} tries to ${action} it in ${this.engine}`,
        );
    }
  }

  /** Waits until `script` returns a truthy value in the page, and returns it. */
  async waitFor<Result, Arg>(
    script: (arg: Arg) => Result | Promise<Result>,
    arg: Arg,
    what: string,
  ): Promise<Awaited<Result>> {
    const deadline = Date.now() + waitTimeout;
    let lastError: unknown;
    for (;;) {
      try {
        const result = await this.evaluate(script, arg);
        if (result) return result;
        lastError = undefined;
      } catch (error) {
        // A page that navigates while the script runs.
        lastError = error;
      }
      if (Date.now() > deadline)
        throw new Error(
          `Waited ${waitTimeout / 1000} s in ${this.engine} until ${what}${lastError ? `: ${String(lastError)}` : ''}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async recordUnlessRecording(): Promise<void> {
    if (!this.recordsFromStart) await this.evaluate(recordReports);
  }
}

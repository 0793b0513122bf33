// WebKit, the engine of Safari: WebKitGTK's MiniBrowser, driven by Debian's
// WebKitWebDriver through WebdriverIO's client of classic WebDriver, the one
// protocol WebKitWebDriver speaks. Given the server's address, the client
// starts no driver and fetches no browser of its own. WebKitGTK draws in a
// window, so the browser runs in an X server of its own, Xvfb, which has no
// screen.
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync} from 'node:fs';
import net from 'node:net';
import WebDriver, {type Client} from 'webdriver';
import {Reader, type Limit, type Reports, type View} from '../reader';

/** Debian's WebKitWebDriver; WEBKIT_WEBDRIVER_PATH picks another. */
export const webkitDriverPath =
  process.env.WEBKIT_WEBDRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const miniBrowserPath =
  process.env.WEBKIT_BROWSER_PATH ??
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const xvfbPath = '/usr/bin/Xvfb';

/**
 * The key of an element in a WebDriver answer: the client's CommonJS entry,
 * which the test runner loads, does not export its own.
 */
const elementKey = 'element-6066-11e4-a52e-4f735466cecf';
/** WebDriver's codes for the keys a journey presses. */
const keyCodes = {Tab: '\uE004', Escape: '\uE00C', Enter: '\uE007'};

/** Whether two sizes are the same. */
const sameSize = (a: View, b: View) =>
  a.width === b.width && a.height === b.height;

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Resolves once `child` has written a line to the file descriptor `fd`, with that line. */
function firstLine(child: ChildProcess, fd: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const stream = child.stdio[fd] as NodeJS.ReadableStream;
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.trim());
    });
    child.on('exit', (code) =>
      reject(new Error(`${String(child.spawnargs[0])} exited (${code})`)),
    );
  });
}

/** The X server and WebDriver server one worker's WebKit tests share. */
export type WebKitDriver = {port: number; stop: () => Promise<void>};

/** Starts Xvfb and WebKitWebDriver, each on what is free now. */
export async function startWebKitDriver(): Promise<WebKitDriver> {
  for (const [file, pkg] of [
    [webkitDriverPath, 'webkit2gtk-driver'],
    [xvfbPath, 'xvfb'],
  ])
    if (!existsSync(file!))
      throw new Error(
        `${file} is missing: install Debian's ${pkg} package${pkg === 'webkit2gtk-driver' ? ', or set WEBKIT_WEBDRIVER_PATH' : ''}`,
      );
  // Xvfb picks a free display and writes its number on file descriptor 3.
  const xvfb = spawn(
    xvfbPath,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {stdio: ['ignore', 'ignore', 'ignore', 'pipe']},
  );
  const display = await firstLine(xvfb, 3);
  const port = await freePort();
  const driver = spawn(webkitDriverPath, [`--port=${port}`], {
    env: {...process.env, DISPLAY: `:${display}`},
    stdio: 'ignore',
  });
  // Up once it answers at all, as the client's first request needs it.
  for (let tries = 0; ; tries += 1) {
    try {
      await fetch(`http://127.0.0.1:${port}/status`);
      break;
    } catch (error) {
      if (tries > 100 || driver.exitCode !== null) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const stopped = (child: ChildProcess) =>
    child.exitCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          child.on('exit', () => resolve());
          child.kill();
        });
  return {
    port,
    stop: async () => {
      await stopped(driver);
      await stopped(xvfb);
    },
  };
}

export class WebKitReader extends Reader {
  readonly engine = 'webkit';
  protected readonly recordsFromStart = false;

  private constructor(
    private readonly client: Client,
    origin: string,
  ) {
    super(origin);
  }

  /**
   * A browser from `driver`, which takes half a minute to start on a busy
   * machine: one for all of a worker's tests, each of which calls `reset`.
   */
  static async start(
    driver: WebKitDriver,
    origin: string,
  ): Promise<WebKitReader> {
    // The client knows no WebKitGTK options by name, and sends them as given.
    const capabilities = {
      browserName: 'MiniBrowser',
      // The client asks for BiDi unless told not to, and WebKitWebDriver
      // has none: it refuses a session that asks.
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': {
        binary: miniBrowserPath,
        args: ['--automation'],
      },
    };
    const client = await WebDriver.newSession({
      hostname: '127.0.0.1',
      port: driver.port,
      // Each command sent once: a journey waits and tries again itself, and
      // a click sent twice would click twice.
      connectionRetryCount: 0,
      capabilities,
    });
    return new WebKitReader(client, origin);
  }

  /** Forgets what earlier tests stored on each of `origins`, and sizes the view as a new tab's. */
  async reset(origins: string[]): Promise<void> {
    for (const origin of origins) {
      await this.load(new URL('/robots.txt', origin).href);
      await this.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    }
    await this.resize(1280, 720);
  }

  async evaluate<Result, Arg = undefined>(
    script: (arg: Arg) => Result | Promise<Result>,
    arg?: Arg,
  ): Promise<Awaited<Result>> {
    // A script's result is awaited, as WebDriver awaits a promise returned.
    return (await this.client.executeScript(
      `return (${script.toString()})(arguments[0]);`,
      [arg ?? null],
    )) as Awaited<Result>;
  }

  /**
   * Waits until a pointer at the middle of the element `selector` matches
   * would reach it, as Playwright's clicks wait; returns the element, or
   * undefined once it has left the page. WebKitWebDriver's own click checks
   * this once, at once, and refuses the click when something covers the
   * element (the phone menu's backdrop as it fades out, the sticky navbar
   * over what it scrolled to).
   */
  private async reach(
    selector: string,
  ): Promise<{element: string; x: number; y: number} | undefined> {
    const reached = await this.waitFor(
      (selector) => {
        const element = document.querySelector(selector);
        if (!element) return 'gone';
        const reached = () => {
          // WebDriver's click goes to the middle of the first box's part
          // in view.
          const box = element.getClientRects()[0];
          if (!box) return false;
          const [left, right] = [
            Math.max(box.left, 0),
            Math.min(box.right, innerWidth),
          ];
          const [top, bottom] = [
            Math.max(box.top, 0),
            Math.min(box.bottom, innerHeight),
          ];
          if (left >= right || top >= bottom) return false;
          const [x, y] = [
            Math.floor((left + right) / 2),
            Math.floor((top + bottom) / 2),
          ];
          const hit = document.elementFromPoint(x, y);
          return hit !== null && element.contains(hit) && {x, y};
        };
        const point = reached();
        if (point) return point;
        // Into the middle of the view, clear of the sticky navbar. Content
        // the engine lays out only as it nears the view moves it again at
        // the next frame: the next try checks where it is then.
        element.scrollIntoView({block: 'center', inline: 'nearest'});
        return false;
      },
      selector,
      `a pointer at the middle of ${selector} reaches it`,
    );
    if (reached === 'gone' || !reached) return undefined;
    // The client answers with the error for an element gone since it was
    // reached, rather than throwing it.
    const element = (await this.client.findElement('css selector', selector))[
      elementKey
    ];
    return element === undefined ? undefined : {element, ...reached};
  }

  /**
   * Moves the pointer onto the element, then clicks it, as a reader's
   * pointer comes before the press. WebDriver's click moves and presses at
   * once: an island woken by the pointer's arrival replaced the element
   * between the two, and WebKit lost the press (no mousedown, no click).
   * Replaced so, the element is stale, and the reader finds it again.
   */
  protected async clickSelector(selector: string): Promise<boolean> {
    const reached = await this.reach(selector);
    return (
      reached !== undefined &&
      (await this.moveTo(reached)) &&
      unlessStale(this.client.elementClick(reached.element))
    );
  }

  protected async hoverSelector(selector: string): Promise<boolean> {
    const reached = await this.reach(selector);
    return reached !== undefined && this.moveTo(reached);
  }

  /**
   * Moves the pointer to the point reached from the view's corner, as a
   * pointer comes to it: a move to where the pointer is already, as it is
   * when the last element it went to had its middle at the same place,
   * makes no event, and the element's pointerover never comes. The point is
   * the middle of the element's part in view: WebKitWebDriver refuses a
   * move to the middle of an element taller than the view, which is out of
   * it.
   */
  private moveTo({x, y}: {x: number; y: number}): Promise<boolean> {
    return unlessStale(
      this.client.performActions([
        {
          type: 'pointer',
          id: 'mouse',
          parameters: {pointerType: 'mouse'},
          actions: [
            {type: 'pointerMove', duration: 0, origin: 'viewport', x: 0, y: 0},
            {type: 'pointerMove', duration: 0, origin: 'viewport', x, y},
          ],
        },
      ]),
    );
  }

  protected async load(url: string): Promise<void> {
    await this.client.navigateTo(url);
  }

  async press(key: 'Tab' | 'Escape' | 'Enter'): Promise<void> {
    await this.client.performActions([
      {
        type: 'key',
        id: 'keyboard',
        actions: [
          {type: 'keyDown', value: keyCodes[key]},
          {type: 'keyUp', value: keyCodes[key]},
        ],
      },
    ]);
    await this.client.releaseActions();
  }

  async back(): Promise<void> {
    await this.client.back();
  }

  async forward(): Promise<void> {
    await this.client.forward();
  }

  /** What MiniBrowser's window adds around the view (its toolbar), once measured. */
  private frame = {width: 0, height: 0};

  /**
   * Sizes the window so that its view, inside MiniBrowser's toolbar, is
   * `width` by `height`, or as near as the toolbar's own width lets it.
   */
  async resize(width: number, height: number): Promise<View> {
    for (let tries = 0; ; tries += 1) {
      const before = await this.view();
      await this.client.setWindowRect(
        null,
        null,
        width + this.frame.width,
        height + this.frame.height,
      );
      const view = await this.settledView(before, {width, height});
      if (sameSize(view, {width, height})) return view;
      const outer = await this.client.getWindowRect();
      const frame = {
        width: outer.width - view.width,
        height: outer.height - view.height,
      };
      // The same frame again: the window is as near as it gets.
      if (tries === 2 || sameSize(frame, this.frame)) return view;
      this.frame = frame;
    }
  }

  private view(): Promise<View> {
    return this.evaluate(() => ({
      width: window.innerWidth,
      height: window.innerHeight,
    }));
  }

  /**
   * The view once the X server has resized the window, which it does a
   * moment after the command returns: as soon as it is `wanted`, or once it
   * has changed from `before` and kept its size for two readings (a window
   * the toolbar keeps wider than asked), or after 2 s (a size it cannot
   * change to from where it is).
   */
  private async settledView(before: View, wanted: View): Promise<View> {
    const deadline = Date.now() + 2_000;
    let last = before;
    let steady = 0;
    for (;;) {
      const view = await this.view();
      if (sameSize(view, wanted) || Date.now() > deadline) return view;
      steady = !sameSize(view, before) && sameSize(view, last) ? steady + 1 : 0;
      if (steady === 2) return view;
      last = view;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  protected driverReports(): Reports {
    return {errors: [], warnings: [], violations: []};
  }

  /**
   * Classic WebDriver has no network interception: the page's own loader is
   * pointed at chunks the host does not have instead, which fail as a chunk
   * gone after a deploy fails, until the next document.
   */
  async failChunksUntilReload(): Promise<Limit | undefined> {
    await this.evaluate(() => {
      const source = Object.getOwnPropertyDescriptor(
        HTMLScriptElement.prototype,
        'src',
      )!;
      Object.defineProperty(HTMLScriptElement.prototype, 'src', {
        ...source,
        set(this: HTMLScriptElement, url: string) {
          source.set!.call(
            this,
            url.replace('/assets/js/', '/assets/js/missing-'),
          );
        },
      });
    });
    return {
      step: 'a route chunk that fails on the network',
      why: 'classic WebDriver, all WebKitWebDriver speaks, has no network interception: the chunks fail with a 404 instead (the page points its script elements at files the host does not have)',
    };
  }

  async close(): Promise<void> {
    await this.client.deleteSession();
  }
}

/** True once `sent` is done; false when its element has left the page. */
async function unlessStale(sent: Promise<unknown>): Promise<boolean> {
  try {
    await sent;
    return true;
  } catch (error) {
    if ((error as Error).name === 'stale element reference') return false;
    throw error;
  }
}

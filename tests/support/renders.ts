import type {Page} from '@playwright/test';

/** One React commit, as the page stood once it was committed. */
export type Commit = {
  /** The page's path. */
  path: string;
  /** The text of the article's first heading, if it has one. */
  title: string | undefined;
  /** For each name given, the components rendered inside the element it names. */
  rendered: Record<string, number>;
};

/**
 * Records each React commit from the page's first script on, through the hook
 * React reports its commits to (the one its DevTools install): for each
 * selector, how many components rendered inside the element it matches,
 * counted as the DevTools count them (a component whose render React skipped
 * is not counted). Returns what reads the commits recorded until then.
 */
export async function recordRenders(
  page: Page,
  selectors: Record<string, string>,
): Promise<() => Promise<Commit[]>> {
  await page.addInitScript((selectors) => {
    type Fiber = {
      tag: number;
      flags: number;
      stateNode: unknown;
      child: Fiber | null;
      sibling: Fiber | null;
      alternate: Fiber | null;
    };
    // React's own numbers: the kinds of fiber a component is, and the flag
    // set on one that rendered.
    const components = new Set([0, 1, 11, 14, 15]);
    const performedWork = 1;
    const commits: Commit[] = [];
    Object.assign(window, {commits});
    const count = (
      next: Fiber,
      previous: Fiber | null,
      inside: Set<string>,
    ) => {
      const within = new Set(inside);
      for (const [name, selector] of Object.entries(selectors))
        if (
          next.stateNode instanceof Element &&
          next.stateNode.matches(selector)
        )
          within.add(name);
      const rendered: Record<string, number> = {};
      if (components.has(next.tag) && (!previous || next.flags & performedWork))
        for (const name of within) rendered[name] = 1;
      // A subtree React did not visit keeps its children.
      if (previous && next.child === previous.child) return rendered;
      for (let child = next.child; child; child = child.sibling)
        for (const [name, n] of Object.entries(
          count(child, previous ? child.alternate : null, within),
        ))
          rendered[name] = (rendered[name] ?? 0) + n;
      return rendered;
    };
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => {},
        onScheduleFiberRoot: () => {},
        onPostCommitFiberRoot: () => {},
        onCommitFiberUnmount: () => {},
        onCommitFiberRoot: (_id: number, root: {current: Fiber}) => {
          const rendered = count(
            root.current,
            root.current.alternate,
            new Set(),
          );
          for (const name of Object.keys(selectors)) rendered[name] ??= 0;
          commits.push({
            path: window.location.pathname,
            title:
              document.querySelector('article h1')?.textContent ?? undefined,
            rendered,
          });
        },
      },
    });
  }, selectors);
  return () =>
    page.evaluate(() => (window as unknown as {commits: Commit[]}).commits);
}

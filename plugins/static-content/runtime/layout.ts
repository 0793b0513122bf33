// On a first load, the browser lays out the blocks of a page's content only
// as they near the view (content-visibility, ./styles.module.css): the whole
// layout of a long doc at once was most of its main-thread time. Once the
// page has hydrated, the rest is laid out a few blocks at a time, each task
// well under the 50 ms that blocks a reader, so that positions are exact
// before a reader leaves the page (Back returns to the same place) or its
// table of contents follows the scroll.

/** The main-thread time one task spends laying out blocks, in ms. */
const taskBudget = 8;

/** The attribute of a first load's content whose blocks are not all laid out. */
export const deferredLayout = 'data-deferred-layout';

/**
 * Marks a block that is laid out in full, the rule above no longer its; on
 * the content itself, that all its blocks are. Taking the attribute above off
 * instead would restyle every block in one task of its own.
 */
export const laidOut = 'data-laid-out';

/** Lays out the blocks of `root` in turn; returns what stops it. */
export function layOutInTurn(root: HTMLElement): () => void {
  if (!root.hasAttribute(deferredLayout)) return () => {};
  const blocks = Array.from(root.children);
  let next = 0;
  // Each layout walks every block of the content, laid out or not: a task
  // lays out as many as its budget allows, learnt from the task before.
  let batch = 4;
  let timer = 0;
  const layOutSome = () => {
    const start = performance.now();
    const end = Math.min(next + batch, blocks.length);
    for (; next < end; next += 1) blocks[next]!.setAttribute(laidOut, '');
    // Lays the batch out now, in this task, so that its time is measured.
    void root.offsetHeight;
    const spent = performance.now() - start;
    batch = Math.max(1, Math.round(batch * Math.min(2, taskBudget / spent)));
    if (next < blocks.length) timer = window.setTimeout(layOutSome);
    else root.setAttribute(laidOut, '');
  };
  timer = window.setTimeout(layOutSome);
  return () => window.clearTimeout(timer);
}

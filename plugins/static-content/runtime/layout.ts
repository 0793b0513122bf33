// On a first load and after a link to the top of a doc, the browser lays out
// the blocks of its content only as they near the view (content-visibility,
// ./styles.module.css): the whole layout of a long doc at once was most of
// its main-thread time. Once the page has hydrated or the doc has come, the
// rest is laid out a few blocks at a time, each task
// well under the 50 ms that blocks a reader, so that positions are exact
// before a reader leaves the page (Back returns to the same place) or its
// table of contents follows the scroll.

/** The main-thread time one task spends laying out blocks, in ms. */
const taskBudget = 8;

/** The attribute of content whose blocks are not all laid out. */
export const deferredLayout = 'data-deferred-layout';

/**
 * The attribute on <html> with which a first load lays out its content at
 * once (a reload, a return through history, a hash: ../index.mjs).
 */
export const fullLayout = 'data-full-layout';

/**
 * Marks a block that is laid out in full, the rule above no longer its.
 * Taking the attribute above off instead would restyle every block in one
 * task of its own.
 */
const laidOut = 'data-laid-out';

/** Lays out the blocks of `root` in turn; returns what stops it. */
export function layOutInTurn(root: HTMLElement): () => void {
  if (!root.hasAttribute(deferredLayout)) return () => {};
  const blocks = Array.from(root.children);
  let next = 0;
  // A block costs about in proportion to its elements, and one table can
  // hold as many as forty paragraphs: a task takes the blocks its budget
  // allows at the cost of an element learnt from the tasks before (the
  // first, a few blocks).
  let msPerElement: number | undefined;
  let timer = 0;
  const layOutSome = () => {
    const start = performance.now();
    let elements = 0;
    let count = 0;
    while (next < blocks.length) {
      const block = blocks[next]!;
      const size = 1 + block.getElementsByTagName('*').length;
      const fits =
        msPerElement === undefined
          ? count < 4
          : (elements + size) * msPerElement <= taskBudget;
      if (count > 0 && !fits) break;
      block.setAttribute(laidOut, '');
      elements += size;
      count += 1;
      next += 1;
    }
    // Lays the batch out now, in this task, so that its time is measured.
    void root.offsetHeight;
    const cost = (performance.now() - start) / elements;
    msPerElement =
      msPerElement === undefined ? cost : (msPerElement + cost) / 2;
    if (next < blocks.length) timer = window.setTimeout(layOutSome);
  };
  timer = window.setTimeout(layOutSome);
  return () => window.clearTimeout(timer);
}

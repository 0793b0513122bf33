// On a first load and after a link followed to the top of a doc, the browser
// lays out the blocks of its content only as they near the view, and skips
// them again once they leave it (content-visibility, ./styles.module.css):
// the whole layout of a long doc at once was most of its main-thread time,
// and restyling the page (the colour mode, the phone menu making the page
// behind it inert) costs what the view holds. Once the page has hydrated or
// the doc has come, each block is laid out in turn, a few per task, each task
// well under the 50 ms that blocks a reader, and keeps the height it had, so
// that positions are exact before a reader leaves the page (Back returns to
// the same place) or its table of contents follows the scroll.

/** The main-thread time one task spends laying out blocks, in ms. */
const taskBudget = 8;

/** The attribute of content whose blocks are laid out as they near the view. */
export const deferredLayout = 'data-deferred-layout';

/**
 * The attribute on <html> with which a first load lays out its content at
 * once (a reload, a return through history, a hash: ../index.mjs).
 */
export const fullLayout = 'data-full-layout';

/** Marks the blocks being laid out: the browser lays them out, in view or not. */
const layingOut = 'data-laying-out';

/** The height of `block`'s content box, which its intrinsic size stands for. */
function contentHeight(block: Element): number {
  const style = getComputedStyle(block);
  return (
    block.getBoundingClientRect().height -
    parseFloat(style.paddingTop) -
    parseFloat(style.paddingBottom) -
    parseFloat(style.borderTopWidth) -
    parseFloat(style.borderBottomWidth)
  );
}

/** Lays out the blocks of `root` in turn; returns what stops it. */
export function layOutInTurn(root: HTMLElement): () => void {
  if (!root.hasAttribute(deferredLayout)) return () => {};
  const blocks = Array.from(root.children).filter(
    (block): block is HTMLElement => block instanceof HTMLElement,
  );
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
    const batch: HTMLElement[] = [];
    while (next < blocks.length) {
      const block = blocks[next]!;
      const size = 1 + block.getElementsByTagName('*').length;
      const fits =
        msPerElement === undefined
          ? batch.length < 4
          : (elements + size) * msPerElement <= taskBudget;
      if (batch.length > 0 && !fits) break;
      block.setAttribute(layingOut, '');
      batch.push(block);
      elements += size;
      next += 1;
    }
    // Lays the batch out now, in this task, so that its time is measured;
    // each block keeps its height for when the browser skips it.
    const heights = batch.map(contentHeight);
    batch.forEach((block, index) => {
      block.style.containIntrinsicBlockSize = `auto ${heights[index]}px`;
      block.removeAttribute(layingOut);
    });
    const cost = (performance.now() - start) / elements;
    msPerElement =
      msPerElement === undefined ? cost : (msPerElement + cost) / 2;
    if (next < blocks.length) timer = window.setTimeout(layOutSome);
  };
  timer = window.setTimeout(layOutSome);
  return () => window.clearTimeout(timer);
}

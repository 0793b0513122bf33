// On a first load and after a link followed to the top of a doc, the browser
// lays out the blocks of its content only as they near the view, and skips
// them again once they leave it (content-visibility, ./styles.module.css):
// the whole layout of a long doc at once was most of its main-thread time,
// and restyling the page (the colour mode, the phone menu making the page
// behind it inert) costs what the view holds. Once the page has hydrated or
// the doc has come, each block is laid out in turn, a few per task, each task
// under the 50 ms that blocks a reader, and keeps the height it had, so that
// positions are exact before a reader leaves the page (Back returns to the
// same place) or its table of contents follows the scroll.

/** The main-thread time one task spends laying out blocks, in ms, at least. */
const shortestBudget = 8;

/** The most main-thread time one task is given, in ms: a long task is 50. */
const longestBudget = 32;

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

/**
 * The intrinsic size that keeps a block of content height `height` in place
 * while the browser skips it. A block whose height is all padding (a video
 * embed's box of fixed ratio) measures a hair below zero, as the computed
 * padding is rounded, and a negative length would void the whole value.
 */
export function intrinsicSize(height: number): string {
  return `auto ${Math.max(0, height)}px`;
}

/** Whether the browser draws what `block` holds rather than skipping it. */
function drawn(block: Element): boolean {
  const inside = block.firstElementChild;
  return (
    inside !== null &&
    'checkVisibility' in inside &&
    inside.checkVisibility({contentVisibilityAuto: true})
  );
}

/**
 * A task's budget, in ms, given the time between the tasks before it.
 *
 * Between two tasks the browser draws a frame, which costs more on a longer
 * page and on a slower processor: a budget as long as that time lets a slow
 * phone lay out about as much in a frame as a fast computer does, where a
 * fixed one had it lay out a quarter as much, with four times the frames.
 */
export function taskBudget(msBetween: number | undefined): number {
  return Math.min(longestBudget, Math.max(shortestBudget, msBetween ?? 0));
}

/**
 * The elements the next task lays out, given the last task's: scaled by how
 * far its time fell short of its budget or went past it, at most half as
 * many again and at least half as many. A layout also costs a part that no
 * batch makes smaller: a cost per element learnt from small batches would
 * count it again for each element and keep the batches small.
 */
export function nextBatchElements(
  elements: number,
  ms: number,
  budget: number,
): number {
  return elements * Math.min(1.5, Math.max(0.5, budget / Math.max(ms, 0.1)));
}

/** Lays out the blocks of `root` in turn; returns what stops it. */
export function layOutInTurn(root: HTMLElement): () => void {
  if (!root.hasAttribute(deferredLayout)) return () => {};
  const blocks = Array.from(root.children).filter(
    (block): block is HTMLElement => block instanceof HTMLElement,
  );
  let next = 0;
  // A block costs about in proportion to its elements, and one table can
  // hold as many as forty paragraphs: a task takes the blocks whose elements
  // fit the number learnt from the tasks before (the first, a few blocks).
  let batchElements: number | undefined;
  let msBetween: number | undefined;
  let lastEnd: number | undefined;
  let timer = 0;
  const layOutSome = () => {
    const start = performance.now();
    if (lastEnd !== undefined)
      msBetween =
        msBetween === undefined
          ? start - lastEnd
          : (msBetween + start - lastEnd) / 2;
    let elements = 0;
    const batch: HTMLElement[] = [];
    while (next < blocks.length) {
      const block = blocks[next]!;
      // A block the browser draws already costs nothing more.
      const size = drawn(block)
        ? 0
        : 1 + block.getElementsByTagName('*').length;
      const fits =
        batchElements === undefined
          ? batch.length < 4
          : elements + size <= batchElements;
      if (batch.length > 0 && !fits) break;
      batch.push(block);
      elements += size;
      next += 1;
    }
    // Marked once all are chosen: a mark before the next block's look would
    // make the browser restyle the page to answer it. Laid out now, in this
    // task, so that its time is measured; each block keeps its height for
    // when the browser skips it.
    batch.forEach((block) => block.setAttribute(layingOut, ''));
    const heights = batch.map(contentHeight);
    batch.forEach((block, index) => {
      block.style.containIntrinsicBlockSize = intrinsicSize(heights[index]!);
      block.removeAttribute(layingOut);
    });
    lastEnd = performance.now();
    if (elements > 0)
      batchElements = nextBatchElements(
        elements,
        lastEnd - start,
        taskBudget(msBetween),
      );
    if (next < blocks.length) timer = window.setTimeout(layOutSome);
  };
  // The first batch once the next frame is painted: after a navigation, the
  // new doc is not painted yet when this starts, and a measure before its
  // first frame would lay out the page that frame then lays out again.
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(layOutSome);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

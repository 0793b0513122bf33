// Keeps a production build's memory near what it uses. Between full garbage
// collections V8 lets its heap grow up to four times the live data, and the
// rendering of the pages leaves about half a megabyte of garbage a page: a
// 1,000-doc build peaked at 1.6 GB, some 500 MB of it garbage. Grown by 30%
// over the live data instead, the heap is collected more often and that build
// stays under 1.2 GB, its time within the spread of its runs (BENCHMARKS.md,
// scale). Nothing is capped: a site that needs more memory still gets it.
import v8 from 'node:v8';

/** Heap growth over the live data after a full collection, in percent. */
const heapGrowingPercent = 30;

/** @returns {import('@docusaurus/types').Plugin} */
export default function buildMemoryPlugin() {
  if (process.env.NODE_ENV === 'production')
    v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  return {name: 'build-memory'};
}

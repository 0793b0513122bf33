// What keeps a production build of many docs within its time and memory.
// Neither changes a byte of what is built (decisions/ holds the measurements).

import v8 from 'node:v8';

// Heap growth. Between full garbage collections V8 lets its heap grow up to
// four times the live data, and rendering the pages leaves garbage on every
// page. Grown by 30% over the live data instead, the heap is collected more
// often and a large build keeps its memory near what it uses; nothing is
// capped.
const heapGrowingPercent = 30;

/** @returns {import('@docusaurus/types').Plugin} */
export default function buildAtScale() {
  if (process.env.NODE_ENV === 'production')
    v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  return {
    name: 'build-at-scale',
    // The server's bundle, which only renders the pages, without module
    // concatenation: in Rspack 1.2 concatenating that bundle, all the docs in
    // one chunk, grows faster than the square of the docs. The rendered pages
    // are the same without it; the browser's bundle keeps it.
    configureWebpack(config, isServer) {
      if (!isServer || config.mode !== 'production') return {};
      return {optimization: {concatenateModules: false}};
    },
  };
}

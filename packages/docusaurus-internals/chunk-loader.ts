// Before it adds a chunk's <script>, the bundler's runtime looks through
// document.getElementsByTagName('script') for one already there: a walk of
// the whole document for each chunk, which on a 21,000-word doc's first load
// took 18 ms of the main script's task (ten chunks, 18,700 elements). A page
// never carries a chunk's script (Docusaurus writes the entry's alone), so
// chunks load without the search; loads of the same URL still share one.
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

type LoadScript = (
  url: string,
  done: (event: Event) => void,
  key?: string,
  chunkId?: string | number,
) => void;
declare const __webpack_require__: {l?: LoadScript};

const loadScript = ExecutionEnvironment.canUseDOM && __webpack_require__.l;
if (loadScript)
  __webpack_require__.l = (url, done, _key, chunkId) =>
    loadScript(url, done, undefined, chunkId);

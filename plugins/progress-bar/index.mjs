// The bar the theme shows during a slow route change comes from
// @docusaurus/theme-classic's nprogress client module, which waits 200 ms and
// then calls the nprogress package. The browser's build takes that package
// from ./nprogress.ts, which gives the bar the same markup and motion in a
// fraction of the package's bytes (it is in every page's main bundle).
import {fileURLToPath} from 'node:url';

/** @returns {import('@docusaurus/types').Plugin} */
export default function progressBar() {
  return {
    name: 'progress-bar',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        resolve: {
          alias: {
            nprogress$: fileURLToPath(
              new URL('./nprogress.ts', import.meta.url),
            ),
          },
        },
      };
    },
  };
}

// Docusaurus's client takes two helpers from @docusaurus/utils-common
// (applyTrailingSlash for every Link, getErrorCausalChain for the error
// page), and that package's CommonJS index requires the whole of tslib for
// one helper of its own: some 4 KB (gzip) in every page's main bundle. The
// browser's build takes the package from an ES module with the same exports,
// each from the package's own file (./utils-common.ts), so that it carries
// only what a page uses. tests/unit/docusaurus-internals.test.mjs checks that
// the two export the same.
import {fileURLToPath} from 'node:url';

/** @returns {import('@docusaurus/types').Plugin} */
export default function utilsCommonEsm() {
  return {
    name: 'utils-common-esm',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        resolve: {
          alias: {
            '@docusaurus/utils-common$': fileURLToPath(
              new URL('./utils-common.ts', import.meta.url),
            ),
          },
        },
      };
    },
  };
}

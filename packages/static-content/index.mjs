// Doc and page content that is static is rendered once, when the site is
// built, and the browser keeps it as it came: the JavaScript of a page holds
// its islands (the components a writer imports, Tabs, <details>, a code
// block's buttons), never a second copy of its text. See ./islands.mjs for
// what the builds do with each MDX file and ./runtime for the browser's side.
// `npm start` renders every page in the browser, so the split is for builds
// only; both read the site's theme (./theme.mjs) and say what the split
// renders in the browser, so that a writer sees it under `npm start` too.
import {fileURLToPath} from 'node:url';
import {
  chunkLoaderModule,
  mdxLoaderUses,
} from '@nodekeeper/docusaurus-internals';
import {readTheme} from './theme.mjs';

/** @param {string} file */
const here = (file) => fileURLToPath(new URL(file, import.meta.url));

const fullLayoutScript = `try{var n=performance.getEntriesByType('navigation')[0];if(location.hash||(n&&n.type!=='navigate'))document.documentElement.setAttribute('data-full-layout','')}catch(e){}`;

// Docusaurus builds the server's bundle without splitting it, so each route's
// chunk would carry its own copy of what the islands need and the server's
// entry lacks (react-dom, ./runtime): some 190 KB a page, each parsed and kept
// in memory while the pages are rendered. One chunk holds every module two
// routes share.
/** @type {import('webpack').Configuration} */
const serverChunks = {
  optimization: {
    splitChunks: {
      cacheGroups: {
        default: false,
        defaultVendors: false,
        shared: {name: 'shared', chunks: 'async', minChunks: 2, enforce: true},
      },
    },
  },
};

/**
 * @param {import('@docusaurus/types').LoadContext} context
 * @param {{staticComponents?: string[]}} [options] the site's own components
 *   that the MDX components render and that are static (README.md)
 * @returns {import('@docusaurus/types').Plugin}
 */
export default function staticContent({siteDir}, {staticComponents = []} = {}) {
  /** @type {import('./theme.mjs').ThemeReading | undefined} */
  let theme;
  let warned = false;
  return {
    name: 'static-content',
    // Before the content is parsed: a reload, a return through the browser's
    // history or an address with a hash lays the content out at once
    // (./runtime/styles.module.css), so that the browser's scroll lands
    // where the reader expects it.
    injectHtmlTags: () => ({
      headTags: [
        {
          tagName: 'script',
          innerHTML: fullLayoutScript,
        },
      ],
    }),
    getClientModules: () => [
      here('./static-content.css'),
      here('./prefetch.ts'),
      chunkLoaderModule,
    ],

    configureWebpack(config, isServer) {
      // The same aliases in both builds: read once, and said once.
      theme ??= readTheme({
        alias: /** @type {Record<string, unknown>} */ (
          config.resolve?.alias ?? {}
        ),
        siteDir,
        staticComponents,
      });
      if (!warned) for (const warning of theme.warnings) console.warn(warning);
      warned = true;
      if (config.mode !== 'production') return {};
      const loader = {
        loader: here('./loader.mjs'),
        options: {
          runtime: here('./runtime/index.tsx'),
          siteDir,
          liveElements: theme.liveElements,
          whole: theme.whole,
        },
      };
      // Runs on the MDX loader's output (loaders run from the last), once:
      // the client's and the server's builds share the docs' rule.
      for (const {use, index} of mdxLoaderUses(config))
        if (!use.some((each) => each?.loader === loader.loader))
          use.splice(index, 0, loader);
      if (isServer) return serverChunks;
      // One chunk for the runtime, which every page with static content and
      // the code blocks share: too small for Docusaurus's own split, it would
      // otherwise be copied into the chunk of each of those pages.
      return {
        resolve: {
          alias: {'@theme/MDXContent': here('./runtime/MDXContent.tsx')},
        },
        optimization: {
          splitChunks: {
            cacheGroups: {
              staticContent: {
                name: 'static-content',
                test: /[\\/]static-content[\\/]runtime[\\/]/,
                chunks: 'all',
                enforce: true,
                priority: 45,
              },
            },
          },
        },
      };
    },
  };
}

// What keeps every page's main bundle small, one section a trim. Each is kept
// for what it takes off the first load of every page (decisions/ holds the
// record of each, BENCHMARKS.md the figures) and ties the site to no more
// than the internal it names, reached through @nodekeeper/docusaurus-internals.
import {fileURLToPath} from 'node:url';
import {utilsCommonModule} from '@nodekeeper/docusaurus-internals';
import {compileHint} from './compile-hint.mjs';

// @docusaurus/utils-common without tslib. Docusaurus's client takes two
// helpers from it (applyTrailingSlash for every Link, getErrorCausalChain for
// the error page), and the package's CommonJS index requires the whole of
// tslib for one helper of its own. The browser's build takes the package
// from an ES module with the same exports, each from the package's own file.
const utilsCommonWithoutTslib = {
  '@docusaurus/utils-common$': utilsCommonModule,
};

// The route-change progress bar without the nprogress package. The theme's
// nprogress client module waits 200 ms, then calls the package; ./nprogress.ts
// gives the bar the same markup and motion in a fraction of its bytes.
const progressBar = {
  nprogress$: fileURLToPath(new URL('./nprogress.ts', import.meta.url)),
};

// react-is and hoist-non-react-statics out of main.js. react-router imports
// them (for warnings a production build leaves out, and for withRouter, which
// Docusaurus does not call), and neither says in its package.json that
// loading it does nothing else. They have no side effects: saying so lets the
// bundler leave them out where nothing uses what they export.
const sideEffectFree = {
  test: /[\\/]node_modules[\\/](?:react-is|hoist-non-react-statics)[\\/]/,
  sideEffects: false,
};

// main.js opened with V8's compile hint (./compile-hint.mjs): its functions
// compiled while it downloads, not each on the main thread when first called.
// Added once the script is minified and named: the hint must open the file.

/** The chunk every page runs as it starts. */
const startUpChunk = 'main';

class CompileHint {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const {Compilation, sources} = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHint', (compilation) => {
      compilation.hooks.processAssets.tap(
        {name: 'CompileHint', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT},
        () => {
          const files = compilation.namedChunks.get(startUpChunk)?.files ?? [];
          for (const file of [...files].filter((name) => name.endsWith('.js')))
            compilation.updateAsset(
              file,
              (source) => new sources.ConcatSource(compileHint, source),
            );
        },
      );
    });
  }
}

/**
 * The trims by name, each an alias, a module rule or a bundler plugin of the
 * browser's build; `npm run bench -- --only trims` builds the site without
 * each in turn.
 * @type {Record<string, (production: boolean) => {alias?: Record<string, string>, rule?: object, plugin?: CompileHint}>}
 */
const trims = {
  'utils-common-without-tslib': () => ({alias: utilsCommonWithoutTslib}),
  'progress-bar': () => ({alias: progressBar}),
  'side-effect-free-router-helpers': () => ({rule: sideEffectFree}),
  'compile-hint': (production) =>
    production ? {plugin: new CompileHint()} : {},
};

export const trimNames = Object.keys(trims);

/**
 * @param {import('@docusaurus/types').LoadContext} _context
 * @param {{leaveOut?: string[]}} [options] trims the bench leaves out
 * @returns {import('@docusaurus/types').Plugin}
 */
export default function bundleTrims(_context, {leaveOut = []} = {}) {
  const unknown = leaveOut.filter((name) => !(name in trims));
  if (unknown.length > 0)
    throw new Error(
      `plugins/bundle-trims: no trim named ${unknown.join(', ')}; the trims are ${trimNames.join(', ')}`,
    );
  const kept = trimNames.filter((name) => !leaveOut.includes(name));
  return {
    name: 'bundle-trims',
    configureWebpack(config, isServer) {
      if (isServer) return {};
      const parts = kept.map((name) =>
        trims[name](config.mode === 'production'),
      );
      return {
        resolve: {alias: Object.assign({}, ...parts.map((part) => part.alias))},
        module: {rules: parts.flatMap((part) => part.rule ?? [])},
        plugins: parts.flatMap((part) => part.plugin ?? []),
      };
    },
  };
}

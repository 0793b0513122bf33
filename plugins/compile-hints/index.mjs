// Opens the script every page runs as it starts (main.js) with V8's compile
// hint, `//# allFunctionsCalledOnLoad`: Chromium (136 on) then compiles all
// of its functions while it downloads, off the main thread. Without it, each
// function was compiled on the main thread when first called, through
// start-up and hydration. Other browsers read a comment. Added once the
// script is minified and named: the hint must open the file. (The webpack
// runtime beside it has little to compile.)

/** The comment, as V8 looks for it on a script's first line. */
export const compileHint = '//# allFunctionsCalledOnLoad\n';

/** The chunk every page runs as it starts. */
const startUpChunk = 'main';

/** @typedef {import('webpack').Compiler} Compiler */

class CompileHints {
  /** @param {Compiler} compiler */
  apply(compiler) {
    const {Compilation, sources} = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHints', (compilation) => {
      compilation.hooks.processAssets.tap(
        {name: 'CompileHints', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT},
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

/** @returns {import('@docusaurus/types').Plugin} */
export default function compileHints() {
  return {
    name: 'compile-hints',
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'production') return {};
      return {plugins: [new CompileHints()]};
    },
  };
}

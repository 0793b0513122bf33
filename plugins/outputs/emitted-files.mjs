// A plugin's own files (the Markdown copies and llms.txt, the changelog feed,
// the pages of old paths) emitted by the client bundler among its assets, so
// that they are in the build before any plugin's postBuild runs
// (plugins/outputs/security-headers lists the build's files) and `npm start` serves
// them too.

/**
 * A plugin's `configureWebpack` that emits, in the client build, the files
 * `files()` gives then, by path in the build.
 * @param {string} name the plugin's name
 * @param {() => Iterable<[string, string | Buffer]>} files
 * @returns {NonNullable<import('@docusaurus/types').Plugin['configureWebpack']>}
 */
export function emittingFiles(name, files) {
  return (_config, isServer) => {
    if (isServer) return {};
    return {
      plugins: [
        {
          /** @param {import('webpack').Compiler} compiler */
          apply(compiler) {
            const {Compilation, sources} = compiler.webpack;
            compiler.hooks.thisCompilation.tap(name, (compilation) => {
              compilation.hooks.processAssets.tap(
                {name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL},
                () => {
                  for (const [file, contents] of files())
                    compilation.emitAsset(
                      file,
                      new sources.RawSource(contents),
                    );
                },
              );
            });
          },
        },
      ],
    };
  };
}

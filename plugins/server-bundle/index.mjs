// The server's bundle, which only renders the pages when the site is built,
// without module concatenation: in Rspack 1.2 the concatenation of that
// bundle, all the docs in one chunk, grows faster than the square of the
// docs, in one call. The rendered pages are byte for byte the same without
// it; the browser's bundle keeps it. Measured in
// decisions/2026-11-28-server-bundle-without-concatenation.md.
/** @returns {import('@docusaurus/types').Plugin} */
export default function serverBundlePlugin() {
  return {
    name: 'server-bundle',
    configureWebpack(config, isServer) {
      if (!isServer || config.mode !== 'production') return {};
      return {optimization: {concatenateModules: false}};
    },
  };
}

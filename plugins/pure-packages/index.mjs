// react-router imports react-is (for warnings a production build leaves out)
// and hoist-non-react-statics (for withRouter, which Docusaurus does not
// call), and neither package says in its package.json that loading it does
// nothing else, so the bundler keeps both in every page's main bundle. They
// have no side effects: saying so here lets the bundler leave them out
// where nothing uses what they export, and keeps them where something does.

/** Packages whose modules do nothing when loaded but define their exports. */
const pure = ['react-is', 'hoist-non-react-statics'];

/** @returns {import('@docusaurus/types').Plugin} */
export default function purePackages() {
  return {
    name: 'pure-packages',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        module: {
          rules: [
            {
              test: new RegExp(
                `[\\\\/]node_modules[\\\\/](?:${pure.join('|')})[\\\\/]`,
              ),
              sideEffects: false,
            },
          ],
        },
      };
    },
  };
}

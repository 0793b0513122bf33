// Takes Prism out of the bundle that every page loads. The classic theme
// registers the extra Prism languages from a client module, which puts Prism
// and all its bundled languages into main.js; src/theme/CodeBlock registers
// them instead, so Prism comes with the code block, in the chunk that only
// pages with Markdown content load.
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);

/** @type {import('@docusaurus/types').PluginModule} */
export default function prismWithCodeBlocks() {
  return {
    name: 'prism-with-code-blocks',
    configureWebpack() {
      const themeClientModule = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages.js');
      return {resolve: {alias: {[themeClientModule]: false}}};
    },
  };
}

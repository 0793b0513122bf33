// Code is highlighted when the site is built (./remark-highlight.cjs), so no
// highlighter runs in the browser. This plugin takes out the one piece of the
// classic theme that would still load Prism there: its client module that
// registers Prism's extra languages, which would put Prism into main.js.
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);

/** @type {import('@docusaurus/types').PluginModule} */
export default function buildTimeHighlighting() {
  return {
    name: 'build-time-highlighting',
    configureWebpack() {
      const themeClientModule = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages.js');
      return {resolve: {alias: {[themeClientModule]: false}}};
    },
  };
}

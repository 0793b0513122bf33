// Code blocks highlighted when the site is built, with every code-block
// feature of Docusaurus: titles, line ranges, magic comments (those of
// themeConfig.prism.magicComments), line numbers (also from N), <CodeBlock> in
// MDX, and beyond it code taken from a file (file=./path#L2-L5). Holds all of
// it: the remark step for docs and pages (remark.mjs), the CodeBlock component
// (theme/), and the colours of the tokens (code-blocks.css). No page loads a
// highlighter: a <CodeBlock> whose code is only known as the page renders is
// highlighted by the server's render (server-lines.ts), and the browser
// keeps those lines; where it has none, it loads Prism as a chunk of its own.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import remarkCodeBlocks, {moduleResolver} from './remark.mjs';
import {componentsFor} from './prism.mjs';
import {codeColours} from './themes.mjs';
import {
  addingRemarkStep,
  themeCopyButtonModule,
  themePrismLanguagesModule,
} from '@nodekeeper/docusaurus-internals';

/** @typedef {import('./remark.mjs').MagicComment} MagicComment */
/** @typedef {import('prism-react-renderer').PrismTheme} PrismTheme */

const require = createRequire(import.meta.url);
/** @param {string} file */
const here = (file) => fileURLToPath(new URL(file, import.meta.url));
/** @type {{themes: Record<string, PrismTheme>}} */
const {themes} = require('prism-react-renderer');

// The theme's default, for a site that declares no magic comments.
const defaultMagicComments = [
  {
    className: 'theme-code-block-highlighted-line',
    line: 'highlight-next-line',
    block: {start: 'highlight-start', end: 'highlight-end'},
  },
];

/**
 * The browser's Prism, with the site's extra languages: their component files need Prism as a global while they load.
 * @param {string[]} additionalLanguages
 * @param {import('./themes.mjs').TypeClasses} typeClasses the style classes of each token type
 */
function prismModule(additionalLanguages, typeClasses) {
  return [
    "import {Prism} from 'prism-react-renderer';",
    'globalThis.Prism = Prism;',
    ...componentsFor(additionalLanguages).map(
      (id) => `require('prismjs/components/prism-${id}.js');`,
    ),
    'delete globalThis.Prism;',
    'export default Prism;',
    `export const typeClasses = ${JSON.stringify(typeClasses)};`,
    '',
  ].join('\n');
}

/**
 * @param {import('@docusaurus/types').LoadContext} context
 * @param {{additionalLanguages?: string[]}} options Prism's languages beyond those prism-react-renderer has
 * @returns {import('@docusaurus/types').Plugin}
 */
export default function codeBlocks(context, {additionalLanguages = []}) {
  const {prism} =
    /** @type {{prism?: {magicComments?: MagicComment[], theme?: PrismTheme, darkTheme?: PrismTheme}}} */ (
      context.siteConfig.themeConfig
    );
  const magicComments = prism?.magicComments ?? defaultMagicComments;
  // The theme's code colours (prism.theme and darkTheme), as CSS, with the
  // rest of the code blocks' styles in one file: the build writes no inline
  // colours, and each client module costs the main bundle an entry.
  const lightTheme = prism?.theme ?? themes.palenight;
  const darkTheme = prism?.darkTheme ?? lightTheme;
  const {css: coloursCss, typeClasses} = codeColours(lightTheme, darkTheme);
  const codeBlocksCss = path.join(
    context.generatedFilesDir,
    'code-blocks',
    'code-blocks.css',
  );
  mkdirSync(path.dirname(codeBlocksCss), {recursive: true});
  writeFileSync(
    codeBlocksCss,
    coloursCss + readFileSync(here('./code-blocks.css'), 'utf8'),
  );
  // Raw-loader imports resolve as the bundler resolves them, with its
  // aliases, read below before any MDX file is compiled.
  const resolver = {resolve: moduleResolver()};
  const remarkPlugin = [
    remarkCodeBlocks,
    {additionalLanguages, magicComments, typeClasses, resolver},
  ];
  const addRemarkStep = addingRemarkStep(remarkPlugin);
  /** @type {string | undefined} */
  let browserPrism;

  return {
    name: 'code-blocks',
    getThemePath: () => here('./theme'),
    getTypeScriptThemePath: () => here('./theme'),
    getClientModules: () => [codeBlocksCss, here('./buttons-island.ts')],

    async contentLoaded({actions}) {
      browserPrism = await actions.createData(
        'prism.js',
        prismModule(additionalLanguages, typeClasses),
      );
    },

    configureWebpack(config, isServer) {
      resolver.resolve = moduleResolver(
        /** @type {Parameters<typeof moduleResolver>[0]} */ (config.resolve),
      );
      addRemarkStep(config);
      return {
        module: {
          rules: [
            {
              // The theme's copy button copies through ./copy-text.ts, which
              // alone gets the library itself.
              test: themeCopyButtonModule,
              resolve: {
                alias: {'copy-text-to-clipboard$': here('./copy-text.ts')},
              },
            },
          ],
        },
        resolve: {
          alias: {
            // The theme's client module that would put Prism into main.js.
            [themePrismLanguagesModule]: false,
            // Written by contentLoaded, which Docusaurus runs before this.
            ...(browserPrism && {'@code-blocks/prism': browserPrism}),
            // Prism for the server's render alone: the browser's build gets
            // an empty module.
            '@code-blocks/server-lines': isServer
              ? here('./server-lines.ts')
              : false,
          },
        },
      };
    },
  };
}

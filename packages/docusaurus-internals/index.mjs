// The internals of Docusaurus 3.7 that the site's plugins rely on, each behind
// a named export. Nothing outside this package reaches a `lib/` path of
// @docusaurus/* or react-dom: an upgrade starts here and with ./README.md,
// which lists each internal, who uses it and the test that pins it
// (./test/canary.test.mjs names what moved).
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const require = createRequire(import.meta.url);

/**
 * An internal module, or a named error when it is not where Docusaurus 3.7
 * has it: an upgrade that moved it fails here, saying what relied on it.
 * @param {(specifier: string) => any} reach require or require.resolve
 * @param {string} specifier
 * @param {string} reliedOnFor
 */
function internal(reach, specifier, reliedOnFor) {
  try {
    return reach(specifier);
  } catch (error) {
    if (/** @type {{code?: string}} */ (error).code !== 'MODULE_NOT_FOUND')
      throw error;
    throw new Error(
      `Docusaurus internal not found: ${specifier}, relied on for ${reliedOnFor}. packages/docusaurus-internals/README.md says what uses it and what to do.`,
      {cause: error},
    );
  }
}

/** The MDX loader's entry, by which the docs' and pages' rules are found. */
export const mdxLoader = internal(
  require.resolve,
  '@docusaurus/mdx-loader',
  "finding the docs' MDX rule",
);

/**
 * Each use of the MDX loader in a bundler config: the docs', the pages' and
 * the partials' rules hold it in `rule.use`, found by the loader's path.
 * @param {import('webpack').Configuration} config
 * @returns {{use: any[], index: number}[]}
 */
export function mdxLoaderUses(config) {
  /** @type {{use: any[], index: number}[]} */
  const uses = [];
  for (const rule of config.module?.rules ?? []) {
    const use = rule && typeof rule === 'object' ? rule.use : undefined;
    if (!Array.isArray(use)) continue;
    use.forEach((each, index) => {
      if ((each && typeof each === 'object' ? each.loader : each) === mdxLoader)
        uses.push({use, index});
    });
  }
  return uses;
}

/**
 * What adds `remarkPlugin` to every MDX loader of a bundler config, once,
 * after the preset's own remark plugins. The loader's options carry the
 * `processors` it compiled with them; those are dropped, so that it compiles
 * with the step, one options object per loader, which the client and server
 * builds then share.
 * @param {unknown} remarkPlugin
 * @returns {(config: import('webpack').Configuration) => void}
 */
export function addingRemarkStep(remarkPlugin) {
  /** @type {WeakMap<object, object>} */
  const withRemarkPlugin = new WeakMap();
  return (config) => {
    for (const {use, index} of mdxLoaderUses(config)) {
      const loader = use[index];
      if (
        typeof loader !== 'object' ||
        typeof loader.options !== 'object' ||
        loader.options.remarkPlugins?.includes(remarkPlugin)
      )
        continue;
      if (!withRemarkPlugin.has(loader.options)) {
        const {processors: _built, ...options} = loader.options;
        withRemarkPlugin.set(loader.options, {
          ...options,
          remarkPlugins: [...(options.remarkPlugins ?? []), remarkPlugin],
        });
      }
      loader.options = withRemarkPlugin.get(loader.options);
    }
  };
}

// The MDX loader's own remark plugins, resolved where Docusaurus resolves them.
const fromMdxLoader = createRequire(mdxLoader);
/** @param {string} specifier @param {string} reliedOnFor */
const fromTheMdxLoader = (specifier, reliedOnFor) =>
  internal(fromMdxLoader, specifier, reliedOnFor);

/** The MDX loader's remark plugin for HTML comments in MDX. */
export const remarkComment =
  /** @type {{default: import('unified').Plugin}} */ (
    fromTheMdxLoader(
      '@slorber/remark-comment',
      'reading MDX comments as Docusaurus does',
    )
  ).default;

/** The MDX loader's reading of the docs' `admonitions` option. */
export const normalizeAdmonitionOptions =
  /** @type {{normalizeAdmonitionOptions: (options: unknown) => {keywords: string[]}}} */ (
    fromTheMdxLoader(
      '@docusaurus/mdx-loader/lib/remark/admonitions/index.js',
      'the admonition keywords as Docusaurus reads them',
    )
  ).normalizeAdmonitionOptions;

/**
 * The theme's parser of a code block's metastring and magic comments, from
 * the module that holds it: theme-common's public entry points load React
 * hooks as well.
 */
export const parseLines =
  /** @type {{parseLines: typeof import('@docusaurus/theme-common/internal').parseLines}} */ (
    internal(
      require,
      path.join(
        path.dirname(require.resolve('@docusaurus/theme-common')),
        'utils/codeBlockUtils.js',
      ),
      "parsing a code block's metastring as the theme does",
    )
  ).parseLines;

/** The theme's client module that puts Prism in every page's main bundle. */
export const themePrismLanguagesModule = internal(
  require.resolve,
  '@docusaurus/theme-classic/lib/prism-include-languages.js',
  'taking Prism out of the main bundle',
);

/** The folder of the classic theme's components, which `@theme/*` aliases name. */
export const classicThemeComponents = path.join(
  path.dirname(
    internal(
      require.resolve,
      '@docusaurus/theme-classic',
      "telling the stock theme's components from a site's",
    ),
  ),
  'theme',
);

/**
 * The classic theme's component that `file` is, by its path under the
 * theme's components folder (`MDXComponents/Heading.js`), in any
 * node_modules; undefined for any other file.
 * @param {string} file
 */
export const classicThemeComponentOf = (file) =>
  /[\\/]node_modules[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/](.+)$/
    .exec(file)?.[1]
    ?.replaceAll('\\', '/');

/** The theme's copy button, which imports copy-text-to-clipboard. */
export const themeCopyButtonModule = internal(
  require.resolve,
  '@docusaurus/theme-classic/lib/theme/CodeBlock/CopyButton/index.js',
  "the copy button's clipboard",
);

/**
 * The docs plugin's conversion of a version's sidebars to what the theme
 * renders (breadcrumbs read it).
 */
export const toSidebarsProp =
  /** @type {{toSidebarsProp: (version: import('@docusaurus/plugin-content-docs').LoadedVersion) => Record<string, import('@docusaurus/plugin-content-docs').PropSidebar>}} */ (
    internal(
      require,
      '@docusaurus/plugin-content-docs/lib/props.js',
      "a doc's breadcrumbs in its JSON-LD",
    )
  ).toSidebarsProp;

/**
 * The module of @docusaurus/utils whose `getFileCommitDate` the docs plugin
 * calls, through the module's exports, for each doc's last update.
 */
const gitUtils =
  /** @type {{getFileCommitDate: typeof import('@docusaurus/utils').getFileCommitDate}} */ (
    internal(
      require,
      '@docusaurus/utils/lib/gitUtils.js',
      "each doc's last-update date from one git log",
    )
  );

/** Docusaurus's own `getFileCommitDate`, as it was before any replacement. */
export const docusaurusFileCommitDate = gitUtils.getFileCommitDate;

/**
 * Has the docs plugin read each doc's last-update date from `getCommitDate`
 * in place of Docusaurus's `getFileCommitDate`.
 * @param {typeof docusaurusFileCommitDate} getCommitDate
 */
export function answerFileCommitDates(getCommitDate) {
  gitUtils.getFileCommitDate = getCommitDate;
}

/** The module the docs plugin reads `getFileCommitDate` from, for the canary. */
export const fileCommitDateModule = gitUtils;

/** An ES module of @docusaurus/utils-common's exports, each from its own file. */
export const utilsCommonModule = fileURLToPath(
  new URL('./utils-common.ts', import.meta.url),
);

/** The client module that loads chunks without the bundler's script search. */
export const chunkLoaderModule = fileURLToPath(
  new URL('./chunk-loader.ts', import.meta.url),
);

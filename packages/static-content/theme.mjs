// Which elements Markdown makes (`_components.h2`, `.img`, `.admonition`…)
// the split may keep static, read from what the site's theme maps each to:
// the site's MDX components (src/theme/MDXComponents, if swizzled) and the
// theme components they render, through the bundler's `@theme/*` aliases (the
// site's src/theme over each theme's). An element is static only when its
// component is a stock theme-classic file known to render the same on the
// server as in the browser, with nothing to do there (`stockStatic`, each
// pinned by its content's hash), or one the site states static
// (the plugin's `staticComponents` option). Any other mapping or swizzle (a wrap of
// Heading with a button, an MDXComponents entry with hooks) makes each such
// element an island, with a warning naming the component and its file.
import {createHash} from 'node:crypto';
import {createRequire} from 'node:module';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {Parser} from 'acorn';
import {classicThemeComponentOf} from '@nodekeeper/docusaurus-internals';

const require = createRequire(import.meta.url);

/**
 * Stock theme-classic components that render the same markup on the server
 * as in the browser and do nothing there (a hook that only collects anchors
 * for the broken-links check is fine), by their path under its lib/theme,
 * with the start of their content's sha256. A file whose hash differs is no
 * longer known: what upstream changed must be read before it is listed again.
 * @type {Record<string, string>}
 */
export const stockStatic = {
  'MDXComponents/index.js': 'b1a0eed95525de25',
  'MDXComponents/A.js': '86d2325e504defd3',
  'MDXComponents/Code.js': 'd24106e06e4ccc70',
  'MDXComponents/Heading.js': '29acdb6d150670fc',
  'MDXComponents/Img/index.js': '778a7d823907142a',
  'MDXComponents/Li.js': '0a46bad61c6f8128',
  'MDXComponents/Pre.js': '480359ec5f8f7275',
  'MDXComponents/Ul/index.js': '58569dd420db30c7',
  'Heading/index.js': '2309a6d617f136de',
  'CodeInline/index.js': '05cd1f119dacdea3',
  'Admonition/index.js': '0b662eb2f10c43c1',
  'Admonition/Types.js': '7dc5f4c55e015d21',
  'Admonition/Layout/index.js': 'e2e488ea44577b9d',
  'Admonition/Type/Caution.js': '1475097661b39a44',
  'Admonition/Type/Danger.js': '9ba9f9965e7aaf28',
  'Admonition/Type/Info.js': '0353326be0df65bf',
  'Admonition/Type/Note.js': '9f8b17841bf9290b',
  'Admonition/Type/Tip.js': 'f5dd300c1cbc657a',
  'Admonition/Type/Warning.js': '5153a2cd634dbdc1',
  'Admonition/Icon/Danger.js': 'd886a0ccb6fa08e1',
  'Admonition/Icon/Info.js': '360c8a9854e7ceec',
  'Admonition/Icon/Note.js': '7d3cc9cee228f157',
  'Admonition/Icon/Tip.js': '79bafd452b047fc2',
  'Admonition/Icon/Warning.js': '2c1764375046d7ab',
};

// Stock components that run in the browser by design: their elements are
// islands without a warning, as a page of the stock theme has them.
const stockLive = new Set(['MDXComponents/Details.js', 'Mermaid.js']);

// What the stock MDXComponents/index.js maps each element Markdown makes to
// (its components named in capitals, Head and Details, are islands anyway).
// Its hash in `stockStatic` pins this.
const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
/** @type {Record<string, string>} */
export const stockMapping = {
  details: '@theme/MDXComponents/Details',
  code: '@theme/MDXComponents/Code',
  a: '@theme/MDXComponents/A',
  pre: '@theme/MDXComponents/Pre',
  ul: '@theme/MDXComponents/Ul',
  li: '@theme/MDXComponents/Li',
  img: '@theme/MDXComponents/Img',
  ...Object.fromEntries(
    headings.map((tag) => [tag, '@theme/MDXComponents/Heading']),
  ),
  admonition: '@theme/Admonition',
  mermaid: '@theme/Mermaid',
};

/** @param {string} file */
const hashOf = (file) =>
  createHash('sha256')
    .update(readFileSync(file, 'utf8').replace(/\r\n/g, '\n'))
    .digest('hex')
    .slice(0, 16);

/**
 * @typedef {import('acorn').Node & {[key: string]: any}} Node
 * @typedef {{component: string, file: string | undefined, why: string}} Culprit
 *   what makes an element live: the component, the file that is or maps it
 *   (undefined when the alias resolves to nothing) and why it is not static
 * @typedef {{kind: 'request', request: string} | {kind: 'own', name: string, file: string}} Entry
 *   an MDX components entry: a theme component by its alias, or the file's own
 * @typedef {{liveElements: string[], warnings: string[], whole?: string}} ThemeReading
 *   the elements that are islands, the build's warnings (each once), and why
 *   every page hydrates whole when the site's MDX components cannot be read
 */

/** The site's MDX components are not in a shape the build can read. */
class Unreadable extends Error {}

/**
 * Reads the site's theme as the bundler resolves it.
 * @param {object} options
 * @param {Record<string, unknown>} options.alias the bundler's resolve.alias
 * @param {string} options.siteDir
 * @param {string[]} options.staticComponents the site's statement: files
 *   (from the site's folder) that are static, and `file#element` for an
 *   MDX components entry of the file's own that is
 * @returns {ThemeReading}
 */
export function readTheme({alias, siteDir, staticComponents}) {
  const stated = new Set(staticComponents);
  /** @param {string} file */
  const shown = (file) => path.relative(siteDir, file).replaceAll('\\', '/');
  /** @param {string} request */
  const resolve = (request) => {
    const target = alias[request];
    return typeof target === 'string' ? target : undefined;
  };

  /** @type {Map<string, Culprit | null>} */
  const known = new Map();
  /**
   * Why the component `request` names is not static, or null when it is.
   * @param {string} request
   * @returns {Culprit | null}
   */
  const culpritOf = (request) => {
    if (known.has(request))
      return /** @type {Culprit | null} */ (known.get(request));
    known.set(request, null);
    const file = resolve(request);
    const culprit = fileCulprit(request, file);
    known.set(request, culprit);
    return culprit;
  };
  /**
   * @param {string} request
   * @param {string | undefined} file
   * @returns {Culprit | null}
   */
  const fileCulprit = (request, file) => {
    if (!file)
      return {component: request, file, why: 'the theme has no such component'};
    const stock = classicThemeComponentOf(file);
    if (stock !== undefined && stockLive.has(stock))
      return {
        component: request,
        file: undefined,
        why: 'it runs in the browser',
      };
    if (stock !== undefined && stock in stockStatic) {
      if (hashOf(file) !== stockStatic[stock])
        return {
          component: request,
          file: shown(file),
          why: 'it is not the version of the stock theme the split knows to be static',
        };
      for (const [, dependency] of readFileSync(file, 'utf8').matchAll(
        /from '(@theme\/[^']+)'/g,
      )) {
        const culprit = culpritOf(dependency);
        if (culprit) return culprit;
      }
      return null;
    }
    if (stated.has(shown(file))) return null;
    return {
      component: request,
      file: shown(file),
      why: 'it is not a component the split knows to be static',
    };
  };

  /** @type {Map<string, Entry>} */
  let mapping;
  try {
    mapping = mappingOf(resolve('@theme/MDXComponents'), resolve);
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    const file = resolve('@theme/MDXComponents');
    const reason = `${file ? shown(file) : '@theme/MDXComponents'} ${error.message}`;
    return {
      liveElements: [],
      warnings: [
        `[WARNING] ${reason}: every doc's and page's content hydrates as a whole, as the split cannot tell which elements it may keep static.`,
      ],
      whole: reason,
    };
  }

  /** @type {Map<string, {culprit: Culprit, elements: string[], mappedIn?: string}>} */
  const byComponent = new Map();
  for (const [element, entry] of mapping) {
    /** @type {Culprit | null} */
    let culprit;
    /** @type {string | undefined} */
    let mappedIn;
    if (entry.kind === 'request') culprit = culpritOf(entry.request);
    else {
      mappedIn = shown(entry.file);
      culprit = stated.has(`${mappedIn}#${element}`)
        ? null
        : {
            component: entry.name,
            file: mappedIn,
            why: 'a component the split cannot prove static',
          };
    }
    if (!culprit) continue;
    const key = `${culprit.component} ${culprit.file} ${mappedIn}`;
    const group = byComponent.get(key) ?? {culprit, elements: [], mappedIn};
    group.elements.push(element);
    byComponent.set(key, group);
  }

  const warnings = [...byComponent.values()].flatMap(
    ({culprit, elements, mappedIn}) => {
      if (!culprit.file) return [];
      const those = elements.join(', ');
      const what = mappedIn
        ? `${mappedIn} maps ${those} to ${culprit.component}, ${culprit.why}`
        : `${culprit.file} (${culprit.component}): ${culprit.why}, and the MDX components render it for ${those}`;
      return [
        `[WARNING] ${what}: each ${elements.length > 1 ? 'of those elements' : those} in a doc's or page's content is an island, rendered in the browser as well as by the build.`,
      ];
    },
  );
  return {
    liveElements: [...byComponent.values()].flatMap(({elements}) => elements),
    warnings,
  };
}

/**
 * What the MDX components module in `file` maps each element to.
 * @param {string | undefined} file
 * @param {(request: string) => string | undefined} resolve
 * @returns {Map<string, Entry>}
 */
function mappingOf(file, resolve) {
  if (!file) throw new Unreadable('does not resolve to a file');
  const stock = classicThemeComponentOf(file);
  if (stock === 'MDXComponents/index.js') {
    if (hashOf(file) !== stockStatic[stock])
      throw new Unreadable(
        'is not the version of the stock theme the split knows',
      );
    return new Map(
      Object.entries(stockMapping).map(([element, request]) => [
        element,
        {kind: 'request', request},
      ]),
    );
  }
  const program = parsed(file);
  /** @type {Map<string, string>} */
  const imports = new Map();
  for (const node of program.body)
    if (node.type === 'ImportDeclaration')
      for (const specifier of node.specifiers)
        imports.set(specifier.local.name, node.source.value);
  const exported = program.body.find(
    (/** @type {Node} */ node) => node.type === 'ExportDefaultDeclaration',
  )?.declaration;
  const object =
    exported?.type === 'Identifier'
      ? program.body
          .filter(
            (/** @type {Node} */ node) => node.type === 'VariableDeclaration',
          )
          .flatMap((/** @type {Node} */ node) => node.declarations)
          .find(
            (/** @type {Node} */ declarator) =>
              declarator.id.type === 'Identifier' &&
              declarator.id.name === exported.name,
          )?.init
      : exported;
  if (object?.type !== 'ObjectExpression')
    throw new Unreadable('does not export an object the build can read');
  /** @type {Map<string, Entry>} */
  const mapping = new Map();
  for (const property of object.properties) {
    if (property.type === 'SpreadElement') {
      const request =
        property.argument.type === 'Identifier'
          ? imports.get(property.argument.name)
          : undefined;
      if (
        request !== '@theme-original/MDXComponents' &&
        request !== '@theme-init/MDXComponents'
      )
        throw new Unreadable(
          "spreads an object other than the theme's MDX components",
        );
      for (const [element, entry] of mappingOf(resolve(request), resolve))
        mapping.set(element, entry);
      continue;
    }
    const key = property.computed
      ? undefined
      : (property.key.name ?? property.key.value);
    if (typeof key !== 'string')
      throw new Unreadable('has an entry whose name the build cannot read');
    const value = property.value;
    const request =
      value.type === 'Identifier' ? imports.get(value.name) : undefined;
    mapping.set(
      key,
      request?.startsWith('@theme/')
        ? {kind: 'request', request}
        : {
            kind: 'own',
            name: value.type === 'Identifier' ? value.name : key,
            file,
          },
    );
  }
  return mapping;
}

/**
 * The module in `file` (TypeScript, JSX) as an estree program.
 * @param {string} file
 * @returns {Node}
 */
function parsed(file) {
  // Loaded only for a site with MDX components of its own.
  const typescript = require('typescript');
  const {outputText} = typescript.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: {
      jsx: typescript.JsxEmit.ReactJSX,
      module: typescript.ModuleKind.ESNext,
      target: typescript.ScriptTarget.ESNext,
      verbatimModuleSyntax: false,
    },
  });
  return /** @type {Node} */ (
    Parser.parse(outputText, {ecmaVersion: 'latest', sourceType: 'module'})
  );
}

// Splits a compiled MDX page (what @docusaurus/mdx-loader outputs, JavaScript
// with `_jsx` calls) into its static content and its islands, the components
// that must run in the browser. The server build renders everything, marking
// each island (<Island id>) and, inside an island, each run of static content
// (<Slot id>). The browser's build keeps only the islands, with each slot in
// place of the content it held: the content itself arrives as the page's HTML.
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {Parser} from 'acorn';

/**
 * @typedef {import('acorn').Node & {[key: string]: any}} Node
 * @typedef {{start: number, end: number}} Range
 * @typedef {{range: Range, slots: Range[]}} Island
 * @typedef {{start: number, end: number, expression: Node}} Returned
 */

/** Something in an MDX file the islands cannot hold: the page hydrates as a whole. */
export class NotStatic extends Error {
  /**
   * @param {string} message why
   * @param {{component: string, prop: string}} [construct] what in the file, if one thing
   */
  constructor(message, construct) {
    super(message);
    this.construct = construct;
  }
}

const jsxCalls = new Set(['_jsx', '_jsxs']);

// The elements Markdown makes that the site's theme maps to a component the
// split cannot prove static (./theme.mjs): each is an island. Set by
// splitIslands for the one file it splits, as every function below reads it.
/** @type {Set<string>} */
let liveMarkdown = new Set();

/** @param {Node | null | undefined} node */
function isElement(node) {
  return (
    node?.type === 'CallExpression' &&
    node.callee.type === 'Identifier' &&
    jsxCalls.has(node.callee.name) &&
    node.arguments[1]?.type === 'ObjectExpression'
  );
}

/**
 * @param {Node} element
 * @param {string} name
 * @returns {Node | undefined}
 */
function propOf(element, name) {
  return element.arguments[1].properties.find(
    (/** @type {Node} */ property) =>
      property.type === 'Property' &&
      !property.computed &&
      (property.key.name ?? property.key.value) === name,
  )?.value;
}

/** @param {Node} element */
function childrenOf(element) {
  const children = propOf(element, 'children');
  if (!children) return [];
  return children.type === 'ArrayExpression' ? children.elements : [children];
}

/**
 * The outermost elements in `node`, an expression: those it is, holds in an
 * array, a conditional, an object or a function it passes.
 * @param {Node | null | undefined} node
 * @param {Node[]} [found]
 * @returns {Node[]}
 */
function elementsWithin(node, found = []) {
  if (!node || typeof node.type !== 'string') return found;
  if (isElement(node)) {
    found.push(node);
    return found;
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value))
      for (const item of value) elementsWithin(item, found);
    else if (value && typeof value === 'object') elementsWithin(value, found);
  }
  return found;
}

/**
 * The elements an element holds: its children, and those its other props
 * hold (an admonition's `title`).
 * @param {Node} element
 */
function elementsOf(element) {
  return element.arguments[1].properties.flatMap((/** @type {Node} */ prop) =>
    prop.type === 'Property' ? elementsWithin(prop.value) : [],
  );
}

/** @param {Node} property */
const isEventHandler = (property) =>
  property.type === 'Property' &&
  !property.computed &&
  /^on[A-Z]/.test(property.key.name ?? property.key.value ?? '');

/**
 * Whether `node` calls a hook (`useBaseUrl(…)`), outside the elements it holds.
 * @param {Node | null | undefined} node
 * @returns {boolean}
 */
function callsHook(node) {
  if (!node || typeof node.type !== 'string' || isElement(node)) return false;
  if (
    node.type === 'CallExpression' &&
    /^use[A-Z0-9]/.test(
      node.callee.type === 'Identifier'
        ? node.callee.name
        : node.callee.type === 'MemberExpression'
          ? (node.callee.property.name ?? '')
          : '',
    )
  )
    return true;
  return Object.values(node).some((value) =>
    Array.isArray(value)
      ? value.some(callsHook)
      : value && typeof value === 'object' && callsHook(value),
  );
}

/**
 * Whether the element itself runs in the browser: a component, or an element
 * whose props hold an event handler or call a hook (`<button onClick>`,
 * `<img src={useBaseUrl(…)}>`), which the browser must render as React does.
 * @param {Node} element
 */
function isLiveItself(element) {
  const kind = kindOf(element);
  if (kind === 'component') return true;
  if (kind === 'markdown' && liveMarkdown.has(tagOf(element) ?? ''))
    return true;
  return element.arguments[1].properties.some(
    (/** @type {Node} */ property) =>
      property.type !== 'Property' ||
      isEventHandler(property) ||
      ((property.key.name ?? property.key.value) !== 'children' &&
        callsHook(property.value)),
  );
}

/**
 * What an element is: the Fragment, an element Markdown made
 * (`_components.p`, which a theme may map), an HTML element written as is
 * (`"summary"`), or a component.
 * @param {Node} element
 */
function kindOf(element) {
  const type = element.arguments[0];
  if (type.type === 'Identifier' && type.name === '_Fragment')
    return 'fragment';
  if (type.type === 'Literal') return 'html';
  if (
    type.type === 'MemberExpression' &&
    type.object.type === 'Identifier' &&
    type.object.name === '_components'
  )
    return 'markdown';
  return 'component';
}

/**
 * A code block the build highlighted (plugins/content/code-blocks): static markup,
 * whose buttons are an island of their own.
 * @param {Node} element
 * @returns {boolean}
 */
function isHighlighted(element) {
  // The theme's code or pre is the site's own: it must run as it is.
  if (kindOf(element) === 'markdown' && liveMarkdown.has(tagOf(element) ?? ''))
    return false;
  if (propOf(element, 'highlightedHtml')) return true;
  const [child] = childrenOf(element);
  return (
    kindOf(element) === 'markdown' &&
    element.arguments[0].property.name === 'pre' &&
    isElement(child) &&
    isHighlighted(child)
  );
}

/**
 * Whether the element, or an element inside it, must run in the browser.
 * @param {Node} node
 * @returns {boolean}
 */
function isLive(node) {
  if (!isElement(node) || isHighlighted(node)) return false;
  return isLiveItself(node) || elementsOf(node).some(isLive);
}

/**
 * The children of an element inside an island, as it needs them: runs of
 * static children become slots, and what is live stays, with the same done
 * inside it. An HTML element written as is stays too, its children done the
 * same way: a component may look for it (Details looks for its <summary>).
 * In an element whose content HTML keeps as text (<title>, which <Head>
 * reads as a string), and in a component whose children are text only, the
 * text stays as it is. In an element that could not hold a slot's element, every
 * child stays, and only what its children hold becomes slots; so does a
 * block in a paragraph (MDX makes `<p>` written around text on lines of its
 * own a paragraph in a paragraph).
 * @param {Node[]} children
 * @param {Range[]} slots receives the slots
 * @param {Node} parent the element they are in
 */
function slotChildren(children, slots, parent) {
  const tag = tagOf(parent) ?? '';
  const holdsSlots =
    !noWrapperIn.has(tag) &&
    !textOnly.has(tag) &&
    !(isElement(parent) && kindOf(parent) === 'component' && isText(children));
  /** @type {Node[]} */
  let run = [];
  const endRun = () => {
    const meaningful = run.some(
      (node) => !(node.type === 'Literal' && String(node.value).trim() === ''),
    );
    if (meaningful)
      slots.push({start: run[0].start, end: run[run.length - 1].end});
    run = [];
  };
  for (const child of children) {
    if (!child) continue;
    const stays =
      !holdsSlots ||
      !wrappable(parent, child) ||
      isLive(child) ||
      (isElement(child) && kindOf(child) === 'html') ||
      // An element of the theme's own, which a component looks for by its
      // type (the Admonition its `mdxAdmonitionTitle`), stays too.
      (isElement(child) &&
        kindOf(child) === 'markdown' &&
        /[A-Z]/.test(tagOf(child) ?? '')) ||
      !(isElement(child) || child.type === 'Literal' || isTemplate(child));
    if (!stays) {
      run.push(child);
      continue;
    }
    endRun();
    if (isElement(child) && !isHighlighted(child)) {
      if (isLiveItself(child)) checkWhole(child);
      slotChildren(childrenOf(child), slots, child);
    }
  }
  endRun();
}

/**
 * Stops at a component that leaves part of its content out of the built
 * page: its slots would have nothing to bring back.
 * @param {Node} component
 */
function checkWhole(component) {
  if (!propOf(component, 'lazy')) return;
  const type = component.arguments[0];
  throw new NotStatic(
    'a component with a `lazy` prop renders only part of its content when the site is built',
    {
      component:
        type.type === 'MemberExpression'
          ? type.property.name
          : (type.name ?? type.value),
      prop: 'lazy',
    },
  );
}

/**
 * Whether `children` are text only (strings, numbers, templates without
 * expressions): a component may read such children as a string, as the
 * theme's CodeBlock does, so they are never a slot.
 * @param {Node[]} children
 */
function isText(children) {
  return children.every(
    (child) => !child || child.type === 'Literal' || isTemplate(child),
  );
}

/** @param {Node} node */
function isTemplate(node) {
  return node.type === 'TemplateLiteral' && node.expressions.length === 0;
}

// Elements whose content HTML restricts so that an island's or a slot's
// wrapper element in it is moved by the parser (before a table) or is not
// allowed there (a list's items): such an element is an island whole, or
// rendered whole in one, and nothing in it but what its cells hold is a slot.
const noWrapperIn = new Set([
  'audio',
  'colgroup',
  'datalist',
  'dl',
  'head',
  'hgroup',
  'menu',
  'ol',
  'optgroup',
  'picture',
  'select',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'ul',
  'video',
]);

// Elements whose content is text: a slot's element would be text in them.
const textOnly = new Set(['option', 'script', 'style', 'textarea', 'title']);

// Elements a paragraph holds as they are: the parser ends a paragraph at any
// other, so an island in one that renders a block would be cut from it.
const phrasing = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'br',
  'button',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'img',
  'input',
  'ins',
  'kbd',
  'label',
  'mark',
  'q',
  's',
  'samp',
  'select',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'svg',
  'time',
  'u',
  'var',
  'wbr',
]);

/**
 * The tag of an element Markdown made or written as HTML ("table"), or
 * undefined for a component, whose output the build does not know.
 * @param {Node} element
 */
function tagOf(element) {
  const type = element.arguments[0];
  const kind = kindOf(element);
  if (kind === 'html') return String(type.value);
  if (kind === 'markdown') return type.property.name ?? type.property.value;
  return undefined;
}

/**
 * Whether `child` may stand in `parent` wrapped in an island's or a slot's
 * element.
 * @param {Node} parent
 * @param {Node} child
 */
function wrappable(parent, child) {
  if (!isElement(child)) return true;
  const tag = tagOf(parent);
  if (tag === undefined) return true;
  if (noWrapperIn.has(tag)) return false;
  const childTag = tagOf(child);
  return tag !== 'p' || (childTag !== undefined && phrasing.has(childTag));
}

/**
 * Whether the element must be an island whole: it runs in the browser
 * itself, or holds what does where an island's element could not stand.
 * @param {Node} node
 * @returns {boolean}
 */
function needsWhole(node) {
  if (!isElement(node) || isHighlighted(node)) return false;
  if (isLiveItself(node)) return true;
  return elementsOf(node).some(
    (/** @type {Node} */ element) =>
      needsWhole(element) && !wrappable(node, element),
  );
}

/**
 * The outermost live elements of the static content, each an island, with
 * its slots.
 * @param {Node} node
 * @param {Island[]} islands receives them
 */
function findIslands(node, islands) {
  if (!isElement(node) || isHighlighted(node)) return;
  if (needsWhole(node)) {
    if (isLiveItself(node)) checkWhole(node);
    /** @type {Range[]} */
    const slots = [];
    slotChildren(childrenOf(node), slots, node);
    islands.push({range: {start: node.start, end: node.end}, slots});
    return;
  }
  for (const element of elementsOf(node)) findIslands(element, islands);
}

/**
 * The expression `_createMdxContent` returns.
 * @param {Node} program
 * @returns {Returned}
 */
function returnedContent(program) {
  const content = program.body.find(
    (/** @type {Node} */ node) =>
      node.type === 'FunctionDeclaration' &&
      node.id?.name === '_createMdxContent',
  );
  const last = content?.body.body.at(-1);
  if (last?.type !== 'ReturnStatement' || !last.argument)
    throw new NotStatic('its compiled content has an unexpected shape');
  return {
    start: last.argument.start,
    end: last.argument.end,
    expression: last.argument,
  };
}

/**
 * Every `require(…)` in a range: the images and files the content uses,
 * which the browser's build must still emit.
 * @param {Node} node
 * @param {Node[]} found
 */
function findRequires(node, found) {
  if (!node || typeof node.type !== 'string') return;
  if (
    node.type === 'CallExpression' &&
    node.callee.type === 'Identifier' &&
    node.callee.name === 'require'
  ) {
    found.push(node);
    return;
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value))
      for (const item of value) findRequires(item, found);
    else if (
      value &&
      typeof value === 'object' &&
      typeof value.type === 'string'
    )
      findRequires(value, found);
  }
}

/**
 * Applies edits (non-overlapping ranges and their replacements) to `code`.
 * @param {string} code
 * @param {number} offset where `code` starts in the source
 * @param {{start: number, end: number, text: string}[]} edits
 */
function edit(code, offset, edits) {
  let result = '';
  let at = 0;
  for (const {start, end, text} of [...edits].sort(
    (a, b) => a.start - b.start,
  )) {
    result += code.slice(at, start - offset) + text;
    at = end - offset;
  }
  return result + code.slice(at);
}

const providerImport =
  /import \{useMDXComponents as _provideComponents\} from "@mdx-js\/react";/;

/**
 * The browser's module with the site's MDX components imported, when it
 * needs them, rather than provided by the theme's MDXContent: a page whose
 * islands use none of them then loads none (./runtime/MDXContent.tsx).
 * @param {string} source a compiled MDX module
 * @param {boolean} needed
 */
export function withComponents(source, needed) {
  return source.replace(
    providerImport,
    needed
      ? "import __MDXComponents from '@theme/MDXComponents';\nconst _provideComponents = () => __MDXComponents;"
      : 'const _provideComponents = () => ({});',
  );
}

/**
 * The browser's module with the site's MDX components loaded when an island
 * that uses them is about to render (the runtime waits for `load`), so that
 * a page's first load carries them only when such an island is in view.
 * @param {string} source a compiled MDX module
 */
function withComponentsOnDemand(source) {
  return source.replace(
    providerImport,
    `let __mdxComponents = {};
const _provideComponents = () => __mdxComponents;
const __loadComponents = () => import('@theme/MDXComponents').then((module) => {
  __mdxComponents = module.default;
});`,
  );
}

/**
 * The components the content takes from the site's MDX components by name
 * (`const {Details} = _components`): that pattern's source and its names.
 * @param {Node} program
 * @param {string} source
 * @returns {{pattern: string, names: string[]} | undefined}
 */
function namedComponents(program, source) {
  const content = program.body.find(
    (/** @type {Node} */ node) =>
      node.type === 'FunctionDeclaration' &&
      node.id?.name === '_createMdxContent',
  );
  for (const statement of content.body.body)
    if (statement.type === 'VariableDeclaration')
      for (const {id, init} of statement.declarations)
        if (id.type === 'ObjectPattern' && init?.name === '_components')
          return {
            pattern: source.slice(id.start, id.end),
            names: id.properties.map(
              (/** @type {Node} */ property) => property.value.name,
            ),
          };
  return undefined;
}

/**
 * Whether an island's code uses the site's MDX components.
 * @param {string} code
 * @param {string[]} names the components the content takes by name
 */
function usesComponents(code, names) {
  return (
    code.includes('_components.') ||
    names.some((name) =>
      new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(
        code,
      ),
    )
  );
}

/**
 * Whether `code` uses the identifier `name` (not a property of that name).
 * @param {string} code
 * @param {string} name
 */
const mentions = (code, name) =>
  new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(
    code.replaceAll('...', '   '),
  );

/**
 * The imports of the module that only islands use (`import Tabs from
 * '@theme/Tabs'`, used by no code outside the content's islands), each with
 * the names it binds: an island loads them when it is about to render, so
 * that a first load carries an island's code only when it nears the view.
 * @param {Node} program
 * @param {string} source
 * @param {Range[]} islandRanges
 * @returns {(Range & {names: string[], loader: string, text: string})[]}
 */
function islandOnlyImports(program, source, islandRanges) {
  /** @type {Range[]} */
  const imports = program.body.filter(
    (/** @type {Node} */ node) => node.type === 'ImportDeclaration',
  );
  const outside = edit(
    source,
    0,
    [...imports, ...islandRanges].map(({start, end}) => ({
      start,
      end,
      text: ' ',
    })),
  );
  return program.body.flatMap(
    (/** @type {Node} */ node, /** @type {number} */ index) => {
      if (
        node.type !== 'ImportDeclaration' ||
        node.specifiers.length === 0 ||
        node.importKind === 'type'
      )
        return [];
      /** @type {string[]} */
      const names = node.specifiers.map(
        (/** @type {Node} */ specifier) => specifier.local.name,
      );
      if (names.some((name) => mentions(outside, name))) return [];
      const assignments = node.specifiers.map(
        (/** @type {Node} */ specifier) =>
          specifier.type === 'ImportNamespaceSpecifier'
            ? `${specifier.local.name} = module;`
            : `${specifier.local.name} = module[${JSON.stringify(
                specifier.type === 'ImportDefaultSpecifier'
                  ? 'default'
                  : (specifier.imported.name ?? specifier.imported.value),
              )}];`,
      );
      return [
        {
          start: node.start,
          end: node.end,
          names,
          loader: `__loadImport${index}`,
          text: `let ${names.join(', ')};\nconst __loadImport${index} = () => import(${source.slice(node.source.start, node.source.end)}).then((module) => { ${assignments.join(' ')} });`,
        },
      ];
    },
  );
}

/**
 * @typedef {object} SplitOptions
 * @property {'server' | 'client'} compiler which build the module is for
 * @property {string} runtime the module that exports StaticContent, Island, Slot and loadStaticHtml
 * @property {Iterable<string>} [liveElements] the elements Markdown makes that are islands (./theme.mjs)
 */

// The split's own code is part of each content id: a page built by another
// version of it has other islands and slots.
const splitVersion = createHash('sha256')
  .update(readFileSync(new URL(import.meta.url), 'utf8'))
  .digest('hex');

/**
 * The content's id, which the server's page and the browser's module must
 * agree on: a hash of the module with each `require(…)` reduced to the file
 * it names. The two builds' MDX loaders give a file's require other loader
 * options (webpack compiles each build's MDX apart; file-loader's
 * `emitFile=false` on the server), not another file.
 * @param {string} source
 * @param {Node} program
 * @param {Set<string>} live
 */
function contentId(source, program, live) {
  /** @type {Node[]} */
  const requires = [];
  findRequires(program, requires);
  const normalised = edit(
    source,
    0,
    requires
      .map((node) => node.arguments[0])
      .filter(
        (argument) =>
          argument?.type === 'Literal' && typeof argument.value === 'string',
      )
      .map((argument) => ({
        start: argument.start,
        end: argument.end,
        text: JSON.stringify(String(argument.value).split('!').at(-1)),
      })),
  );
  return createHash('sha256')
    .update(splitVersion)
    .update([...live].sort().join(','))
    .update(normalised)
    .digest('hex')
    .slice(0, 12);
}

/**
 * The module for one build; a module that is not a page (an MDX partial,
 * which pages import, has no metadata) stays whole.
 * @param {string} source the mdx-loader's output
 * @param {SplitOptions} options
 * @returns {string}
 */
export function splitIslands(source, {compiler, runtime, liveElements = []}) {
  liveMarkdown = new Set(liveElements);
  try {
    return split(source, compiler, runtime);
  } finally {
    liveMarkdown = new Set();
  }
}

/**
 * @param {string} source
 * @param {SplitOptions['compiler']} compiler
 * @param {string} runtime
 * @returns {string}
 */
function split(source, compiler, runtime) {
  const metadata =
    /export \{default as metadata\} from (['"][^'"\n]+['"])/.exec(source)?.[1];
  // An MDX partial renders in an island of the page that imports it.
  if (!metadata)
    return compiler === 'client' ? withComponents(source, true) : source;
  // A doc's content sits in the theme's `markdown` element; its rules on
  // direct children must reach the content's elements.
  const className = metadata.includes('plugin-content-docs')
    ? 'markdown'
    : undefined;
  const program = /** @type {Node} */ (
    Parser.parse(source, {ecmaVersion: 'latest', sourceType: 'module'})
  );
  const returned = returnedContent(program);
  /** @type {Island[]} */
  const islands = [];
  findIslands(returned.expression, islands);
  const id = contentId(source, program, liveMarkdown);
  const content = source.slice(returned.start, returned.end);
  const contentProps = `id: ${JSON.stringify(id)}${className ? `, className: ${JSON.stringify(className)}` : ''}`;
  const imports = `import {StaticContent as __StaticContent, Island as __Island, Slot as __Slot, loadStaticHtml as __loadStaticHtml} from ${JSON.stringify(runtime)};\n`;

  let slotCount = 0;
  if (compiler === 'server') {
    const edits = islands.flatMap(({range, slots}, index) => [
      {
        start: range.start,
        end: range.start,
        text: `_jsx(__Island, {id: ${index}, children: `,
      },
      {start: range.end, end: range.end, text: '})'},
      ...slots.flatMap((slot) => [
        {
          start: slot.start,
          end: slot.start,
          text: `_jsx(__Slot, {id: ${slotCount++}, children: [`,
        },
        {start: slot.end, end: slot.end, text: ']})'},
      ]),
    ]);
    const marked = edit(content, returned.start, edits);
    return (
      imports +
      source.slice(0, returned.start) +
      `_jsx(__StaticContent, {${contentProps}, children: ${marked}})` +
      source.slice(returned.end)
    );
  }

  const named = namedComponents(program, source);
  const lazyImports = islandOnlyImports(
    program,
    source,
    islands.map(({range}) => range),
  );
  let needed = false;
  const islandCode = islands.map(({range, slots}) => {
    const code = source.slice(range.start, range.end);
    const edits = slots.map((slot) => ({
      ...slot,
      text: `_jsx(__Slot, {id: ${slotCount++}})`,
    }));
    const render = edit(code, range.start, edits);
    const loads = lazyImports
      .filter(({names}) => names.some((name) => mentions(render, name)))
      .map(({loader}) => `${loader}()`);
    const withComponents = usesComponents(render, named?.names ?? []);
    if (!withComponents && loads.length === 0) return `() => ${render}`;
    if (!withComponents)
      return `{render: () => ${render}, load: () => Promise.all([${loads.join(', ')}])}`;
    // Rendered once the components are loaded, with them, not with the
    // empty set the content had when it rendered first.
    needed = true;
    const components = named
      ? `{ const ${named.pattern} = _components; return ${render}; }`
      : render;
    const load =
      loads.length === 0
        ? '__loadComponents'
        : `() => Promise.all([__loadComponents(), ${loads.join(', ')}])`;
    return `{render: () => ((_components) => ${components})({..._components, ..._provideComponents(), ...props.components}), load: ${load}}`;
  });
  // The files the content links to are emitted by the browser's build alone.
  /** @type {Node[]} */
  const requires = [];
  findRequires(returned.expression, requires);
  /** @param {Node} node @param {Range} range */
  const within = (node, range) =>
    node.start >= range.start && node.end <= range.end;
  // Those an island's code keeps: in an island, not in one of its slots.
  const inIslandCode = (/** @type {Node} */ node) =>
    islands.some(
      ({range, slots}) =>
        within(node, range) && !slots.some((slot) => within(node, slot)),
    );
  const emitted = requires
    .filter((node) => !inIslandCode(node))
    .map((node) => source.slice(node.start, node.end));
  // A missing component fails the server's render, which runs these checks
  // with the components loaded; here they may not be loaded yet.
  const preamble = edit(
    source.slice(0, returned.start),
    0,
    lazyImports,
  ).replace(/^\s*if \(![\w$.]+\) _missingMdxReference\([^)]*\);$/gm, '');
  const module =
    imports +
    `import __metadata from ${metadata};\n` +
    `const __html = await __loadStaticHtml(${JSON.stringify(id)}, __metadata.permalink);\n` +
    (emitted.length ? `void [${emitted.join(', ')}];\n` : '') +
    preamble +
    `_jsx(__StaticContent, {${contentProps}, html: __html, islands: [${islandCode.join(', ')}]})` +
    source.slice(returned.end);
  return needed
    ? withComponentsOnDemand(module)
    : withComponents(module, false);
}

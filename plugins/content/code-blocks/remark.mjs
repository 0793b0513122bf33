// Highlights the code blocks of a Markdown or MDX file when the site is built:
// fenced blocks, and <CodeBlock> elements whose code is known then (a string,
// a constant the file exports, or a file it imports with raw-loader). Each
// gets its lines as HTML (lines.mjs) in `highlightedHtml`, and its code with
// the magic comments taken out, which is what the copy button copies. The
// metastring is read by Docusaurus's own code-block utilities; a writer's
// mistake in it stops the build with the file and line, and a language the
// site cannot highlight is a warning. A <CodeBlock> whose code, language,
// metastring or line numbers the build cannot read is left as written, with
// a warning: the page's render highlights it (theme/CodeBlock).
import {readFileSync} from 'node:fs';
import path from 'node:path';
import enhancedResolve from 'enhanced-resolve';
import {highlightedLines} from './lines.mjs';
import {
  firstLineNumber,
  languageOfClassName,
  plainLanguages,
  withoutTitle,
} from './meta.mjs';
import {prismWith} from './prism.mjs';
import {parseLines} from '@nodekeeper/docusaurus-internals';

/** @typedef {import('@docusaurus/theme-common').ThemeConfig['prism']['magicComments'][number]} MagicComment */
/** @typedef {typeof import('prism-react-renderer').Prism} Prism */
/** @typedef {(index: number) => number | string} LineOf */
/** @typedef {import('mdast-util-mdx-jsx').MdxJsxFlowElement | import('mdast-util-mdx-jsx').MdxJsxTextElement} MdxJsxElement */

/** A writer's mistake in a code block: the build stops with where it is and what to do. */
export class CodeBlockError extends Error {}

const rangeInMeta = /\{([^}]*)\}/;
const validRange = /^\d+(?:-\d+)?(?:,\d+(?:-\d+)?)*$/;
export const fileInMeta = /(?:^|\s)file=(\S+)/;

/**
 * Checks a `{1,4-6}` range: it must parse, go upwards and stay within the block's `lineCount` lines.
 * @param {string | undefined} metastring
 * @param {number} lineCount
 */
function checkRange(metastring, lineCount) {
  const range = rangeInMeta.exec(withoutTitle(metastring))?.[1];
  if (range === undefined) return;
  if (!validRange.test(range)) {
    throw new CodeBlockError(
      `{${range}} is not a line range: write the lines to highlight as {2} or {1,4-6}, with no spaces`,
    );
  }
  for (const part of range.split(',')) {
    const [first, last = first] = part.split('-').map(Number);
    if (first < 1 || last < first)
      throw new CodeBlockError(
        `{${range}}: the range ${part} must go from a first line (1 or more) up to a later one`,
      );
    if (last > lineCount)
      throw new CodeBlockError(
        `{${range}}: line ${last} is past the end of the block, which has ${lineCount} lines`,
      );
  }
}

/**
 * Checks that each magic comment block that starts also ends. parseLines
 * ignores an unclosed one; here each line is read alone with the starts and
 * ends as line comments, so that each is found on its own line.
 * @param {string} code
 * @param {{language: string, magicComments: MagicComment[]}} options
 * @param {LineOf} lineOf
 */
function checkCommentBlocks(code, {language, magicComments}, lineOf) {
  const markers = magicComments.flatMap(({block}) =>
    block
      ? [
          {className: `start ${block.start}`, line: block.start},
          {className: `end ${block.start}`, line: block.end},
        ]
      : [],
  );
  if (!markers.some(({line}) => code.includes(line))) return;
  /** @type {Map<string, number | string>} */
  const open = new Map();
  code.split('\n').forEach((text, index) => {
    const marker = parseLines(text, {
      metastring: undefined,
      language,
      magicComments: markers,
    }).lineClassNames[0]?.[0];
    if (!marker) return;
    const [kind, start] = marker.split(' ');
    const end = magicComments.find(({block}) => block?.start === start)?.block
      ?.end;
    if (kind === 'start' && open.has(start)) {
      throw new CodeBlockError(
        `line ${lineOf(index)}: ${start} inside the one opened on line ${open.get(start)}: end that one first with ${end}`,
      );
    }
    if (kind === 'end' && !open.has(start))
      throw new CodeBlockError(
        `line ${lineOf(index)}: ${end} with no ${start} before it`,
      );
    if (kind === 'start') open.set(start, lineOf(index));
    else open.delete(start);
  });
  for (const [start, line] of open) {
    const end = magicComments.find(({block}) => block?.start === start)?.block
      ?.end;
    throw new CodeBlockError(`line ${line}: ${start} has no ${end} after it`);
  }
}

/**
 * The lines of `file=./path#L2-L5` (relative to the Markdown file), all of them without a #L range.
 * @param {string} reference
 * @param {string} markdownFile
 * @returns {string}
 */
export function codeFromFile(reference, markdownFile) {
  const [relative, range] = reference.split('#');
  const file = path.resolve(path.dirname(markdownFile), relative);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new CodeBlockError(
      `file=${reference}: there is no file ${path.relative(process.cwd(), file)}`,
    );
  }
  const lines = text.replace(/\n$/, '').split('\n');
  if (range === undefined) return lines.join('\n');
  const match = /^L(\d+)(?:-L(\d+))?$/.exec(range);
  const first = Number(match?.[1]);
  const last = Number(match?.[2] ?? match?.[1]);
  if (!match || first < 1 || last < first || last > lines.length) {
    throw new CodeBlockError(
      `file=${reference}: #${range} is not a range of the file's ${lines.length} lines: write #L3 or #L3-L8`,
    );
  }
  return lines.slice(first - 1, last).join('\n');
}

/**
 * The code a reader sees and copies: without its magic comments, unless a {1,4-6} range is what highlights it.
 * @param {string} code
 * @param {{language: string | undefined, metastring: string | undefined, magicComments: MagicComment[]}} options
 * @returns {string}
 */
export function codeAsShown(code, {language, metastring, magicComments}) {
  return parseLines(code, {
    language,
    metastring: withoutTitle(metastring),
    magicComments,
  }).code;
}

/**
 * What a code block shows: its code without magic comments, and its lines as
 * HTML. `lineOf(i)` is the line in the Markdown file of the code's line i, for
 * messages.
 * @param {Prism} prism
 * @param {{code: string, language: string, metastring?: string, showLineNumbers?: boolean | number, magicComments: MagicComment[], typeClasses?: import('./themes.mjs').TypeClasses, lineOf: LineOf}} block
 */
function renderBlock(
  prism,
  {
    code,
    language,
    metastring,
    showLineNumbers,
    magicComments,
    typeClasses,
    lineOf,
  },
) {
  const lineCount = code.replace(/\n$/, '').split('\n').length;
  checkRange(metastring, lineCount);
  const start = firstLineNumber(metastring, showLineNumbers);
  if (Number.isNaN(start)) {
    throw new CodeBlockError(
      `${/showLineNumbers=\S*/.exec(metastring ?? '')?.[0]}: the first line's number must be a whole number, as in showLineNumbers=5`,
    );
  }
  if (!rangeInMeta.test(withoutTitle(metastring)))
    checkCommentBlocks(code, {language, magicComments}, lineOf);
  const parsed = parseLines(code, {
    metastring: withoutTitle(metastring),
    language,
    magicComments,
  });
  const html = highlightedLines(prism, parsed.code, {
    language,
    lineClassNames: parsed.lineClassNames,
    firstLineNumber: start,
    typeClasses,
  });
  return {code: parsed.code, html};
}

/**
 * The value of an estree expression when it is a string the build can know, else undefined.
 * @param {import('estree').Expression | null | undefined} expression
 * @param {Map<string, string>} constants
 * @returns {string | undefined}
 */
function stringValue(expression, constants) {
  if (expression?.type === 'Literal' && typeof expression.value === 'string')
    return expression.value;
  if (
    expression?.type === 'TemplateLiteral' &&
    expression.expressions.length === 0
  )
    return expression.quasis[0].value.cooked ?? undefined;
  if (expression?.type === 'Identifier') return constants.get(expression.name);
  return undefined;
}

/**
 * Finds the file a module request names, from the folder of the file that
 * imports it, as the bundler would; false when it finds none.
 * @typedef {(folder: string, request: string) => string | false} ResolveModule
 */

/**
 * The bundler's resolution of a module request with the extensions
 * Docusaurus gives it and, once the plugin has read the bundler's
 * configuration, its aliases (`@site/…`).
 * @param {{alias?: Record<string, string | false | string[]>, extensions?: string[]}} [resolve]
 * @returns {ResolveModule}
 */
export function moduleResolver(resolve = {}) {
  const resolveSync = enhancedResolve.create.sync({
    alias: resolve.alias ?? {},
    extensions: resolve.extensions ?? [
      '.wasm',
      '.mjs',
      '.js',
      '.jsx',
      '.ts',
      '.tsx',
      '.json',
    ],
    conditionNames: ['import', 'require', 'node', 'default'],
  });
  return (folder, request) => {
    try {
      return resolveSync(folder, request);
    } catch {
      return false;
    }
  };
}

/**
 * What the file's imports and exports make known: the local names of
 * @theme/CodeBlock, and the strings of its exported constants and raw imports.
 * A raw import the bundler cannot resolve is left to it: its build names it.
 * @param {import('mdast').Root} tree
 * @param {string} markdownFile
 * @param {ResolveModule} resolveModule
 */
function moduleScope(tree, markdownFile, resolveModule) {
  /** @type {Set<string>} */
  const codeBlockNames = new Set();
  /** @type {Map<string, string>} */
  const constants = new Map();
  for (const node of tree.children.filter(
    (child) => child.type === 'mdxjsEsm',
  )) {
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type === 'ImportDeclaration') {
        const source = String(statement.source.value);
        const local = statement.specifiers.find(
          ({type}) => type === 'ImportDefaultSpecifier',
        )?.local.name;
        if (source === '@theme/CodeBlock' && local) codeBlockNames.add(local);
        if (source.startsWith('!!raw-loader!') && local) {
          const file = resolveModule(
            path.dirname(markdownFile),
            source.slice('!!raw-loader!'.length),
          );
          if (file) constants.set(local, readFileSync(file, 'utf8'));
        }
      }
      if (
        statement.type === 'ExportNamedDeclaration' &&
        statement.declaration?.type === 'VariableDeclaration'
      ) {
        for (const {id, init} of statement.declaration.declarations) {
          const value = stringValue(init, new Map());
          if (id.type === 'Identifier' && value !== undefined)
            constants.set(id.name, value);
        }
      }
    }
  }
  return {codeBlockNames, constants};
}

/**
 * An MDX expression node holding the string `value`.
 * @param {string} value
 * @returns {import('mdast-util-mdx-expression').MdxFlowExpression}
 */
function stringExpression(value) {
  /** @type {import('estree').Literal} */
  const literal = {type: 'Literal', value, raw: JSON.stringify(value)};
  return {
    type: 'mdxFlowExpression',
    value: JSON.stringify(value),
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [{type: 'ExpressionStatement', expression: literal}],
      },
    },
  };
}

/** An attribute whose value is only known as the page renders. */
const unread = Symbol('unread');

/**
 * The attribute `name` of a JSX element: a string, true for a bare
 * attribute, a string, number or boolean written in braces, or a constant
 * the file exports; `unread` for any other expression, whose value is only
 * known as the page renders; undefined when not given (or given as another
 * literal, `{null}`).
 * @param {MdxJsxElement} node
 * @param {string} name
 * @param {Map<string, string>} constants
 * @returns {string | number | boolean | typeof unread | undefined}
 */
function attribute(node, name, constants) {
  const found = node.attributes.find(
    (attr) => attr.type === 'mdxJsxAttribute' && attr.name === name,
  );
  if (!found) return undefined;
  if (found.value === null || found.value === undefined) return true;
  if (typeof found.value === 'string') return found.value;
  const expression = estreeExpression(found.value);
  const known = stringValue(expression, constants);
  if (known !== undefined) return known;
  if (expression?.type !== 'Literal') return unread;
  const {value} = expression;
  return typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
    ? value
    : undefined;
}

/**
 * What decides how a <CodeBlock> is highlighted that the build cannot read,
 * as written (`language={props.language}`, `{...props}`), if anything: its
 * language, metastring, line numbers, and its className when it names no
 * language otherwise, or a spread, which may give any of them.
 * @param {MdxJsxElement} node
 * @param {Record<string, ReturnType<typeof attribute>>} read
 * @returns {string | undefined}
 */
function unreadConstruct(node, read) {
  for (const attr of node.attributes) {
    if (attr.type === 'mdxJsxExpressionAttribute') return `{${attr.value}}`;
    const decides = attr.name !== 'className' || read.language === undefined;
    if (
      decides &&
      read[attr.name] === unread &&
      attr.value !== null &&
      typeof attr.value === 'object'
    )
      return `${attr.name}={${attr.value.value}}`;
  }
  return undefined;
}

/**
 * The expression an MDX expression holds, if any.
 * @param {{data?: {estree?: import('estree').Program | null}}} [node]
 */
function estreeExpression(node) {
  const statement = node?.data?.estree?.body[0];
  return statement?.type === 'ExpressionStatement'
    ? statement.expression
    : undefined;
}

/**
 * The one expression a <CodeBlock> holds, directly or in a paragraph.
 * @param {MdxJsxElement} node
 */
function childExpression(node) {
  const [child] = node.children;
  if (node.children.length !== 1) return undefined;
  if (child.type === 'mdxFlowExpression') return child;
  if (
    child.type === 'paragraph' &&
    child.children.length === 1 &&
    child.children[0].type === 'mdxTextExpression'
  )
    return child.children[0];
  return undefined;
}

/**
 * @param {{additionalLanguages: string[], magicComments: MagicComment[], typeClasses?: import('./themes.mjs').TypeClasses, warn?: (message: string) => void, resolver?: {resolve: ResolveModule}}} options
 * warn defaults to console.warn; resolver, which the plugin gives the
 * bundler's aliases once it has them, to the resolution without aliases
 * @returns {(tree: import('mdast').Root, file: {path: string}) => void}
 */
export default function remarkCodeBlocks({
  additionalLanguages,
  magicComments,
  typeClasses,
  warn = (message) => console.warn(`[WARNING] ${message}`),
  resolver = {resolve: moduleResolver()},
}) {
  const prism = prismWith(additionalLanguages);
  /** @param {string} language */
  const knownLanguage = (language) =>
    plainLanguages.includes(language) || language in prism.languages;

  return (tree, file) => {
    const markdownFile = file.path;
    const shownPath = path.relative(process.cwd(), markdownFile);
    const {codeBlockNames, constants} = moduleScope(
      tree,
      markdownFile,
      resolver.resolve,
    );

    /**
     * @param {import('mdast').Nodes} node
     * @param {{code: string, language?: string | null, metastring?: string, showLineNumbers?: boolean | number, lineOf: LineOf}} block
     */
    const render = (node, block) => {
      const where = `${shownPath}:${node.position?.start.line ?? '?'}`;
      const language = block.language?.toLowerCase();
      if (!language) {
        warn(
          `${where}: this code block names no language, so it is shown as plain text. Name one, or text for plain text.`,
        );
      } else if (!knownLanguage(language)) {
        warn(
          `${where}: the site cannot highlight "${language}", so this code block is shown as plain text. Add the language to the code-blocks plugin's additionalLanguages, or write text.`,
        );
      }
      try {
        return renderBlock(prism, {
          ...block,
          language: language ?? 'text',
          magicComments,
          typeClasses,
        });
      } catch (error) {
        if (error instanceof CodeBlockError)
          throw new CodeBlockError(`${where}: code block: ${error.message}`);
        throw error;
      }
    };

    /** @param {import('mdast').Nodes} node */
    const visit = (node) => {
      if (node.type === 'code') {
        const fileReference = fileInMeta.exec(withoutTitle(node.meta))?.[1];
        if (fileReference !== undefined) {
          const where = `${shownPath}:${node.position?.start.line ?? '?'}`;
          if (node.value !== '')
            throw new CodeBlockError(
              `${where}: code block: it has both file=${fileReference} and code of its own; keep one`,
            );
          try {
            node.value = codeFromFile(fileReference, markdownFile);
          } catch (error) {
            throw new CodeBlockError(
              `${where}: code block: ${/** @type {Error} */ (error).message}`,
            );
          }
        }
        const fence = node.position?.start.line;
        const {code, html} = render(node, {
          code: node.value,
          language: node.lang,
          metastring: node.meta ?? undefined,
          lineOf: (index) =>
            fileReference === undefined && fence
              ? fence + 1 + index
              : `${index + 1} of the code`,
        });
        node.value = code;
        node.data = {
          ...node.data,
          hProperties: {...node.data?.hProperties, highlightedHtml: html},
        };
        return;
      }
      if (
        (node.type === 'mdxJsxFlowElement' ||
          node.type === 'mdxJsxTextElement') &&
        node.name !== null &&
        codeBlockNames.has(node.name)
      ) {
        const expression = childExpression(node);
        const value = stringValue(estreeExpression(expression), constants);
        if (value === undefined) {
          warn(
            `${shownPath}:${node.position?.start.line ?? '?'}: the code of this <${node.name}> is only known as the page renders, so it is highlighted then, as the theme does, and rendered in the browser too. Give it a string, a constant the file exports, or a raw-loader import to highlight it when the site is built.`,
          );
          return;
        }
        /** @type {Record<string, ReturnType<typeof attribute>>} */
        const read = Object.fromEntries(
          ['language', 'className', 'metastring', 'showLineNumbers'].map(
            (name) => [name, attribute(node, name, constants)],
          ),
        );
        const construct = unreadConstruct(node, read);
        if (construct !== undefined) {
          warn(
            `${shownPath}:${node.position?.start.line ?? '?'}: <${node.name} ${construct}>: the build cannot read what this code block is highlighted as, so it is highlighted as the page renders, as the theme does, and rendered in the browser too. Write the language, metastring and line numbers as strings or exported constants to highlight it when the site is built.`,
          );
          return;
        }
        // Past the check, only a className beside a language may be unread,
        // and it decides nothing.
        const {language, className, metastring, showLineNumbers} =
          Object.fromEntries(
            Object.entries(read).map(([name, value]) => [
              name,
              value === unread ? undefined : value,
            ]),
          );
        const {code, html} = render(node, {
          code: value,
          // A language or metastring that is not a string is as if not
          // given; with no language, the className's, as the theme reads it.
          language:
            typeof language === 'string'
              ? language
              : language === undefined && typeof className === 'string'
                ? languageOfClassName(className)
                : undefined,
          metastring: typeof metastring === 'string' ? metastring : undefined,
          showLineNumbers:
            typeof showLineNumbers === 'string'
              ? Boolean(showLineNumbers)
              : showLineNumbers,
          lineOf: (index) => `${index + 1} of the code`,
        });
        node.attributes.push({
          type: 'mdxJsxAttribute',
          name: 'highlightedHtml',
          value: html,
        });
        node.children = [stringExpression(code)];
        return;
      }
      if ('children' in node) node.children.forEach(visit);
    };
    visit(tree);
  };
}

// Turns a doc's source (Markdown read as MDX, as Docusaurus reads it) into
// plain Markdown that reads on its own, outside the site: the title as an H1,
// no front matter, imports or exports, admonitions as blockquotes, tabs as
// labelled sections, and every link and image absolute.
import {statSync} from 'node:fs';
import path from 'node:path';
import {
  admonitionTitleToDirectiveLabel,
  escapeMarkdownHeadingIds,
  unwrapMdxCodeBlocks,
} from '@docusaurus/utils';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import {unified} from 'unified';
import {
  codeAsShown,
  codeFromFile,
  fileInMeta,
} from '../../content/code-blocks/remark.mjs';
import {
  normalizeAdmonitionOptions,
  remarkComment,
} from '@nodekeeper/docusaurus-internals';

/** @typedef {import('mdast-util-mdx-jsx').MdxJsxFlowElement | import('mdast-util-mdx-jsx').MdxJsxTextElement} MdxJsxElement */
/** @typedef {(url: string) => string} Rewrite */
/** @typedef {Parameters<typeof codeAsShown>[1]['magicComments']} MagicComments */
/** @typedef {(node: import('mdast').Nodes) => string} Written */
/** @typedef {{rewrite: Rewrite, written: Written, keywords: string[]}} Context */

// The admonition types Docusaurus knows (@docusaurus/mdx-loader's defaults).
/** @type {Record<string, string>} */
const admonitionLabels = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
  important: 'Important',
  success: 'Success',
  secondary: 'Note',
};

// Code block meta that only tells the site's highlighter what to do.
const highlighterMeta =
  /\s*(?:\{[\d,\s-]+\}|showLineNumbers(?:=\d+)?|file=\S+)/g;

/**
 * How the docs plugin reads a file: the site's `markdown` config and the docs'
 * `admonitions` option. The defaults are Docusaurus's.
 * @typedef {{
 *   format: 'mdx' | 'md' | 'detect',
 *   mdx1Compat: {comments: boolean, admonitions: boolean, headingIds: boolean},
 *   preprocessor?: (args: {filePath: string, fileContent: string}) => string,
 *   admonitions?: unknown,
 * }} Reading
 */
/** @type {Reading} */
export const docusaurusReading = {
  format: 'mdx',
  mdx1Compat: {comments: true, admonitions: true, headingIds: true},
  admonitions: true,
};

/**
 * The parser for one file, as the MDX loader picks it: Markdown or MDX by the
 * front matter's `format`, the config's, or the file's extension.
 * @param {Reading} reading
 * @param {'md' | 'mdx'} format
 */
function parserFor(reading, format) {
  const parser = unified().use(remarkParse).use(remarkFrontmatter);
  if (format === 'mdx') parser.use(remarkMdx);
  parser.use(remarkGfm).use(remarkDirective);
  if (reading.mdx1Compat.comments) parser.use(remarkComment);
  return parser;
}

/**
 * The format the MDX loader reads `file` in (its `getFormat`).
 * @param {string} source
 * @param {string} file
 * @param {Reading} reading
 * @returns {'md' | 'mdx'}
 */
export function formatOf(source, file, reading) {
  const declared =
    /^---\r?\n(?:.*\r?\n)*?format:\s*['"]?(md|mdx|detect)\b/.exec(source)?.[1];
  const format = declared ?? reading.format;
  if (format === 'md' || format === 'mdx') return format;
  return /\.(?:md|markdown|mdown|mkdn|mkd|mdwn|mkdown|ron)$/.test(file)
    ? 'md'
    : 'mdx';
}
// No directives in the output: left-over ones go back to the text they were.
const printer = unified()
  .use(remarkStringify, {bullet: '-', emphasis: '_', fences: true, rule: '-'})
  .use(remarkMdx)
  .use(remarkGfm, {tablePipeAlign: false});

/** @type {(value: string) => import('mdast').Text} */
const text = (value) => ({type: 'text', value});
/** @type {(value: string) => import('mdast').Strong} */
const strong = (value) => ({type: 'strong', children: [text(value)]});
/** @type {(...children: import('mdast').PhrasingContent[]) => import('mdast').Paragraph} */
const paragraph = (...children) => ({type: 'paragraph', children});

/**
 * Whether `node` is a JSX element, such as `<Tabs>`.
 * @param {import('mdast').Nodes} node
 * @returns {node is MdxJsxElement}
 */
const isJsxElement = (node) =>
  node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';

/**
 * @param {MdxJsxElement} node
 * @param {string} name
 */
function attribute(node, name) {
  const found = node.attributes?.find(
    (attr) => attr.type === 'mdxJsxAttribute' && attr.name === name,
  );
  return typeof found?.value === 'string' ? found.value : undefined;
}

/**
 * `:::note` as a blockquote that opens with "**Note:**", or with "**Note: Title**" when it has a title.
 * @param {import('mdast-util-directive').ContainerDirective} node
 * @returns {import('mdast').Blockquote}
 */
function admonitionToBlockquote(node) {
  const [first, ...rest] = node.children;
  const hasTitle =
    first?.type === 'paragraph' && first.data?.directiveLabel === true;
  const children = hasTitle ? rest : node.children;
  const label = `${admonitionLabels[node.name] ?? node.name.charAt(0).toUpperCase() + node.name.slice(1)}:`;
  if (hasTitle) {
    /** @type {import('mdast').Strong} */
    const title = {
      type: 'strong',
      children: [text(`${label} `), ...first.children],
    };
    return {type: 'blockquote', children: [paragraph(title), ...children]};
  }
  if (children[0]?.type === 'paragraph') {
    const [opening, ...after] = children;
    return {
      type: 'blockquote',
      children: [
        paragraph(strong(label), text(' '), ...opening.children),
        ...after,
      ],
    };
  }
  return {
    type: 'blockquote',
    children: [paragraph(strong(label)), ...children],
  };
}

/**
 * `<Tabs>` as one section a tab, under a heading that names it, one level below `depth`.
 * @param {MdxJsxElement} node
 * @param {number} depth
 * @returns {import('mdast').RootContent[]}
 */
function tabsToSections(node, depth) {
  return node.children
    .filter(isJsxElement)
    .filter((child) => child.name === 'TabItem')
    .flatMap((item) => [
      {
        type: 'heading',
        depth: /** @type {import('mdast').Heading['depth']} */ (
          Math.min(depth + 1, 6)
        ),
        children: [
          text(attribute(item, 'label') ?? attribute(item, 'value') ?? ''),
        ],
      },
      ...item.children,
    ]);
}

/** @param {import('mdast').Nodes} node */
const isMdxComment = (node) =>
  (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') &&
  /^\s*\/\*[\s\S]*\*\/\s*$/.test(node.value);

/**
 * Rewrites the children of `parent` in place, `depth` being the level of the
 * heading they sit under; `written(node)` is the source text of a node.
 * @param {import('mdast').Parent} parent
 * @param {number} depth
 * @param {Context} context
 */
function transformChildren(parent, depth, context) {
  /** @type {import('mdast').RootContent[]} */
  const children = [];
  let level = depth;
  for (const child of parent.children) {
    if (
      child.type === 'yaml' ||
      child.type === 'mdxjsEsm' ||
      isMdxComment(child)
    )
      continue;
    if (child.type === 'heading') level = child.depth;
    if (
      child.type === 'containerDirective' &&
      context.keywords.includes(child.name)
    ) {
      children.push(transform(admonitionToBlockquote(child), level, context));
    } else if (child.type === 'containerDirective') {
      children.push(
        ...child.children.map((grandchild) =>
          transform(grandchild, level, context),
        ),
      );
    } else if (child.type === 'leafDirective') {
      children.push(paragraph(text(context.written(child))));
    } else if (child.type === 'textDirective') {
      // Prose such as "ratio 1:a" reads as a directive; Docusaurus shows it as written.
      children.push(text(context.written(child)));
    } else if (isJsxElement(child) && child.name === 'Tabs') {
      // The tabs' content as if written in their place: an admonition
      // directly in a tab is a child of the sections, as of any parent.
      /** @type {import('mdast').Root} */
      const sections = {type: 'root', children: tabsToSections(child, level)};
      transformChildren(sections, level, context);
      children.push(...sections.children);
    } else {
      children.push(transform(child, level, context));
    }
  }
  parent.children = children;
}

/**
 * @template {import('mdast').Nodes} Node
 * @param {Node} node
 * @param {number} depth
 * @param {Context} context
 * @returns {Node}
 */
function transform(node, depth, context) {
  if (
    node.type === 'link' ||
    node.type === 'image' ||
    node.type === 'definition'
  )
    node.url = context.rewrite(node.url);
  if (node.type === 'heading') {
    // A heading's own ID (`## Title {#id}`) is for the site's anchors only.
    const last = node.children.at(-1);
    if (last?.type === 'text')
      last.value = last.value.replace(/\s*\{#[^}]*\}$/, '');
  }
  if ('children' in node) transformChildren(node, depth, context);
  return node;
}

/**
 * Turns each code block of `node` into the code its page shows: taken from
 * its file (`file=`), without magic comments, and without the meta that only
 * the highlighter reads.
 * @param {import('mdast').Nodes} node
 * @param {string} file the doc's file
 * @param {MagicComments} magicComments
 */
function codeAsRead(node, file, magicComments) {
  if (node.type === 'code') {
    const metastring = node.meta ?? '';
    const fromFile = fileInMeta.exec(metastring);
    let code = node.value;
    try {
      if (fromFile) code = codeFromFile(fromFile[1], file);
    } catch (error) {
      throw new Error(
        `${file}:${node.position?.start.line}: cannot write its Markdown copy: ${error instanceof Error ? error.message : error}`,
      );
    }
    node.value = codeAsShown(code, {
      language: node.lang ?? undefined,
      metastring,
      magicComments,
    });
    node.meta = metastring.replace(highlighterMeta, '').trim() || null;
  }
  if ('children' in node)
    for (const child of node.children) codeAsRead(child, file, magicComments);
}

/**
 * `pathname` under the base URL, unless it is there already (as the site's links do).
 * @param {string} pathname
 * @param {string} baseUrl
 */
function withBaseUrl(pathname, baseUrl) {
  return pathname.startsWith(baseUrl)
    ? pathname
    : baseUrl + pathname.replace(/^\//, '');
}

/**
 * The Markdown copy of one doc.
 *
 * - `source`: the doc's file, front matter and all; `file`: its absolute path.
 * - `title`: the doc's title, the H1 when the file has none.
 * - `url`: the absolute URL of the doc's page; its copy is at `url + '.md'`.
 * - `origin` and `baseUrl`: where the site is served.
 * - `urlOfDoc(file)`: the absolute page URL of the doc in that file, if it is published.
 *   A link to any other Markdown file is left to the build's broken-link check.
 * - `magicComments`: the site's (themeConfig.prism.magicComments), whose lines the copy leaves out.
 * - `reading`: how the docs plugin reads the file (its format, compat options, admonition keywords).
 *
 * Returns the Markdown and the files next to the doc that it links to
 * (images, downloads), each with the absolute URL it must be served at.
 * @param {{
 *   source: string, file: string, title: string, url: string, origin: string, baseUrl: string,
 *   urlOfDoc: (file: string) => string | undefined,
 *   magicComments: MagicComments,
 *   reading?: Reading,
 * }} doc
 */
export function docToMarkdown({
  source,
  file,
  title,
  url,
  origin,
  baseUrl,
  urlOfDoc,
  magicComments,
  reading = docusaurusReading,
}) {
  /** @type {{file: string, url: string}[]} */
  const assets = [];
  /** @type {Rewrite} */
  const rewrite = (target) => {
    if (/^[a-z][a-z\d+.-]*:/i.test(target) && !target.startsWith('pathname://'))
      return target;
    if (target.startsWith('#')) return url + target;
    if (target.startsWith('pathname://'))
      return origin + withBaseUrl(target.slice('pathname://'.length), baseUrl);
    if (target.startsWith('/')) return origin + withBaseUrl(target, baseUrl);
    const targetPath = target.replace(/#.*/s, '');
    const hash = target.slice(targetPath.length);
    const targetFile = path.resolve(
      path.dirname(file),
      decodeURIComponent(targetPath),
    );
    const docUrl = /\.mdx?$/.test(targetPath)
      ? urlOfDoc(targetFile)
      : undefined;
    if (docUrl) return docUrl + hash;
    // A file beside the doc is served beside its Markdown copy.
    if (
      targetPath !== '' &&
      statSync(targetFile, {throwIfNoEntry: false})?.isFile()
    ) {
      const assetUrl = new URL(targetPath, `${url}.md`).href;
      assets.push({file: targetFile, url: assetUrl});
      return assetUrl + hash;
    }
    // As the page's link would go; the build's link check fails on a broken one.
    return new URL(target, url).href;
  };

  // What the MDX loader's preprocessor does before it parses.
  const {keywords} = normalizeAdmonitionOptions(reading.admonitions ?? true);
  let prepared = reading.preprocessor
    ? reading.preprocessor({filePath: file, fileContent: source})
    : source;
  prepared = unwrapMdxCodeBlocks(prepared);
  if (reading.mdx1Compat.headingIds)
    prepared = escapeMarkdownHeadingIds(prepared);
  if (reading.mdx1Compat.admonitions)
    prepared = admonitionTitleToDirectiveLabel(prepared, keywords);
  const format = formatOf(source, file, reading);
  let tree;
  try {
    tree = parserFor(reading, format).parse(prepared);
  } catch (error) {
    const line = /** @type {{line?: number}} */ (error).line;
    throw new Error(
      `${file}${line ? `:${line}` : ''}: cannot read the doc as ${format === 'md' ? 'Markdown' : 'MDX'}: ${error instanceof Error ? error.message : error}`,
    );
  }
  codeAsRead(tree, file, magicComments);
  transform(tree, 1, {
    rewrite,
    written: (node) =>
      prepared.slice(node.position?.start.offset, node.position?.end.offset),
    keywords,
  });
  if (tree.children[0]?.type !== 'heading' || tree.children[0].depth !== 1) {
    tree.children.unshift({type: 'heading', depth: 1, children: [text(title)]});
  }
  try {
    return {markdown: printer.stringify(tree), assets};
  } catch (error) {
    throw new Error(
      `${file}: cannot write its Markdown copy: ${error instanceof Error ? error.message : error}`,
    );
  }
}

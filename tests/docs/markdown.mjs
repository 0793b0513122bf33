// Just enough Markdown reading for the docs checks: front matter, headings,
// fenced code blocks and tables, each with the line it starts on.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {
  codeAsShown,
  codeFromFile,
  fileInMeta,
} from '../../plugins/content/code-blocks/remark.mjs';

/** @type {import('../../plugins/content/code-blocks/remark.mjs').MagicComment[]} */
const magicComments = JSON.parse(
  readFileSync(
    new URL('../../src/magic-comments.json', import.meta.url),
    'utf8',
  ),
);

/**
 * The Markdown files under `dir`, as paths relative to the working directory.
 * @param {string} dir
 * @returns {string[]}
 */
export function markdownFiles(dir) {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => /\.mdx?$/.test(file))
    .map((file) => path.join(dir, file))
    .sort();
}

/**
 * @param {string} file
 * @returns {string}
 */
export function readMarkdown(file) {
  return readFileSync(file, 'utf8');
}

/**
 * The front matter as an object; null when the file has none.
 * @param {string} text
 * @returns {Record<string, unknown> | null}
 */
export function frontMatter(text) {
  const match = text.match(/^---\n([\s\S]*?)\n---\n/);
  return match ? (parse(match[1]) ?? {}) : null;
}

/**
 * @typedef {{lang: string, meta: string, title: string, line: number, firstLine: number, endLine: number, code: string, lineOf: (n: number) => string}} CodeBlock
 * @typedef {{indent: number, fence: string, lang: string, meta: string, title: string, line: number, firstLine: number, lines: string[]}} OpenBlock
 */

/**
 * Fenced code blocks. `line` is the fence's line, `firstLine` the line of the
 * block's first line of code (both 1-based), `title` the meta's title="...".
 * `code` is what the reader sees: without magic comments, and for a block
 * with file=./path#L2-L5 (relative to `file`, when given) the lines of that file.
 * `lineOf(n)` is where the code's line n is, as file:line; `endLine` is the
 * closing fence's line.
 * @param {string} text
 * @param {string} [file]
 * @returns {CodeBlock[]}
 */
export function codeBlocks(text, file = '') {
  const lines = text.split('\n');
  /** @type {CodeBlock[]} */
  const blocks = [];
  /** @type {OpenBlock | null} */
  let open = null;
  lines.forEach((line, index) => {
    if (!open) {
      const fence = line.match(/^(\s*)(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/);
      if (fence) {
        open = {
          indent: fence[1].length,
          fence: fence[2],
          lang: fence[3],
          meta: fence[4],
          title:
            fence[4]
              .match(/title=(?:"([^"]*)"|'([^']*)')/)
              ?.slice(1)
              .find((t) => t !== undefined) ?? '',
          line: index + 1,
          firstLine: index + 2,
          lines: [],
        };
      }
      return;
    }
    const closing = line.trim();
    if (
      closing.startsWith(open.fence[0].repeat(open.fence.length)) &&
      /^(`+|~+)$/.test(closing)
    ) {
      const {indent, fence, lines: content, ...block} = open;
      blocks.push({
        ...block,
        endLine: index + 1,
        ...asShown(block, content, file),
      });
      open = null;
      return;
    }
    open.lines.push(
      line.slice(Math.min(open.indent, line.match(/^\s*/)?.[0].length ?? 0)),
    );
  });
  return blocks;
}

/**
 * A block's code as the reader sees it, and where each of its lines is.
 * @param {{lang: string, meta: string, firstLine: number}} block
 * @param {string[]} content
 * @param {string} file
 * @returns {{code: string, lineOf: (n: number) => string}}
 */
function asShown(block, content, file) {
  const reference = fileInMeta.exec(block.meta)?.[1];
  if (reference !== undefined && file !== '') {
    const [relative, range] = reference.split('#');
    const first = Number(/^L(\d+)/.exec(range ?? '')?.[1] ?? 1);
    const included = path.join(path.dirname(file), relative);
    return {
      code: `${codeFromFile(reference, file)}\n`,
      lineOf: (n) => `${included}:${first + n - 1}`,
    };
  }
  const shown = codeAsShown(content.join('\n'), {
    language: block.lang,
    metastring: block.meta,
    magicComments,
  }).split('\n');
  // The lines the reader sees are the written ones less the magic comments.
  /** @type {number[]} */
  const kept = [];
  content.forEach((line, index) => {
    if (kept.length < shown.length && line === shown[kept.length])
      kept.push(block.firstLine + index);
  });
  return {
    code: content.length ? `${shown.join('\n')}\n` : '',
    lineOf: (n) => `${file}:${kept[n - 1] ?? block.firstLine + n - 1}`,
  };
}

/**
 * Headings outside code blocks, with their text stripped of inline code marks.
 * @param {string} text
 * @returns {{level: number, text: string, line: number}[]}
 */
export function headings(text) {
  const fenced = new Set();
  for (const block of codeBlocks(text)) {
    for (let line = block.line; line <= block.endLine; line++) {
      fenced.add(line);
    }
  }
  return text.split('\n').flatMap((line, index) => {
    const match =
      !fenced.has(index + 1) && line.match(/^(#{1,6})\s+(.*?)\s*#*\s*$/);
    return match
      ? [
          {
            level: match[1].length,
            text: match[2].replace(/`/g, '').replace(/\s*\{#[\w-]+\}$/, ''),
            line: index + 1,
          },
        ]
      : [];
  });
}

/**
 * The lines of the section under the heading `title`: up to the next heading of
 * the same or a higher level. Null when no heading has that text.
 * @param {string} text
 * @param {string} title
 * @returns {string[] | null}
 */
export function section(text, title) {
  const at = sectionRange(text, title);
  return at && text.split('\n').slice(at.first, at.end);
}

/**
 * Where the section under the heading `title` is, as 0-based line indexes:
 * its first line after the heading, and the line after its last. Null when
 * no heading has that text.
 * @param {string} text
 * @param {string} title
 * @returns {{first: number, end: number} | null}
 */
export function sectionRange(text, title) {
  const all = headings(text);
  const start = all.findIndex((heading) => heading.text === title);
  if (start === -1) return null;
  const end = all
    .slice(start + 1)
    .find((heading) => heading.level <= all[start].level);
  return {
    first: all[start].line,
    end: end ? end.line - 1 : text.split('\n').length,
  };
}

/**
 * The lines of the section under `title` that come before its first subsection.
 * @param {string} text
 * @param {string} title
 * @returns {string[] | null}
 */
export function sectionIntro(text, title) {
  const lines = section(text, title);
  if (!lines) return null;
  const subsection = lines.findIndex((line) => /^#{1,6} /.test(line));
  return subsection === -1 ? lines : lines.slice(0, subsection);
}

/**
 * The body rows of the Markdown tables in `lines`, each as a list of cell texts.
 * @param {string[]} lines
 * @returns {string[][]}
 */
export function tableRows(lines) {
  /** @param {string | undefined} line */
  const isRow = (line) => /^\s*\|.*\|\s*$/.test(line ?? '');
  /** @param {string | undefined} line */
  const isSeparator = (line) => /^\s*\|[\s|:-]+\|\s*$/.test(line ?? '');
  return lines
    .filter(
      (line, index) =>
        isRow(line) && !isSeparator(line) && !isSeparator(lines[index + 1]),
    )
    .map((line) =>
      line
        .trim()
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

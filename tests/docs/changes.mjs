// A procedure that edits an existing project shows the change, as a ```diff
// block titled with the project file's name, never a replacement file: applied
// as a whole, a shorter file would remove every node and channel it leaves out.
// The change must apply to a project file shown before it on the same page, or
// on the page its base="../path.md" names, as the changes before it left that
// file (its old lines, context and removals, found there in one run; a change
// of added lines only goes at the end), and the file it gives must be valid.
import path from 'node:path';
import {invalidMarker, isProjectFile} from './check-examples.mjs';
import {codeBlocks, readMarkdown, sectionRange} from './markdown.mjs';
import {formatProblems, validateProjectFile} from './project-file.mjs';

const projectFileName = /^nodekeeper[\w.-]*\.yaml$/;

// The procedures that edit a project the reader already has. A whole file in
// one of them, pasted over the reader's own, would remove what it leaves out.
export const editingProcedures = [
  {file: 'docs/alerts/silencing.md', section: 'A canary for the alert rules'},
  {file: 'docs/alerts/webhooks.md', section: 'Rotate the secret'},
  {
    file: 'docs/getting-started/single-rpc.md',
    section: 'See a real alert and its resolve message',
  },
  {file: 'docs/projects/bundles.md', section: 'Override a threshold'},
  {file: 'docs/projects/bundles.md', section: 'Switch a check off'},
  {file: 'docs/projects/bundles.md', section: 'Write your own bundle'},
  {file: 'docs/projects/intro.md', section: 'Members and roles'},
];

/**
 * The problems with the project files that the procedure under the heading
 * `section` shows: it must show at least one, and each as a ```diff block.
 * @param {string} file
 * @param {string} text
 * @param {string} section
 * @returns {string[]}
 */
export function checkEditingProcedure(file, text, section) {
  const at = sectionRange(text, section);
  if (!at) return [`${file}: no section "${section}"`];
  const shown = codeBlocks(text, file).filter(
    (block) =>
      block.line > at.first &&
      block.line <= at.end &&
      (block.lang === 'diff' ||
        (/^ya?ml$/.test(block.lang) &&
          isProjectFile(block) &&
          // A file marked invalid shows an error, not a step.
          !block.title.startsWith(invalidMarker))),
  );
  if (shown.length === 0) {
    return [`${file}: "${section}" shows no change to the project file`];
  }
  return shown
    .filter((block) => block.lang !== 'diff')
    .map(
      (block) =>
        `${file}:${block.line}: "${section}" edits a project the reader has, so it shows the change as a \`\`\`diff block, not a whole ${block.title || 'project file'}`,
    );
}

/**
 * The lines of a block's code, without the final line break.
 * @param {string} code
 */
const linesOf = (code) => code.replace(/\n$/, '').split('\n');

/**
 * Where `part` starts in `whole`, or -1.
 * @param {string[]} whole
 * @param {string[]} part
 */
function indexOfRun(whole, part) {
  for (let start = 0; start + part.length <= whole.length; start++) {
    if (part.every((line, offset) => whole[start + offset] === line)) {
      return start;
    }
  }
  return -1;
}

/**
 * The problems with the changes (```diff blocks) of one Markdown file.
 * @param {string} file
 * @param {string} text
 * @returns {string[]}
 */
export function checkChanges(file, text) {
  const blocks = codeBlocks(text, file);
  // Each project file as the changes so far have left it.
  /** @type {Map<string, string[]>} */
  const changed = new Map();
  /** @param {import('./markdown.mjs').CodeBlock[]} candidates */
  const projectFiles = (candidates) =>
    candidates.filter(
      (base) =>
        base.lang === 'yaml' &&
        isProjectFile(base) &&
        !base.title.startsWith(invalidMarker),
    );
  return blocks.flatMap((change, index) => {
    if (change.lang !== 'diff') return [];
    const where = `${file}:${change.line}`;
    if (!projectFileName.test(change.title)) {
      return [
        `${where}: a diff block shows a change to a project file: title it with the file's name, such as title="nodekeeper.yaml"`,
      ];
    }
    const lines = linesOf(change.code);
    const unmarked = lines.findIndex((line) => !/^([ +-]|$)/.test(line));
    if (unmarked !== -1) {
      return [
        `${change.lineOf(unmarked + 1)}: each line of a change starts with a space (kept), + (added) or - (removed)`,
      ];
    }
    const old = lines.filter((line) => !line.startsWith('+'));
    const kept = lines.filter((line) => !line.startsWith('-'));
    const unprefix = (/** @type {string} */ line) => line.slice(1);
    const basePage = change.meta.match(/base="([^"]+)"/)?.[1];
    const baseFile = basePage ? path.join(path.dirname(file), basePage) : file;
    const bases = basePage
      ? projectFiles(codeBlocks(readMarkdown(baseFile), baseFile))
      : projectFiles(blocks.slice(0, index)).reverse();
    for (const base of bases) {
      const key = `${baseFile}:${base.line}`;
      const baseLines = changed.get(key) ?? linesOf(base.code);
      const at =
        old.length === 0
          ? baseLines.length
          : indexOfRun(baseLines, old.map(unprefix));
      if (at === -1) continue;
      const result = [
        ...baseLines.slice(0, at),
        ...kept.map(unprefix),
        ...baseLines.slice(at + old.length),
      ];
      changed.set(key, result);
      return formatProblems(
        change.title,
        validateProjectFile(`${result.join('\n')}\n`),
      ).map(
        (problem) =>
          `${where}: the change, applied to the file at ${key} as the changes before it left it, gives an invalid file: ${problem}`,
      );
    }
    return [
      `${where}: the change applies to no project file shown before it on the page${basePage ? ` or in ${baseFile}` : ''}, as the changes before it left it: its kept and removed lines must appear there, in order`,
    ];
  });
}

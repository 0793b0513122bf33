// Holds every ```yaml block in the docs that is a project file to the
// published schema and the CLI's rules. A block titled "invalid: ..." shows a
// mistake on purpose: it must fail, and a ```text block right after it that
// shows the CLI's output must show exactly the problems the checker finds. A
// block titled with another file's name, such as a CI workflow, must be valid
// YAML. The secrets the docs store are held to their bindings: see
// bindings.mjs.
// Usage: node tests/docs/check-examples.mjs [files...] (default: every doc)
import {pathToFileURL} from 'node:url';
import {parseDocument} from 'yaml';
import {product} from '../../src/product.mjs';
import {checkBindings} from './bindings.mjs';
import {codeBlocks, markdownFiles, readMarkdown} from './markdown.mjs';
import {formatProblems, schema, validateProjectFile} from './project-file.mjs';

export const invalidMarker = 'invalid:';
const outputLine = new RegExp(
  `^${product.projectFile.replaceAll('.', '\\.')}:(\\d+:\\d+: | \\d+ problems?, nothing changed$)`,
);

/**
 * The CLI's last line after its problems.
 * @param {number} count
 */
const summary = (count) =>
  `${product.projectFile}: ${count} problem${count === 1 ? '' : 's'}, nothing changed`;

/**
 * Whether a yaml block is a project file: untitled, marked invalid, or titled nodekeeper*.yaml.
 * @param {{title: string}} block
 * @returns {boolean}
 */
export function isProjectFile(block) {
  return (
    block.title === '' ||
    block.title.startsWith(invalidMarker) ||
    /^nodekeeper[\w.-]*\.yaml$/.test(block.title)
  );
}

/**
 * The problems with the yaml examples of one Markdown file, as printable lines.
 * @param {string} file
 * @param {string} text
 * @returns {string[]}
 */
export function checkExamples(file, text) {
  /** @type {string[]} */
  const problems = [];
  const blocks = codeBlocks(text, file);
  blocks.forEach((block, index) => {
    if (block.lang !== 'yaml') return;
    if (!isProjectFile(block)) {
      const {errors} = parseDocument(block.code, {uniqueKeys: true});
      problems.push(
        // yaml gives each error its position (prettyErrors); one without is put at the block's start.
        ...errors.map(
          ({linePos: [{line, col}] = [{line: 1, col: 1}], message}) =>
            `${file}:${block.firstLine + line - 1}:${col}: "${block.title}" is not valid YAML: ${message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`,
        ),
      );
      return;
    }
    const found = validateProjectFile(block.code);

    const schemaComment = block.code.match(
      /#\s*yaml-language-server:\s*\$schema=(\S+)/,
    );
    if (schemaComment && schemaComment[1] !== schema.$id) {
      problems.push(
        `${file}:${block.line}: the yaml-language-server comment names ${schemaComment[1]}, not the published schema ${schema.$id}`,
      );
    }

    if (!block.title.startsWith(invalidMarker)) {
      problems.push(
        ...found.map(
          ({line, column, path, message}) =>
            `${block.lineOf(line)}:${column}: ${path ? `${path}: ` : ''}${message}`,
        ),
      );
      return;
    }
    if (found.length === 0) {
      problems.push(
        `${file}:${block.line}: the example titled "${block.title}" is valid, but a block marked "${invalidMarker}" must fail validation`,
      );
      return;
    }
    const next = blocks[index + 1];
    const shown =
      next?.lang === 'text'
        ? next.code.split('\n').filter((line) => outputLine.test(line))
        : [];
    const actual = [
      ...formatProblems(product.projectFile, found),
      summary(found.length),
    ];
    if (shown.length > 0 && shown.join('\n') !== actual.join('\n')) {
      problems.push(
        `${file}:${next.line}: the output shown for "${block.title}" differs from what the file gives:\n  shown:\n    ${shown.join('\n    ')}\n  actual:\n    ${actual.join('\n    ')}`,
      );
    }
  });
  return problems;
}

/**
 * How many yaml examples `files` hold, and how many are marked invalid.
 * @param {string[]} files
 * @returns {{total: number, invalid: number}}
 */
export function countExamples(files) {
  const yamlBlocks = files.flatMap((file) =>
    codeBlocks(readMarkdown(file)).filter(
      (block) => block.lang === 'yaml' && isProjectFile(block),
    ),
  );
  return {
    total: yamlBlocks.length,
    invalid: yamlBlocks.filter((block) => block.title.startsWith(invalidMarker))
      .length,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files =
    process.argv.length > 2 ? process.argv.slice(2) : markdownFiles('docs');
  const pages = files.map((file) => ({file, text: readMarkdown(file)}));
  const problems = [
    ...pages.flatMap(({file, text}) => checkExamples(file, text)),
    ...checkBindings(pages),
  ];
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(`\n${problems.length} problem(s) in the docs' examples.`);
    process.exit(1);
  }
  const {total, invalid} = countExamples(files);
  console.log(
    `${total} yaml examples in ${files.length} files: ${total - invalid} valid, ${invalid} marked invalid and failing as they should.`,
  );
}

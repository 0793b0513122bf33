import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {test} from 'node:test';
import {commitMessageProblems} from '../../tools/commit-message.mjs';
import {tempDirSync} from '../support/temp-dir.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const why = '\n\nThe reader lost the table of contents on a narrow window.\n';

test('a subject in the imperative, at most 72 characters, then a blank line and a body, keeps the rule', () => {
  for (const subject of [
    'Fix the table of contents on narrow windows',
    'Embed the social card in the page',
    'Focus the skip link after a navigation',
    'Keep a doc whose address holds capitals',
  ])
    assert.deepEqual(commitMessageProblems(subject + why), [], subject);
});

test('each way to break the rule is named', () => {
  const cases = [
    ['Fixed the table of contents' + why, /imperative/],
    ['Adding a test' + why, /imperative/],
    ['Adds a test' + why, /imperative/],
    ['Tests: a helper for the sidebar' + why, /label/],
    ['fix the table of contents' + why, /capitalised/],
    ['Fix the table of contents.' + why, /full stop/],
    [
      `Fix ${'the table of contents '.repeat(4).trim()}` + why,
      /91 characters long; keep it to 72/,
    ],
    ['Fix the table of contents\n', /no body/],
    ['Fix the table of contents\nat once\n', /blank line/],
    ['\n\nA body without a subject\n', /empty/],
  ];
  for (const [message, problem] of /** @type {[string, RegExp][]} */ (cases))
    assert.match(commitMessageProblems(message).join(' '), problem, message);
});

test("git's comment lines, the scissors line and its own merge messages are not held to the rule", () => {
  assert.deepEqual(
    commitMessageProblems(
      `Fix the table of contents${why}# Please enter the commit message\n# ------------------------ >8 ------------------------\nFixed everything.\n`,
    ),
    [],
  );
  assert.deepEqual(commitMessageProblems("Merge branch 'issue-44'\n"), []);
});

test('.githooks/commit-msg refuses a commit that breaks the rule and takes one that keeps it', (t) => {
  const repo = tempDirSync(t, 'commit-msg-');
  /** @param {string[]} args */
  const git = (...args) =>
    spawnSync(
      'git',
      [
        '-c',
        `core.hooksPath=${path.join(root, '.githooks')}`,
        '-c',
        'user.name=Test',
        '-c',
        'user.email=test@example.com',
        ...args,
      ],
      {cwd: repo, encoding: 'utf8'},
    );
  assert.equal(git('init', '--quiet').status, 0);
  const refused = git('commit', '--allow-empty', '-m', 'Fixed it');
  assert.notEqual(refused.status, 0);
  assert.match(refused.stderr, /commit rule/);
  const taken = git(
    'commit',
    '--allow-empty',
    '-m',
    'Fix the table of contents',
    '-m',
    'It lost its list on a narrow window.',
  );
  assert.equal(taken.status, 0, taken.stderr);
});

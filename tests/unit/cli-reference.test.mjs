import assert from 'node:assert/strict';
import {test} from 'node:test';
import {product} from '../../src/product.mjs';
import {
  markdownFiles,
  readMarkdown,
  section,
  sectionIntro,
  tableRows,
} from '../docs/markdown.mjs';

// Every `nodekeeper <command>` the docs show, in code or in prose, is a command
// of the CLI reference, with flags that the reference gives it.
const referenceFile = 'docs/projects/cli.md';
const changelogFile = 'docs/operations/changelog.md';
const docs = markdownFiles('docs');

/** The commands of the reference: their words, the flags they take, and their exit codes. */
function referenceCommands() {
  /** @type {string[][]} */
  const rows = tableRows(
    section(readMarkdown(referenceFile), 'Commands') ?? [],
  );
  return rows.map(([command, , flags, , exitCodes]) => {
    const words = command.replace(/`/g, '').split(/\s+/).slice(1);
    return {
      command: command.replace(/`/g, ''),
      // Placeholders such as NAME are in capitals: the command is the words before them.
      words: words.filter((word) => /^[a-z][a-z-]*$/.test(word)),
      flags: new Set(
        [...`${command} ${flags}`.matchAll(/--[a-z][a-z-]*/g)].map(
          (match) => match[0],
        ),
      ),
      exitCodes: exitCodes ?? '',
    };
  });
}

const cliUse = new RegExp(
  String.raw`(?<![\w./@-])${product.cli}((?: +(?:--?[a-z][\w-]*(?:=\S*)?|[\w@.:/${'$'}{}-]+))+)`,
  'g',
);

/**
 * Each use of the CLI in `text`: the words after its name, with the line.
 * @param {string} text
 */
function usages(text) {
  return text.split('\n').flatMap((line, index) =>
    [...line.matchAll(cliUse)].map((match) => ({
      line: index + 1,
      words: match[1].trim().split(/ +/),
    })),
  );
}

const commands = referenceCommands();

/**
 * The reference's command a use runs: the one whose words it starts with, longest first.
 * @param {string[]} words
 */
function commandOf(words) {
  const subcommand = words.filter((word) => !word.startsWith('-'));
  return [...commands]
    .sort((a, b) => b.words.length - a.words.length)
    .find(
      (command) =>
        command.words.every((word, index) => subcommand[index] === word) &&
        (command.words.length > 0 || words[0]?.startsWith('--')),
    );
}

test(`${referenceFile} has a CLI reference with every column filled`, () => {
  assert.ok(
    commands.length >= 10,
    `${referenceFile}: the Commands table lists ${commands.length} commands`,
  );
  /** @type {string[][]} */
  const rows = tableRows(
    section(readMarkdown(referenceFile), 'Commands') ?? [],
  );
  for (const [command, does, flags, actsOn, exitCodes] of rows) {
    assert.ok(does && flags && actsOn, `${command}: a column is empty`);
    assert.match(exitCodes, /^`0`(, `[1-7]`)*$/, `${command}: exit codes`);
  }
  assert.match(
    readMarkdown(referenceFile),
    /These docs describe version \d+\.\d+ of the CLI/,
  );
});

test('every nodekeeper command in the docs is in the CLI reference, with the flags it uses', () => {
  /** @type {string[]} */
  const problems = [];
  let seen = 0;
  for (const file of docs) {
    for (const {line, words} of usages(readMarkdown(file))) {
      seen++;
      const command = commandOf(words);
      if (!command) {
        problems.push(
          `${file}:${line}: "nodekeeper ${words.join(' ')}" is not a command of the CLI reference in ${referenceFile}`,
        );
        continue;
      }
      for (const flag of words
        .filter((word) => word.startsWith('--'))
        .map((word) => word.split('=')[0])) {
        if (!command.flags.has(flag)) {
          problems.push(
            `${file}:${line}: ${command.command} has no flag ${flag} in the CLI reference`,
          );
        }
      }
    }
  }
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
  assert.ok(
    seen > 20,
    `only ${seen} uses of the CLI found: is the pattern still right?`,
  );
});

test('a use of the CLI is found in code and prose, and an unknown command or flag fails', () => {
  assert.deepEqual(
    usages(
      'Run `nodekeeper alerts test --node eth-1` now; nodekeeper.yaml is not a use.',
    ),
    [{line: 1, words: ['alerts', 'test', '--node', 'eth-1']}],
  );
  assert.equal(
    commandOf(['secrets', 'set', 'ETH_RPC_KEY'])?.command,
    'nodekeeper secrets set NAME',
  );
  assert.equal(commandOf(['--version'])?.command, 'nodekeeper --version');
  assert.equal(commandOf(['alerts', 'snooze']), undefined);
  assert.equal(commandOf(['alerts', 'mute'])?.flags.has('--for'), true);
  assert.equal(
    commandOf(['secrets', 'set', 'ETH_RPC_KEY'])?.flags.has('--bind'),
    true,
  );
  assert.equal(commandOf(['validate'])?.flags.has('--yes'), false);
});

test('a command that needs the service can stop with exit codes 2 and 5; the offline ones are named', () => {
  /** @type {string[][]} */
  const offline = tableRows(
    sectionIntro(readMarkdown(referenceFile), 'Offline and online') ?? [],
  );
  const offlineCommands = offline.map(([command]) => command.replace(/`/g, ''));
  assert.deepEqual(offlineCommands.sort(), [
    'nodekeeper --version',
    'nodekeeper logout',
    'nodekeeper validate',
  ]);
  const problems = commands
    .filter(
      ({command}) =>
        !offlineCommands.includes(command) &&
        !/`2`.*`5`/.test(
          commands.find((c) => c.command === command)?.exitCodes ?? '',
        ),
    )
    .map(
      ({command}) =>
        `${command} needs the service but does not list exit codes 2 and 5`,
    );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

test('the CLI version the docs describe is the newest of the changelog, and every pin installs it or its latest patch', () => {
  const described = readMarkdown(referenceFile).match(
    /These docs describe version (\d+\.\d+) of the CLI/,
  )?.[1];
  const newest = (section(readMarkdown(changelogFile), 'CLI') ?? [])
    .map((line) => line.match(/^### (\d+\.\d+)\b/)?.[1])
    .find(Boolean);
  assert.ok(described, `${referenceFile} names no CLI version`);
  assert.equal(newest, described, `the newest CLI in ${changelogFile}`);
  const latestPatch = readMarkdown(changelogFile).match(
    /Its latest patch release is (\d+\.\d+\.\d+)\./,
  )?.[1];
  assert.ok(
    latestPatch?.startsWith(`${described}.`),
    `${changelogFile} names the latest patch release of ${described}`,
  );
  const pins = docs.flatMap((file) =>
    [...readMarkdown(file).matchAll(/@nodekeeper\/cli(?:@([\w.]+))?/g)].map(
      (match) => ({file, version: match[1]}),
    ),
  );
  assert.ok(pins.length >= 3, 'the docs install the CLI somewhere');
  assert.deepEqual(
    pins.filter(
      ({version}) =>
        version !== undefined &&
        version !== described &&
        version !== latestPatch,
    ),
    [],
    `a pin of @nodekeeper/cli other than ${described} or ${latestPatch}`,
  );
});

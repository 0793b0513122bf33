import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {chmodSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {after, describe, test} from 'node:test';
import {cli} from '../docs/facts.mjs';
import {
  codeBlocks,
  markdownFiles,
  readMarkdown,
  section,
} from '../docs/markdown.mjs';
import {tempDirSync} from '../support/temp-dir.mjs';

// `nodekeeper alerts test` prints one line for each channel, in the one
// format of its row in src/facts/cli.json; every page that shows its output
// shows that format, and the daily job of Alerts, run as printed against a
// CLI that gives each answer, fails on every answer but `accepted`, also
// with a line after it, with or without `bash -e`.
const overviewFile = 'docs/alerts/overview.md';
const faqFile = 'docs/operations/faq.md';

/** @type {{command: string, does: string}} */
const row = cli.commandGroups
  .flatMap(
    (/** @type {{commands: {command: string, does: string}[]}} */ group) =>
      group.commands,
  )
  .find(
    (/** @type {{command: string}} */ command) =>
      command.command === 'nodekeeper alerts test',
  );
const format = row.does.match(
  /`RULE -> CHANNEL \(TYPE\): ANSWER`, with the channel's answer to the first attempt, `accepted`, `refused, REASON` or `waiting for confirmation`/,
);
/** One output line, as the CLI reference gives it: `(no rule)` for a channel no rule notifies. */
const line =
  /^(?<rule>[a-z0-9-]+|\(no rule\)) -> (?<channel>[a-z0-9-]+) \((?<type>[a-z]+)\): (?<answer>accepted|refused, .+|waiting for confirmation)$/;

test('the CLI reference gives the format of the lines of alerts test', () => {
  assert.ok(format, `the alerts test row of src/facts/cli.json: ${row.does}`);
});

test('every page that shows the output of alerts test shows that format', () => {
  /** @type {string[]} */
  const shown = [];
  for (const file of markdownFiles('docs')) {
    const blocks = codeBlocks(readMarkdown(file));
    blocks.forEach((block, index) => {
      const next = blocks[index + 1];
      if (
        block.lang === 'bash' &&
        /^nodekeeper alerts test /m.test(block.code) &&
        next?.lang === 'text'
      )
        shown.push(
          ...next.code
            .trimEnd()
            .split('\n')
            .filter((output) => output.startsWith('  '))
            .map((output) => `${file}:${next.line}: ${output.trim()}`),
        );
    });
  }
  const answers = (
    section(
      readMarkdown(faqFile),
      'What does nodekeeper alerts test exit with when a channel refuses?',
    ) ?? []
  )
    .join('\n')
    .match(/`[^`]* -> [^`]*`/g);
  assert.ok(answers && answers.length >= 2, `${faqFile}: no output lines`);
  shown.push(
    ...answers.map((answer) => `${faqFile}: ${answer.replace(/`/g, '')}`),
  );
  assert.ok(shown.length >= 3, shown.join('\n'));
  const wrong = shown.filter(
    (output) => !line.test(output.replace(/^\S+: /, '')),
  );
  assert.deepEqual(wrong, [], 'lines in another format');
  assert.ok(
    readMarkdown(overviewFile).includes('`RULE -> CHANNEL (TYPE): ANSWER`'),
    `${overviewFile} gives the format`,
  );
});

describe('the daily channel test of Alerts, run against a CLI that gives each answer', () => {
  const script = codeBlocks(readMarkdown(overviewFile)).find(
    (block) =>
      block.lang === 'bash' &&
      block.code.includes('nodekeeper alerts test --channel'),
  )?.code;
  const dir = tempDirSync(after, 'channel-test-');
  // A stand-in for the CLI: prints OUTPUT and exits with STATUS.
  const fake = path.join(dir, 'nodekeeper');
  writeFileSync(
    fake,
    '#!/bin/sh\nprintf "%s" "$OUTPUT"\nexit "${STATUS:-0}"\n',
  );
  chmodSync(fake, 0o755);

  const said = 'Sent a test alert to on-call through 1 alert rule:';
  /** @type {[string, string, number, boolean][]} */
  const cases = [
    ['accepted', 'validator-down -> on-call (pagerduty): accepted', 0, true],
    [
      'refused',
      'validator-down -> on-call (pagerduty): refused, 400 Bad Request',
      0,
      false,
    ],
    [
      'waiting for confirmation',
      'everything -> ops-email (email): waiting for confirmation',
      0,
      false,
    ],
    [
      'one accepted and one refused',
      'a -> ops-slack (slack): accepted\n  b -> incident-bot (webhook): refused, 401 Unauthorized',
      0,
      false,
    ],
    ['no line', '', 0, false],
    ['the token expired', '', 2, false],
    ['the service out of reach', '', 5, false],
  ];

  for (const [what, output, status, passes] of cases)
    for (const [how, options, tail] of [
      ['bash -e', ['-e'], ''],
      ['bash', [], ''],
      ['bash -e, with a line after it', ['-e'], '\necho after\n'],
      ['bash, with a line after it', [], '\necho after\n'],
    ])
      test(`${what}: ${passes ? 'passes' : 'fails'} under ${how}`, () => {
        assert.ok(script, `${overviewFile}: no daily alerts test script`);
        for (const shown of output.split('\n').filter(Boolean))
          assert.match(shown.trim(), line, 'the fake prints the format');
        const file = path.join(dir, 'daily.sh');
        writeFileSync(file, `${script}${tail}`);
        const result = spawnSync('bash', [...options, file], {
          cwd: dir,
          encoding: 'utf8',
          env: {
            ...process.env,
            PATH: `${dir}:${process.env.PATH}`,
            OUTPUT: output === '' ? '' : `${said}\n  ${output}\n`,
            STATUS: String(status),
          },
        });
        if (passes)
          assert.equal(result.status, 0, result.stdout + result.stderr);
        else assert.notEqual(result.status, 0, result.stdout + result.stderr);
      });
});

import assert from 'node:assert/strict';
import {test} from 'node:test';
import {
  attempts,
  cli,
  duration,
  findTable,
  limits,
  renderTable,
  tables,
  webhooks,
  withTable,
} from '../docs/facts.mjs';
import {codeBlocks, markdownFiles, readMarkdown} from '../docs/markdown.mjs';

// Every page states the product's facts as src/facts/*.json holds them: the
// tables rendered from them, and the facts that prose repeats.
const docs = markdownFiles('docs').map((file) => ({
  file,
  text: readMarkdown(file),
}));

/** @type {{command: string, exitCodes: number[]}[]} */
const commands = cli.commandGroups.flatMap(
  (/** @type {{commands: any[]}} */ group) => group.commands,
);
/** @type {number[]} */
const exitCodes = cli.exitCodes.map(
  (/** @type {{code: number}} */ exit) => exit.code,
);

for (const table of tables) {
  test(`${table.file}: the table of "${table.section}" is the one src/facts renders`, () => {
    const text = readMarkdown(table.file);
    const at = findTable(text, table.section, table.header);
    assert.ok(
      at,
      `${table.file}: no table headed "| ${table.header.join(' | ')} |" in the section "${table.section}"`,
    );
    const shown = text.split('\n').slice(at.first, at.last + 1);
    const rendered = renderTable(table.header, table.rows()).split('\n');
    const row = rendered.findIndex((line, index) => shown[index] !== line);
    assert.equal(
      row === -1 && shown.length === rendered.length,
      true,
      `${table.file}:${at.first + Math.max(row, 0) + 1}: the table of "${table.section}" states\n  ${shown[row] ?? '(nothing)'}\nwhere src/facts has\n  ${rendered[row] ?? '(nothing)'}\nChange src/facts/*.json, then run npm run write:facts.`,
    );
  });
}

test('a table that differs from the facts is found, and written back', () => {
  const [table] = tables;
  const text = readMarkdown(table.file);
  const changed = text.replace(/`0`, `1`\s*\|/, '`0`, `3` |');
  assert.notEqual(changed, text);
  assert.equal(withTable(changed, table), text);
});

/**
 * The command a sentence names last before `index`, written `nodekeeper x y`
 * or as its words in backticks, such as `apply`.
 * @param {string} sentence
 * @param {number} index
 */
function commandBefore(sentence, index) {
  const before = sentence.slice(0, index);
  let found = null;
  let foundAt = -1;
  for (const {command, exitCodes: codes} of commands) {
    const words = command
      .split(' ')
      .slice(1)
      .filter((word) => /^[a-z-]+$/.test(word))
      .join(' ');
    for (const pattern of [`nodekeeper ${words}`, `\`${words}`]) {
      const at = before.lastIndexOf(pattern);
      const next = before[at + pattern.length] ?? ' ';
      // The longest command wins where two start at the same place.
      if (at !== -1 && /[\s`]/.test(next) && at >= foundAt) {
        if (at > foundAt || (found && words.length > found.words.length)) {
          found = {command, words, codes};
          foundAt = at;
        }
      }
    }
  }
  return found;
}

test('an exit code a page gives a command is one that command can return', () => {
  const exit = /(?:exit code|exits with|exit with|stops with) `(\d)`/g;
  const problems = docs.flatMap(({file, text}) =>
    text.split('\n').flatMap((line, index) =>
      line.split(/(?<=[.:;])\s+/).flatMap((sentence) =>
        [...sentence.matchAll(exit)].flatMap((match) => {
          const code = Number(match[1]);
          const command = commandBefore(sentence, match.index ?? 0);
          if (!exitCodes.includes(code)) {
            return [
              `${file}:${index + 1}: exit code ${code} is not in src/facts/cli.json`,
            ];
          }
          return command && !command.codes.includes(code)
            ? [
                `${file}:${index + 1}: says ${command.command} exits with ${code}; src/facts/cli.json gives it ${command.codes.join(', ')}`,
              ]
            : [];
        }),
      ),
    ),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

test('a wrong exit code in prose is found, with the command it belongs to', () => {
  assert.equal(
    commandBefore(
      '`plan` names the limit; `apply` stops with exit code `3`',
      40,
    )?.command,
    'nodekeeper apply',
  );
  assert.equal(
    commandBefore('Run `nodekeeper tokens create`, which exits with `3`', 40)
      ?.command,
    'nodekeeper tokens create',
  );
});

test("the pages give the webhook's retries, answer time and tolerance as the facts do", () => {
  const all = attempts();
  const last = all[all.length - 1];
  const total = webhooks.retryMinutes.reduce(
    (/** @type {number} */ sum, /** @type {number} */ delay) => sum + delay,
    0,
  );
  const failing = all.find((attempt) => {
    const minutes = webhooks.retryMinutes
      .slice(0, attempt.attempt - 1)
      .reduce(
        (/** @type {number} */ sum, /** @type {number} */ d) => sum + d,
        0,
      );
    return minutes >= webhooks.failingAfterMinutes;
  });
  const ordinals = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
  const webhookPage = readMarkdown('docs/alerts/webhooks.md');
  assert.match(
    webhookPage,
    new RegExp(
      `${ordinals.length === all.length ? 'six' : all.length} attempts in all over ${last.since}`,
    ),
  );
  assert.match(
    webhookPage,
    new RegExp(
      `failed for ${webhooks.failingAfterMinutes} minutes, at its ${ordinals[(failing?.attempt ?? 0) - 1]} attempt`,
    ),
  );
  const problems = docs.flatMap(({file, text}) =>
    [...text.matchAll(/attempts[^.]*?(?:span|over) about (\d+) hours/g)]
      .filter((match) => Number(match[1]) !== Math.round(total / 60))
      .map(
        (match) =>
          `${file}: "${match[0]}", where the retries span ${duration(total)}`,
      ),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
  assert.match(
    webhookPage,
    new RegExp(`\\*\\*${webhooks.answerSeconds} seconds to answer\\.\\*\\*`),
  );
  const receiver = codeBlocks(webhookPage).find(
    (block) => block.title === 'receiver.php',
  );
  assert.match(
    receiver?.code ?? '',
    new RegExp(`const TOLERANCE_SECONDS = ${webhooks.toleranceSeconds};`),
  );
});

test('a mute lasts as long on every page as the facts say', () => {
  const {shortest, longest} = limits.mute;
  const mute = commands.find(
    ({command}) => command === 'nodekeeper alerts mute',
  );
  assert.match(
    JSON.stringify(mute),
    new RegExp(`from \`${shortest}\` to \`${longest}\``),
    'src/facts/cli.json: the --for flag of alerts mute',
  );
  /** @param {string} value */
  const words = (value) =>
    value.replace(/(\d+)m$/, '$1 minute').replace(/(\d+)h$/, '$1 hours');
  assert.match(
    readMarkdown('docs/alerts/overview.md'),
    new RegExp(`A mute lasts from ${words(shortest)} to ${words(longest)}`),
    'docs/alerts/overview.md',
  );
});

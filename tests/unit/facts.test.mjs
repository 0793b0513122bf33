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
  misstatedFacts,
} from '../docs/facts.mjs';
import {
  codeBlocks,
  markdownFiles,
  readMarkdown,
  section,
} from '../docs/markdown.mjs';
import {schema, validateProjectFile} from '../docs/project-file.mjs';
import {minimalProjectFile} from '../support/project-files.mjs';

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
  (/** @type {ExitFact} */ exit) => exit.code,
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

/**
 * @typedef {{code: number, meaning: string, retry: string}} ExitFact
 * @typedef {{name: string, page: RegExp, fact: (exit: ExitFact) => boolean}} Cause
 */

// What prose says an exit code stands for, each found in the facts' meaning of
// one code (or, for retrying, in its "Safe to retry" column), so that a page
// giving one of these causes another code fails.
/** @type {Cause[]} */
const causes = [
  {
    name: 'a problem in the file',
    page: /problems? in the file|file has problems|fix the file/i,
    fact: ({meaning}) => /file has problems/.test(meaning),
  },
  {
    name: 'no access',
    page: /not signed in|expired|revoked|no role|does not allow|another team/i,
    fact: ({meaning}) => /not signed in/.test(meaning),
  },
  {
    name: 'the live environment changed',
    page: /changed since|environment changed|no longer at the revision/i,
    fact: ({meaning}) => /changed since/.test(meaning),
  },
  {
    name: 'a secret where it is not bound',
    page: /not bound|where it is bound|move a binding|bound elsewhere/i,
    fact: ({meaning}) => /where it is not \[?bound/.test(meaning),
  },
  {
    name: 'a limit',
    page: /\blimits?\b/i,
    fact: ({meaning}) => /\blimit\b/.test(meaning),
  },
  {
    name: 'a token that exists',
    page: /token (?:name )?that exists|the token exists/i,
    fact: ({meaning}) => /token that exists/.test(meaning),
  },
  {
    name: 'nothing confirmed',
    page: /nothing was confirmed|answered no|no terminal/i,
    fact: ({meaning}) => /answered no/.test(meaning),
  },
  {
    name: 'the service out of reach',
    page: /cannot be reached|could not be reached|could not reach|without a connection|did not answer in time/i,
    fact: ({meaning}) => /could not be reached/.test(meaning),
  },
  {
    name: 'over a rate',
    page: /\brate\b|\bbusy\b/i,
    fact: ({meaning}) => /over its \[?rate/.test(meaning),
  },
  {
    name: 'changes in the plan',
    page: /plan has changes/i,
    fact: ({meaning}) => /plan has changes/.test(meaning),
  },
  {
    name: 'worth retrying',
    page: /worth retrying|safe to retry|retry the step/i,
    fact: ({retry}) => /^Yes\b/.test(retry),
  },
];

/**
 * Where a page says what an exit code stands for, the causes it gives that
 * the facts give another code: in each clause (a heading, a table cell, or a
 * sentence up to its full stop or semicolon) that speaks of exit codes, the
 * text from each code to the next belongs to that code, and the first code
 * also takes what comes before it.
 * @param {string} file
 * @param {string} text
 * @returns {string[]}
 */
function exitCausesAgainstFacts(file, text) {
  /** @type {ExitFact[]} */
  const facts = cli.exitCodes;
  return text.split('\n').flatMap((line, index) =>
    line
      .split(/\s\|\s|(?<=[.;])\s+/)
      .filter((clause) =>
        /exit code|exits\b|exit with|stops with|fails with|refused with|worth retrying/i.test(
          clause,
        ),
      )
      .flatMap((clause) => {
        const mentions = [...clause.matchAll(/`(\d)`|exit code (\d)\b/gi)];
        return mentions.flatMap((mention, at) => {
          const code = Number(mention[1] ?? mention[2]);
          const fact = facts.find((exit) => exit.code === code);
          if (!fact) return [];
          const said = clause.slice(
            at === 0 ? 0 : mention.index,
            mentions[at + 1]?.index ?? clause.length,
          );
          return causes
            .filter((cause) => cause.page.test(said) && !cause.fact(fact))
            .map((cause) => {
              const codes = facts
                .filter((exit) => cause.fact(exit))
                .map((exit) => exit.code);
              return `${file}:${index + 1}: gives exit code ${code} for ${cause.name}, which src/facts/cli.json gives ${codes.join(', ') || 'no code'}: "${said.trim()}"`;
            });
        });
      }),
  );
}

test('each cause of an exit code is in the meaning of exactly one code of the facts', () => {
  for (const cause of causes.filter(({name}) => name !== 'worth retrying')) {
    assert.equal(
      cli.exitCodes.filter(cause.fact).length,
      1,
      `src/facts/cli.json: the meaning of one exit code names ${cause.name}`,
    );
  }
});

test('what a page says an exit code stands for is what src/facts says it means', () => {
  const problems = docs.flatMap(({file, text}) =>
    exitCausesAgainstFacts(file, text),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

test('a page that gives a cause another exit code is found, and the right code is not', () => {
  for (const [wrong, right] of [
    [
      'A command over its rate is refused with exit code `3`.',
      'A command over its rate is refused with exit code `5`.',
    ],
    [
      '### The service cannot be reached (exit code 2)',
      '### The service cannot be reached (exit code 5)',
    ],
    [
      'Exit code `4` only: the service could not be reached.',
      'Exit code `5` only: the service could not be reached.',
    ],
    [
      'Every command ends with an exit code: `1` for a problem in the file, `2` for a failure worth retrying.',
      'Every command ends with an exit code: `1` for a problem in the file, `5` for a failure worth retrying.',
    ],
  ]) {
    assert.equal(exitCausesAgainstFacts('page.md', wrong).length, 1, wrong);
    assert.deepEqual(exitCausesAgainstFacts('page.md', right), [], right);
  }
});

test('the codes a page calls the only ones worth retrying are those the facts do', () => {
  const retried = cli.exitCodes
    .filter((/** @type {ExitFact} */ exit) => /^Yes\b/.test(exit.retry))
    .map((/** @type {ExitFact} */ exit) => exit.code);
  const only =
    /Only `(\d)` is worth retrying|Exit code `(\d)` only|only `(\d)` is safe to retry/gi;
  const said = docs.flatMap(({file, text}) =>
    [...text.matchAll(only)].map((match) => ({
      file,
      code: Number(match[1] ?? match[2] ?? match[3]),
    })),
  );
  assert.ok(
    said.length > 0,
    'no page says which exit code alone is worth retrying',
  );
  for (const {file, code} of said) {
    assert.deepEqual(
      [code],
      retried,
      `${file}: only ${code} is worth retrying, where src/facts/cli.json says ${retried.join(', ')}`,
    );
  }
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
  assert.equal(
    failing?.since,
    duration(webhooks.failingAfterMinutes),
    'a channel is marked failing when an attempt fails',
  );
  const delays = webhooks.retryMinutes.map(duration);
  assert.ok(
    readMarkdown('docs/alerts/overview.md').includes(
      `Every channel type retries on the schedule of [Retries](./webhooks.md#retries): ${all.length === 6 ? 'six' : all.length} attempts, at once, then ${delays.slice(0, -1).join(', ')} and ${delays.at(-1)} after the one before.`,
    ),
    'docs/alerts/overview.md: the retries of every channel type',
  );
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
      `When an event's ${ordinals[(failing?.attempt ?? 0) - 1]} attempt fails, ${duration(webhooks.failingAfterMinutes)} after the first`,
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
  const receiver = codeBlocks(
    readMarkdown('docs/alerts/webhook-receiver.md'),
  ).find((block) => block.title === 'receiver.php');
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
    readMarkdown('docs/alerts/silencing.md'),
    new RegExp(`A mute lasts from ${words(shortest)} to ${words(longest)}`),
    'docs/alerts/silencing.md',
  );
});

test("the file format's limits in src/facts are where the schema starts refusing a file", () => {
  const {format} = limits;
  /** @param {string} extra the lines added to a valid file */
  const valid = (extra) =>
    validateProjectFile(`${minimalProjectFile}${extra}`).length === 0;
  /** @param {number} count */
  const name = (count) => `a${'b'.repeat(count - 1)}`;
  /** @param {string} value */
  const lessOne = (value) => value.replace(/\d+/, (n) => String(Number(n) - 1));
  /** @param {string} value */
  const moreOne = (value) => value.replace(/\d+/, (n) => String(Number(n) + 1));
  const channel = (/** @type {string} */ secret) =>
    `channels:\n  - name: hook\n    type: webhook\n    url: https://hooks.example.com/n\n    secret:${secret}\n`;
  const alert = (/** @type {number} */ after) =>
    `channels:\n  - name: me\n    type: email\n    to: [me@example.com]\nalerts:\n  - name: all\n    notify: [me]\n    after: ${after}\n`;
  /** @type {[string, string, string][]} */
  const edges = [
    [
      'a name',
      `channels:\n  - name: ${name(format.nameLength)}\n    type: email\n    to: [me@example.com]\n`,
      `channels:\n  - name: ${name(format.nameLength + 1)}\n    type: email\n    to: [me@example.com]\n`,
    ],
    [
      'a description',
      `description: ${'d'.repeat(format.descriptionLength)}\n`,
      `description: ${'d'.repeat(format.descriptionLength + 1)}\n`,
    ],
    [
      "a label's value",
      `    labels:\n      tier: ${'v'.repeat(format.labelLength)}\n`,
      `    labels:\n      tier: ${'v'.repeat(format.labelLength + 1)}\n`,
    ],
    [
      "a label's key",
      `    labels:\n      ${name(format.labelLength)}: v\n`,
      `    labels:\n      ${name(format.labelLength + 1)}: v\n`,
    ],
    [
      'the shortest interval',
      `defaults:\n  interval: ${format.shortestInterval}\n  timeout: 1s\n`,
      `defaults:\n  interval: ${lessOne(format.shortestInterval)}\n  timeout: 1s\n`,
    ],
    [
      'the longest interval',
      `defaults:\n  interval: ${format.longestInterval}\n`,
      `defaults:\n  interval: ${moreOne(format.longestInterval)}\n`,
    ],
    [
      'the longest timeout',
      `defaults:\n  interval: 5m\n  timeout: ${format.longestTimeout}\n`,
      `defaults:\n  interval: 5m\n  timeout: ${moreOne(format.longestTimeout)}\n`,
    ],
    [
      'the fewest runs of after',
      alert(format.after.fewest),
      alert(format.after.fewest - 1),
    ],
    [
      'the most runs of after',
      alert(format.after.most),
      alert(format.after.most + 1),
    ],
    [
      "a webhook's secrets",
      channel(
        Array.from(
          {length: format.webhookSecrets},
          (_, i) => `\n      - \${secret:S${i}}`,
        ).join(''),
      ),
      channel(
        Array.from(
          {length: format.webhookSecrets + 1},
          (_, i) => `\n      - \${secret:S${i}}`,
        ).join(''),
      ),
    ],
  ];
  for (const [what, atLimit, overLimit] of edges) {
    const [top, node] = atLimit.startsWith('    ')
      ? ['', atLimit]
      : [atLimit, ''];
    const [overTop, overNode] = overLimit.startsWith('    ')
      ? ['', overLimit]
      : [overLimit, ''];
    assert.ok(
      valid(`${node}${top}`),
      `${what}: the schema refuses the limit src/facts gives`,
    );
    assert.ok(
      !valid(`${overNode}${overTop}`),
      `${what}: the schema accepts more than the limit src/facts gives`,
    );
  }
  assert.equal(
    limits.checks.regions,
    schema.$defs.regions.items.enum.length,
    'src/facts/limits.json: checks.regions is not the number of regions of the schema',
  );
});

test('the pages give the number of environments and projects, the notice, the heartbeat and history as src/facts does', () => {
  const {project, notices, heartbeat, history} = limits;
  const page = (/** @type {string} */ file) => readMarkdown(file);
  const limitsPage = page('docs/operations/limits.md');
  assert.match(
    limitsPage,
    new RegExp(
      `A project may have up to ${project.environments} environments\\. An account may own up to ${project.projectsPerAccount} projects\\.`,
    ),
  );
  const {format} = limits;
  /** @type {[RegExp, number | string][]} */
  const everywhere = [
    [
      /do not end with a hyphen, and have at most (\d+) characters/g,
      format.nameLength,
    ],
    [/hyphens, at most (\d+) characters/g, format.nameLength],
    [/A label key is [^;]*?at most (\d+) characters/g, format.labelLength],
    [
      /a label value is any text of at most (\d+) characters/g,
      format.labelLength,
    ],
    [/string, at most (\d+) characters/g, format.descriptionLength],
    [/duration, at least `(\w+)`/g, format.shortestInterval],
    [/duration, at most `(\w+)`/g, format.longestTimeout],
    [/at least `10s`, at most `(\w+)`/g, format.longestInterval],
    [
      /integer, (\d+ to \d+) \|/g,
      `${format.after.fewest} to ${format.after.most}`,
    ],
    [/up to (\d+) environments/g, project.environments],
    [/up to (\d+) projects/g, project.projectsPerAccount],
    [
      /no region could run the checks[^.]*? for (\d+) minutes/g,
      notices.noRegionMinutes,
    ],
    [
      /alert (?:had )?waited (?:more than )?(\d+) minutes/g,
      heartbeat.alertWaitMinutes,
    ],
    [/set again within (\d+) hours?/g, heartbeat.muteBreakHours],
    [/result of every run for (\d+) days/g, history.runDays],
    [
      /hourly summary of each check for (\d+) months/g,
      history.hourlySummaryMonths,
    ],
    [
      /Alerts, with what was sent to which channel, are kept for (\d+) months/g,
      history.alertMonths,
    ],
    [
      /in the alert's history in the dashboard for (\d+) months/g,
      history.alertMonths,
    ],
    [/cannot be delivered to for (\d+) minutes/g, webhooks.failingAfterMinutes],
    [
      /has not (?:advanced|increased) for (\d+) minutes/g,
      limits.checks.headStallMinutes,
    ],
    [/The activity log[^.]*?is kept (\d+) months/g, history.activityLogMonths],
  ];
  const problems = misstatedFacts(docs, everywhere);
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
  const retention =
    section(page('docs/alerts/overview.md'), 'History')?.join('\n') ?? '';
  assert.match(
    retention,
    new RegExp(
      `revisions of the project file are kept ${history.revisions.toLowerCase()}`,
    ),
  );
});

test('the quickstart creates the project where the CLI reference says secrets set does', () => {
  const secretsSet = cli.commandGroups
    .flatMap(
      (/** @type {{commands: {command: string, does: string}[]}} */ group) =>
        group.commands,
    )
    .find(
      (/** @type {{command: string}} */ command) =>
        command.command === 'nodekeeper secrets set NAME',
    );
  assert.match(
    secretsSet?.does ?? '',
    /the command creates it, with you as its owner/,
  );
  const quickstart = readMarkdown('docs/getting-started/single-rpc.md');
  assert.match(quickstart, /the command creates it, with you as its owner/);
  assert.doesNotMatch(quickstart, /the secret waits for your first apply/);
});

test('the commands that take a name say what an unknown one exits with', () => {
  /** @type {{command: string, does: string, exitCodes: number[]}[]} */
  const commands = cli.commandGroups.flatMap(
    (/** @type {{commands: any[]}} */ group) => group.commands,
  );
  for (const [name, code] of [
    ['nodekeeper tokens revoke NAME', 1],
    ['nodekeeper secrets set NAME', 1],
    ['nodekeeper secrets delete NAME', 1],
    ['nodekeeper project delete PROJECT', 2],
  ]) {
    const command = commands.find((each) => each.command === name);
    assert.ok(command, String(name));
    assert.ok(command.exitCodes.includes(Number(code)), String(name));
    assert.match(command.does, new RegExp(`exits \`${code}\``), String(name));
  }
});

test('plan fails with 2, as apply does, when a token plans a change of members', () => {
  const plan = cli.commandGroups
    .flatMap((/** @type {{commands: any[]}} */ group) => group.commands)
    .find(
      (/** @type {{command: string}} */ command) =>
        command.command === 'nodekeeper plan',
    );
  assert.ok(plan?.exitCodes.includes(2));
  assert.match(plan.does, /exits `2` when the file changes `members`/);
  assert.match(
    readMarkdown('docs/projects/ci.md'),
    /the `plan` job says that the change needs an owner and fails with exit code `2`/,
  );
});

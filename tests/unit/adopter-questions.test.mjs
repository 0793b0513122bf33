import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {chmodSync, existsSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {after, describe, test} from 'node:test';
import {
  cli,
  limits,
  misstatedFacts,
  secrets,
  service,
  webhooks,
} from '../docs/facts.mjs';
import {
  codeBlocks,
  headings,
  markdownFiles,
  readMarkdown,
  section,
  tableRows,
} from '../docs/markdown.mjs';
import {tempDirSync} from '../support/temp-dir.mjs';

// What an SRE asks before Nodekeeper pages them, and no page answered: the
// order of an alert's events, many alerts at once, what PagerDuty receives,
// the activity log, a canary, Nodekeeper's planned maintenance, layer 2
// nodes, mutes and a pending plan, a test of a channel no rule notifies,
// secrets in a URL and reading status from a script. Each answer is where a
// reader of its topic looks, with the numbers src/facts holds.
const docs = markdownFiles('docs').map((file) => ({
  file,
  text: readMarkdown(file),
}));
const page = (/** @type {string} */ file) => readMarkdown(file);
const overview = page('docs/alerts/overview.md');
const silencing = page('docs/alerts/silencing.md');
const cliPage = page('docs/projects/cli.md');

/** @type {{command: string, does: string, flags: string}[]} */
const commands = cli.commandGroups.flatMap(
  (/** @type {{commands: any[]}} */ group) => group.commands,
);
const command = (/** @type {string} */ name) => {
  const found = commands.find((each) => each.command === name);
  assert.ok(found, `src/facts/cli.json has no ${name}`);
  return found;
};

test('each answer has its section where a reader of the topic looks', () => {
  for (const [file, titles] of Object.entries({
    'docs/alerts/overview.md': [
      "The order of an alert's events",
      'Many alerts at once',
      'What PagerDuty receives',
    ],
    'docs/alerts/silencing.md': ['A canary for the alert rules'],
    'docs/operations/limits.md': ['The activity log', 'Planned maintenance'],
    'docs/projects/cli.md': ['Read status from a script'],
    'docs/projects/bundles.md': ['Layer 2 nodes and peers'],
    'docs/operations/troubleshooting.md': [
      "A secret in a node's url is refused (exit code 3)",
      'peers is critical on a layer 2 node',
    ],
  })) {
    const shown = headings(page(file)).map((heading) => heading.text);
    for (const title of titles) {
      assert.ok(shown.includes(title), `${file} has no "${title}"`);
    }
  }
});

test('the pages give the delivery, maintenance and activity log numbers as src/facts does', () => {
  const {grouping, delivery, retryAfterCapSeconds} = webhooks;
  /** @type {[RegExp, number | string][]} */
  const everywhere = [
    [/one message every (\d+) seconds/gi, grouping.messageEverySeconds],
    [/at most (\d+) lines/g, grouping.linesPerMessage],
    [/never grouped, at most (\d+) at once/g, delivery.concurrentPerUrl],
    [/`Retry-After`[^.|]*?at most (\d+) seconds/g, retryAfterCapSeconds],
    [/or for (\d+) seconds without one/g, retryAfterCapSeconds],
    [
      /for at most (\d+) minutes at a time/g,
      service.maintenance.longestMinutes,
    ],
    [
      /by email to every owner at least (\d+) days before/g,
      service.maintenance.noticeDays,
    ],
    [/It keeps each for (\d+) months/g, limits.history.activityLogMonths],
    [/far under the (\d+ MB) limit of an/g, limits.checks.answerSize],
  ];
  const problems = misstatedFacts(docs, everywhere);
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

test('a 429 waits for its Retry-After on the webhook, PagerDuty and limits pages alike, and is not a failed attempt', () => {
  const cap = `at most ${webhooks.retryAfterCapSeconds} seconds`;
  const retries = section(page('docs/alerts/webhooks.md'), 'Retries') ?? [];
  assert.match(
    retries.join('\n'),
    /is not a failed attempt, on any channel type/,
  );
  assert.match(retries.join('\n'), new RegExp(cap));
  const faq = page('docs/operations/faq.md');
  assert.match(
    faq,
    new RegExp(`a \`429\` waits for its \`Retry-After\`, ${cap}`),
  );
  for (const {file, text} of docs) {
    assert.doesNotMatch(text, /`Retry-After` is not read/, file);
    assert.doesNotMatch(text, /A `429` or a `5xx` is retried/, file);
  }
});

test('one alert reaches a channel in order, and a retried trigger never reopens a resolved incident', () => {
  const order = section(overview, "The order of an alert's events")?.join(' ');
  assert.match(order ?? '', /one event of an alert at a time/);
  assert.match(order ?? '', /a resolved PagerDuty incident stays resolved/);
  const receiver = tableRows(
    section(page('docs/alerts/webhooks.md'), 'What a receiver can count on') ??
      [],
  ).map(([what]) => what);
  assert.ok(receiver.includes("Order of one alert's events"));
});

test('the Two rules table says what a channel does when the rule listed first opens later', () => {
  const rows = tableRows(section(overview, 'Two rules, one channel') ?? []);
  const later = rows.find(([rules]) =>
    rules.startsWith('`critical-all`, listed first'),
  );
  assert.ok(later, 'no row for a critical rule listed before a warn rule');
  assert.match(later[2], /Two incidents/);
  assert.match(
    (section(overview, 'Two rules, one channel') ?? []).join('\n'),
    /except its resolve message, which always comes when that alert resolves/,
  );
});

test('what PagerDuty receives matches the test alert and the notices as the CLI reference and Silencing say', () => {
  const rows = tableRows(section(overview, 'What PagerDuty receives') ?? []);
  const testRow = rows.find(([event]) => event === 'A test alert');
  const noticeRow = rows.find(([event]) => event.startsWith('A notice'));
  assert.ok(testRow && noticeRow);
  const alertsTest = command('nodekeeper alerts test').does;
  const dedupKey = alertsTest.match(
    /dedup key (`nodekeeper-test-CHANNEL`)/,
  )?.[1];
  assert.equal(testRow[1], dedupKey);
  assert.match(
    alertsTest,
    /custom detail `nodekeeper_type` set to `alert\.test`/,
  );
  assert.equal(testRow[4], '`alert.test`');
  assert.match(noticeRow[5], /^Never by Nodekeeper/);
  assert.match(
    (section(overview, 'What PagerDuty receives') ?? []).join('\n'),
    /`event\.custom_details\.nodekeeper_type` equal to `alert\.test`/,
  );
  assert.match(silencing, /\(\.\/overview\.md#what-pagerduty-receives\)/);
});

test('alerts test reaches a channel that no rule notifies, and its webhook event names no rule', () => {
  const alertsTest = command('nodekeeper alerts test');
  assert.match(
    alertsTest.does,
    /`RULE` is `\(no rule\)` for a channel that no alert rule notifies/,
  );
  assert.match(alertsTest.flags, /or through none when no rule does/);
  const rule = webhooks.payloadFields.find(
    (/** @type {{field: string}} */ field) => field.field === 'alert_rule',
  );
  assert.equal(rule.type, 'string or null');
  assert.match(
    rule.meaning,
    /Null in an `alert\.test` sent to a channel that no alert rule notifies/,
  );
});

test('a mute set after the plan refuses its apply, and one that ends by itself does not', () => {
  assert.match(
    command('nodekeeper apply').flags,
    /a mute set, extended or ended or a secret set included, but not a mute that ended by itself at its time/,
  );
  assert.match(
    page('docs/projects/ci.md'),
    /a mute that ends by itself, at the end the plan listed, refuses nothing/,
  );
});

test('the characters a secret may hold in a URL are those src/facts gives, on every page that names them', () => {
  const allowed = secrets.urlCharacters
    .map((/** @type {string} */ character) => `\`${character}\``)
    .join(', ')
    .replace(/, ([^,]+)$/, ' and $1');
  const said = `letters, digits, ${allowed}, and \`%\` followed by two hexadecimal digits`;
  const answer = section(
    page('docs/operations/troubleshooting.md'),
    "A secret in a node's url is refused (exit code 3)",
  )?.join('\n');
  assert.ok(answer?.includes(said), `troubleshooting does not say "${said}"`);
  assert.match(
    cli.exitCodes.find((/** @type {{code: number}} */ exit) => exit.code === 3)
      .meaning,
    /puts in a node's `url` a secret whose value a URL cannot carry as it is/,
  );
});

test('status --json is a flag of the newest release, and its example holds every key its table names', () => {
  const status = command('nodekeeper status');
  assert.match(status.flags, /`--json`/);
  const changelog = section(page('docs/operations/changelog.md'), 'CLI') ?? [];
  const newest = changelog.findIndex((line) => /^### \d+\.\d+\b/.test(line));
  assert.match(
    changelog[newest],
    new RegExp(`^### ${cli.version.replace('.', '\\.')},`),
  );
  const entry = changelog.slice(newest + 1);
  const end = entry.findIndex((line) => line.startsWith('### '));
  assert.match(entry.slice(0, end).join('\n'), /`nodekeeper status --json`/);
  const example = codeBlocks(cliPage).find(
    (block) =>
      block.lang === 'json' &&
      block.title.startsWith('nodekeeper status --json'),
  );
  assert.ok(example, 'docs/projects/cli.md shows no output of status --json');
  const shown = JSON.parse(example.code);
  const keys = tableRows(
    section(cliPage, 'Read status from a script') ?? [],
  ).map(([key]) => key.replace(/`/g, ''));
  assert.ok(keys.length >= 5);
  for (const key of keys) {
    /** @type {any} */
    let value = shown;
    for (const part of key.split('.')) {
      value = part.endsWith('[]')
        ? value?.[part.slice(0, -2)]?.[0]
        : value?.[part];
    }
    assert.notEqual(
      value,
      undefined,
      `the example of status --json has no ${key}`,
    );
  }
});

test('the layer 2 bundle turns peers off, and troubleshooting sends its readers there', () => {
  const change = codeBlocks(page('docs/projects/bundles.md')).find(
    (block) =>
      block.lang === 'diff' &&
      block.code.includes('+      peers:\n+        enabled: false'),
  );
  assert.ok(change, 'docs/projects/bundles.md switches peers off in no bundle');
  assert.match(
    page('docs/operations/troubleshooting.md'),
    /\(\.\.\/projects\/bundles\.md#layer-2-nodes-and-peers\)/,
  );
});

describe('the canary of Silencing, run against a CLI that gives each state', () => {
  const script = codeBlocks(silencing).find(
    (block) =>
      block.lang === 'bash' &&
      block.code.includes('nodekeeper status --json --node canary-eth'),
  )?.code;
  const example = JSON.parse(
    codeBlocks(cliPage).find(
      (block) =>
        block.lang === 'json' &&
        block.title.startsWith('nodekeeper status --json'),
    )?.code ?? '{}',
  );
  const dir = tempDirSync(after, 'canary-');
  // Stand-ins: the CLI prints OUTPUT and exits with STATUS; curl records that
  // the switch was pinged, or fails with CURL_STATUS.
  writeFileSync(
    path.join(dir, 'nodekeeper'),
    '#!/bin/sh\nprintf "%s" "$OUTPUT"\nexit "${STATUS:-0}"\n',
  );
  writeFileSync(
    path.join(dir, 'curl'),
    '#!/bin/sh\n[ "${CURL_STATUS:-0}" = 0 ] || exit "$CURL_STATUS"\necho "$@" > "$PINGED"\n',
  );
  chmodSync(path.join(dir, 'nodekeeper'), 0o755);
  chmodSync(path.join(dir, 'curl'), 0o755);
  const pinged = path.join(dir, 'pinged');

  /** An RFC 3339 time `seconds` ago, as status --json writes it. */
  const ago = (/** @type {number} */ seconds) =>
    new Date(Date.now() - seconds * 1000)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
  /**
   * The canary as status --json shows it, in the shape of the CLI reference's example.
   * @param {{state?: string, ranAgo?: number, openedAgo?: number, rules?: string[], mute?: object | null, nodes?: boolean}} canary
   */
  function output({
    state = 'critical',
    ranAgo = 20,
    openedAgo = 7 * 3600,
    rules = ['canary'],
    mute = null,
    nodes = true,
  }) {
    const [node] = example.nodes ?? [];
    const [check] = node?.checks ?? [];
    const [alert] = check?.alerts ?? [];
    return JSON.stringify({
      ...example,
      nodes: nodes
        ? [
            {
              ...node,
              name: 'canary-eth',
              mute,
              checks: [
                {
                  ...check,
                  kind: 'reachability',
                  state,
                  value: null,
                  unit: null,
                  last_run_at: ago(ranAgo),
                  alerts: rules.map((rule) => ({
                    ...alert,
                    alert_rule: rule,
                    opened_at: ago(openedAgo),
                  })),
                },
              ],
            },
          ]
        : [],
    });
  }

  /** @type {[string, string, number, number, boolean][]} */
  const cases = [
    ['its alert open', output({}), 0, 0, true],
    [
      'its alert opened 24 hours ago',
      output({openedAgo: 24 * 3600}),
      0,
      0,
      true,
    ],
    ['its alert resolved', output({rules: []}), 0, 0, false],
    [
      'its alert opened 26 hours ago, as none opened since',
      output({openedAgo: 26 * 3600}),
      0,
      0,
      false,
    ],
    [
      'its alert opened 62 days ago',
      output({openedAgo: 62 * 86400}),
      0,
      0,
      false,
    ],
    [
      'only the alert of everything open',
      output({rules: ['everything']}),
      0,
      0,
      false,
    ],
    ['its check ok', output({state: 'ok', rules: []}), 0, 0, false],
    ['its check unknown', output({state: 'unknown'}), 0, 0, false],
    ['its last run 10 minutes old', output({ranAgo: 600}), 0, 0, false],
    [
      'muted',
      output({
        mute: {until: ago(-600), reason: 'all', set_by: 'bob@example.com'},
      }),
      0,
      0,
      false,
    ],
    ['removed from the environment', output({nodes: false}), 0, 0, false],
    ['the service out of reach', '', 5, 0, false],
    ['the switch out of reach', output({}), 0, 7, false],
  ];

  for (const [what, shown, status, curlStatus, passes] of cases)
    for (const [how, options] of [
      ['bash -e', ['-e']],
      ['bash', []],
    ])
      test(`${what}: ${passes ? 'pings the switch' : 'fails, and pings nothing'} under ${how}`, () => {
        assert.ok(script, 'docs/alerts/silencing.md: no canary script');
        rmSync(pinged, {force: true});
        const file = path.join(dir, 'canary.sh');
        writeFileSync(file, script);
        const result = spawnSync('bash', [...options, file], {
          cwd: dir,
          encoding: 'utf8',
          env: {
            ...process.env,
            PATH: `${dir}:${process.env.PATH}`,
            OUTPUT: shown,
            STATUS: String(status),
            CURL_STATUS: String(curlStatus),
            PINGED: pinged,
            CANARY_SWITCH_URL: 'https://switch.example.com/canary',
          },
        });
        if (passes) {
          assert.equal(result.status, 0, result.stdout + result.stderr);
          assert.ok(existsSync(pinged), 'the switch was not pinged');
        } else {
          assert.notEqual(result.status, 0, result.stdout + result.stderr);
          if (curlStatus === 0)
            assert.ok(!existsSync(pinged), 'the switch was pinged');
        }
      });
});

test('a burst bounds the first attempt by each channel type’s rate, and never delays its first event', () => {
  const {grouping, delivery, answerSeconds} = webhooks;
  const window = delivery.firstAttemptSeconds;
  // Chat: a message at once, then one every messageEverySeconds, each of
  // linesPerMessage lines, up to and including the window's end.
  const chatEvents =
    1 + (window / grouping.messageEverySeconds) * grouping.linesPerMessage;
  // PagerDuty and webhooks: every slot busy for the whole answer time.
  const slowestReceiverEvents =
    delivery.concurrentPerUrl * (window / answerSeconds);
  const burst = (section(overview, 'Many alerts at once') ?? []).join('\n');
  for (const stated of [
    `the first ${chatEvents} events of a burst reach one channel within the ${window} seconds of a first attempt, and each ${grouping.linesPerMessage} more take ${grouping.messageEverySeconds} seconds longer`,
    `the first ${delivery.concurrentPerUrl} events of a burst always leave within the ${window} seconds`,
    `still gets at least ${slowestReceiverEvents} in the first ${window} seconds`,
    'A burst never puts off the first page',
  ])
    assert.ok(burst.includes(stated), `Many alerts at once: "${stated}"`);
  const firstAttempt = tableRows(
    section(page('docs/alerts/webhooks.md'), 'What a receiver can count on') ??
      [],
  ).find(([what]) => what === 'A first attempt');
  assert.match(firstAttempt?.[1] ?? '', /for the first \d+ events of a burst/);
  assert.match(
    (
      section(
        page('docs/operations/faq.md'),
        'How soon is an alert delivered?',
      ) ?? []
    ).join(' '),
    /a burst never puts off its own first event/,
  );
});

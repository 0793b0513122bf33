import assert from 'node:assert/strict';
import {test} from 'node:test';
import {alerting, alertsFor} from '../docs/alerting.mjs';
import {limits} from '../docs/facts.mjs';
import {markdownFiles, readMarkdown} from '../docs/markdown.mjs';
import {schema} from '../docs/project-file.mjs';

// The alerting rule is written once, in src/facts/alerting.json, and run by
// tests/docs/alerting.mjs: the Alerts page's rule table and timelines are
// rendered from them (tests/unit/facts.test.mjs holds those), and no page may
// state another rule in its prose.

/** @param {string} runs */
const states = (runs) =>
  /** @type {import('../docs/alerting.mjs').State[]} */ (runs.split(' '));
/** @param {import('../docs/alerting.mjs').Sent[]} sent */
const summary = (sent) =>
  sent.map(({run, type, severity}) => `${run} ${type} ${severity}`);
const {changes, runs} = alerting.flapping;
const after = alerting.after.default;

test("the rule's default after is the schema's, within the limits", () => {
  assert.equal(schema.$defs.alert.properties.after.default, after);
  assert.ok(
    after >= limits.format.after.fewest && after <= limits.format.after.most,
  );
});

test('a single failed run never alerts; after failed runs in a row do', () => {
  assert.deepEqual(alertsFor(states('ok critical ok ok ok')), []);
  assert.deepEqual(summary(alertsFor(states('ok critical critical ok ok'))), [
    `${after} alert.triggered critical`,
    `${after + 2} alert.resolved critical`,
  ]);
});

test('a check failing every other run alerts at its change number "changes", whatever after is', () => {
  const alternating = ['ok'];
  for (let run = 1; run <= changes + 2; run++) {
    alternating.push(run % 2 ? 'critical' : 'ok');
  }
  for (const rule of [{}, {after: 5}, {after: limits.format.after.most}]) {
    const [first, ...rest] = alertsFor(
      /** @type {import('../docs/alerting.mjs').State[]} */ (alternating),
      rule,
    );
    assert.equal(first?.run, changes, JSON.stringify(rule));
    assert.match(first.why, /flapping/);
    assert.deepEqual(rest, [], 'nothing more while it flaps');
  }
  const [first] = alertsFor(
    /** @type {import('../docs/alerting.mjs').State[]} */ (alternating),
    {after: 1},
  );
  assert.equal(first?.run, 1, 'after: 1 alerts at the first failed run');
  for (const file of [
    'docs/alerts/overview.md',
    'docs/operations/troubleshooting.md',
  ])
    assert.match(
      readMarkdown(file),
      new RegExp(
        `alerts at its sixth change, whatever \`after\` above 1 is; with \`after: 1\`, at its first failed run`,
      ),
      file,
    );
});

test('a flapping alert at warn escalates as soon as the check is critical for after runs, and resolves only once calm', () => {
  const sent = alertsFor(
    states(
      `ok warn ok warn ok warn ok ${'critical '.repeat(after)}${'ok '.repeat(runs)}`.trim(),
    ),
  );
  assert.deepEqual(summary(sent).slice(0, 2), [
    `${changes} alert.triggered warn`,
    `${6 + after} alert.triggered critical`,
  ]);
  assert.equal(sent[2]?.type, 'alert.resolved');
  assert.ok(
    (sent[2]?.run ?? 0) > 6 + 2 * after,
    'not resolved while the last runs still flap',
  );
});

test('a flapping alert at critical says so when the check then fails steadily', () => {
  const sent = alertsFor(
    states(`ok critical ok critical ok critical ok critical critical`),
  );
  assert.deepEqual(summary(sent), [
    `${changes} alert.triggered critical`,
    `8 alert.triggered critical`,
  ]);
  assert.match(sent[1].why, /failing steadily/);
});

test('a rare failure alerts only with after: 1, and resolve: false sends no resolve', () => {
  const rare = states(
    Array.from({length: 40}, (_, run) => (run % 10 === 5 ? 'warn' : 'ok')).join(
      ' ',
    ),
  );
  assert.deepEqual(alertsFor(rare), []);
  assert.equal(alertsFor(rare, {after: 1}).length, 8);
  assert.deepEqual(
    alertsFor(rare, {after: 1, resolve: false}).map(({type}) => type),
    Array(4).fill('alert.triggered'),
  );
  assert.deepEqual(alertsFor(rare, {after: 1, severity: 'critical'}), []);
});

/**
 * What a page's prose says of the rule that src/facts/alerting.json does not.
 * @param {string} file
 * @param {string} text
 */
function ruleAgainstFacts(file, text) {
  /** @type {[RegExp, (match: RegExpMatchArray) => string | null][]} */
  const claims = [
    [
      /^.*flap.*$/gi,
      (match) =>
        /an hour|five times|for \d+ minutes|held for|holds? back/i.test(
          match[0],
        ) && !/never holds/.test(match[0])
          ? 'flapping is counted in runs, and holds no alert for a time'
          : null,
    ],
    [
      /never reach(?:es)? `after/gi,
      () => 'a check failing every other run alerts by flapping',
    ],
    [
      /(\d+) or more changes/g,
      (match) =>
        Number(match[1]) === changes
          ? null
          : `flapping takes ${changes} changes`,
    ],
    [
      /(?:last|among its|its last) (\d+) runs/g,
      (match) =>
        Number(match[1]) === runs
          ? null
          : `flapping counts the last ${runs} runs`,
    ],
    [
      /`after` is (\d+) unless|`after: (\d+)` by default/g,
      (match) =>
        Number(match[1] ?? match[2]) === after
          ? null
          : `after is ${after} by default`,
    ],
    [
      /\| `after` \| integer, [^|]+\| `(\d+)` \|/g,
      (match) =>
        Number(match[1]) === after ? null : `after is ${after} by default`,
    ],
  ];
  return text.split('\n').flatMap((line, index) =>
    claims.flatMap(([pattern, judge]) =>
      [...line.matchAll(pattern)].flatMap((match) => {
        const problem = judge(match);
        return problem
          ? [`${file}:${index + 1}: "${match[0]}": ${problem}`]
          : [];
      }),
    ),
  );
}

test('no page states another alerting rule than src/facts/alerting.json', () => {
  const problems = markdownFiles('docs').flatMap((file) =>
    ruleAgainstFacts(file, readMarkdown(file)),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

test('the rule the pages stated before is found', () => {
  for (const wrong of [
    'A check that turns from ok to warn and back more than five times within an hour is flapping.',
    'A check that flaps is held. Its rule sends no more alerts for that check until its state has held for 30 minutes.',
    '4. The check was not failing for `after` runs in a row: a check that fails every other run never reaches `after: 2`.',
    'A check whose last 10 runs hold 6 or more changes',
    '| `after` | integer, 1 to 20 | `3` | How many runs |',
  ]) {
    assert.equal(ruleAgainstFacts('page.md', wrong).length, 1, wrong);
  }
  assert.deepEqual(
    ruleAgainstFacts(
      'page.md',
      `A check whose last ${runs} runs hold ${changes} or more changes between failing and not is flapping.`,
    ),
    [],
  );
});

// An escalation carries the alert's ID, PagerDuty's dedup_key: it updates the
// incident the warn opened and pages no one. Only a rule of severity critical
// opens a new alert, and so a new incident, when the check turns critical.
test('a warn that escalates opens a new alert only in a rule of severity critical, which the pages send to PagerDuty', () => {
  const lastSentryGoes = states(
    'ok warn warn warn warn critical critical critical',
  );
  assert.deepEqual(summary(alertsFor(lastSentryGoes)), [
    '2 alert.triggered warn',
    '6 alert.triggered critical',
  ]);
  assert.deepEqual(summary(alertsFor(lastSentryGoes, {severity: 'critical'})), [
    '6 alert.triggered critical',
  ]);
  const advice = markdownFiles('docs').flatMap((file) =>
    readMarkdown(file)
      .split('\n')
      .filter((line) => /PagerDuty's event rules|event rules/i.test(line))
      .map((line) => ({file, line})),
  );
  assert.ok(advice.length > 0, 'the pages warn against PagerDuty event rules');
  for (const {file, line} of advice)
    assert.match(
      line,
      /(Do not|Never) [^.]*event rules[^.]*: the escalation/,
      `${file} suggests PagerDuty event rules for warn alerts: ${line.slice(0, 120)}`,
    );
});

// Regions that Nodekeeper cannot run are left out of the count, so the
// promise that one region's trouble never pages holds only for three.
test('the pages that promise one region cannot page you say when one region decides alone', () => {
  for (const [file, caveat] of [
    ['docs/intro.md', /is decided by one region alone/],
    [
      'docs/operations/faq.md',
      /One region decides alone when the node has only one in `regions`, and while Nodekeeper's other regions cannot run the check/,
    ],
    [
      'docs/alerts/overview.md',
      /while two of three cannot, the third decides alone/,
    ],
  ])
    assert.match(
      readMarkdown(String(file)),
      /** @type {RegExp} */ (caveat),
      String(file),
    );
});

test('the loosening list names each destination and credential key of every channel type in the schema', () => {
  const listed = alerting.loosening.map(({change}) => change).join('\n');
  const keys = Object.values(schema.$defs)
    .filter(({title, properties}) => properties?.type?.const && title)
    .filter(({$ref}) => $ref === '#/$defs/channelCommon')
    .flatMap(({properties}) => Object.keys(properties));
  assert.ok(keys.includes('chat_id'), 'no channel keys read from the schema');
  for (const key of new Set(keys)) {
    assert.ok(
      listed.includes(`\`${key}\``),
      `src/facts/alerting.json: loosening does not name the channel key \`${key}\``,
    );
  }
  for (const key of ['labels', 'timeout', 'regions', 'expect']) {
    assert.ok(
      listed.includes(`\`${key}\``),
      `src/facts/alerting.json: loosening does not name \`${key}\``,
    );
  }
});

// What the silencing notices cover is one list, said the same wherever a page
// or the schema lists it, so that no page promises fewer or more notices.
test('every list of what silencing_notices covers is the one of src/facts/alerting.json', () => {
  const covers = alerting.silencingNotices;
  for (const file of [
    'docs/projects/yaml.md',
    'docs/operations/security.md',
    'docs/operations/changelog.md',
  ]) {
    assert.ok(
      readMarkdown(file).includes(covers),
      `${file} does not list what silencing_notices covers as src/facts/alerting.json does`,
    );
  }
  assert.ok(
    schema.properties.silencing_notices.description.includes(covers),
    'the schema does not list what silencing_notices covers as src/facts/alerting.json does',
  );
});

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
const {changes, runs, calm, holdRuns} = alerting.flapping;
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
      `ok warn ok warn ok warn ok ${'critical '.repeat(after)}${'ok '.repeat(runs + holdRuns)}`.trim(),
    ),
  );
  assert.deepEqual(summary(sent).slice(0, 2), [
    `${changes} alert.triggered warn`,
    `${6 + after} alert.triggered critical`,
  ]);
  assert.equal(sent[2]?.type, 'alert.resolved');
  assert.ok(
    (sent[2]?.run ?? 0) >= 6 + after + holdRuns,
    'not resolved before the check was calm for holdRuns runs',
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
  // The first failure is alone, and its alert resolves at the next ok run;
  // the second recurs within `runs` runs, and its alert stays open.
  assert.deepEqual(summary(alertsFor(rare, {after: 1})), [
    '5 alert.triggered warn',
    '6 alert.resolved warn',
    '15 alert.triggered warn',
  ]);
  assert.deepEqual(
    alertsFor(rare, {after: 1, resolve: false}).map(({type}) => type),
    Array(2).fill('alert.triggered'),
  );
  assert.deepEqual(alertsFor(rare, {after: 1, severity: 'critical'}), []);
});

/**
 * A seeded generator of numbers in [0, 1) (mulberry32), so that the random
 * runs below are the same at every run of the test.
 * @param {number} seed
 */
function seeded(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * How many alerts the events open: each is a new alert_id, and a new
 * PagerDuty incident.
 * @param {import('../docs/alerting.mjs').Sent[]} sent
 */
const opened = (sent) =>
  sent.filter(
    (event, index) =>
      event.type === 'alert.triggered' &&
      (index === 0 || sent[index - 1].type === 'alert.resolved'),
  ).length;

// A day of runs at the default interval of 30 seconds.
const day = 2880;

// Without hysteresis, an alert that opened at `changes` changes resolved as
// soon as it had fewer: a check failing at random opened 80 alerts a day at
// 10% and over 100 at 15% and 20%, each a new PagerDuty incident, and a check
// failing one run in seven opened a new one every 3.5 minutes.
test('a check failing at random opens at most 5 alerts a day, and one failing one run in seven keeps one open', () => {
  for (const rate of [0.1, 0.15, 0.2]) {
    for (let seed = 1; seed <= 50; seed++) {
      const random = seeded(seed);
      const day_ = /** @type {import('../docs/alerting.mjs').State[]} */ (
        Array.from({length: day}, () => (random() < rate ? 'critical' : 'ok'))
      );
      const alerts = opened(alertsFor(day_));
      assert.ok(
        alerts >= 1 && alerts <= 5,
        `failing ${rate * 100}% of runs at random (seed ${seed}): ${alerts} alerts in a day`,
      );
      const withAfter1 = opened(alertsFor(day_, {after: 1}));
      assert.ok(
        withAfter1 <= 10,
        `failing ${rate * 100}% of runs at random (seed ${seed}), after: 1: ${withAfter1} alerts in a day`,
      );
    }
  }
  const oneInSeven = /** @type {import('../docs/alerting.mjs').State[]} */ (
    Array.from({length: day}, (_, run) => (run % 7 === 6 ? 'critical' : 'ok'))
  );
  const sent = alertsFor(oneInSeven);
  assert.equal(opened(sent), 1, JSON.stringify(sent.slice(0, 4)));
  assert.deepEqual(
    sent.filter(({type}) => type === 'alert.resolved'),
    [],
    'the alert stays open',
  );
  assert.match(sent[0].why, /flapping/);
  // Once the check is well again, the alert resolves after the hold.
  const healed = [...oneInSeven, ...Array(runs + holdRuns).fill('ok')];
  assert.deepEqual(
    alertsFor(healed).map(({type}) => type),
    ['alert.triggered', 'alert.resolved'],
  );
});

// A clean outage, down then back, has two changes: it resolves at once.
test('a node down then back resolves after `after` ok runs, without the hold', () => {
  const states = ['ok', ...Array(9).fill('critical'), 'ok', 'ok'];
  assert.deepEqual(
    summary(
      alertsFor(/** @type {import('../docs/alerting.mjs').State[]} */ (states)),
    ),
    [
      `${after} alert.triggered critical`,
      `${9 + after} alert.resolved critical`,
    ],
  );
  assert.ok(calm >= 2, 'a clean outage has two changes, and must be calm');
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
      /at most (\d+) changes|(\d+) or fewer/g,
      (match) =>
        Number(match[1] ?? match[2]) === calm
          ? null
          : `a calm check has at most ${calm} changes`,
    ],
    [
      /fewer than (\d+) changes|closes once the last \d+ runs are calm/g,
      () =>
        `an alert resolves at ${calm} changes or fewer, not as soon as it stops flapping`,
    ],
    [
      /calm for (\d+) runs|(\d+) calm runs/g,
      (match) =>
        Number(match[1] ?? match[2]) === holdRuns
          ? null
          : `an alert that flapped resolves after ${holdRuns} calm runs`,
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
    'Ok for `after` runs in a row, and fewer than 6 changes among its last 20 runs: one `alert.resolved`.',
    'The alert stays open while the check flaps, and closes once the last 20 runs are calm.',
    'An alert whose check flapped resolves only once the check has been calm for 30 runs in a row.',
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

// At a steady rhythm, one run in ten sends nothing, as the rare failure above.
test('a check failing one run in ten at random alerts within the hour, as the pages say', () => {
  const hour = 120;
  let alerted = 0;
  for (let seed = 1; seed <= 50; seed++) {
    const random = seeded(seed);
    const runs_ = /** @type {import('../docs/alerting.mjs').State[]} */ (
      Array.from({length: hour}, () => (random() < 0.1 ? 'critical' : 'ok'))
    );
    if (alertsFor(runs_).length > 0) alerted++;
  }
  assert.ok(alerted >= 45, `${alerted} of 50 seeded hours alerted`);
  for (const [file, stated] of [
    [
      'docs/alerts/overview.md',
      'one run in ten on average fails twice in a row, or 3 separate times within some 20 runs, most often within the hour, and then opens an alert',
    ],
    [
      'docs/operations/troubleshooting.md',
      'One run in ten at random opens an alert, most often within the hour.',
    ],
  ])
    assert.ok(readMarkdown(file).includes(stated), `${file}: "${stated}"`);
  for (const file of markdownFiles('docs'))
    assert.doesNotMatch(
      readMarkdown(file),
      /rarer than that, one run in ten, is neither steady nor flapping/,
      `${file} says one run in ten at random sends nothing`,
    );
});

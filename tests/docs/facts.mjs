// The product's facts (src/facts/*.json) are written once there: each table
// below is rendered from them into its page, and a test fails when a page's
// table differs. `npm run write:facts` writes the tables into the pages.
import {readFileSync, writeFileSync} from 'node:fs';
import {pathToFileURL} from 'node:url';
import {alerting, statesOf, timelineRows} from './alerting.mjs';
import {sectionRange} from './markdown.mjs';
import {product} from '../../src/product.mjs';

/**
 * @param {string} name
 * @returns {any}
 */
const facts = (name) =>
  JSON.parse(
    readFileSync(
      new URL(`../../src/facts/${name}.json`, import.meta.url),
      'utf8',
    ),
  );

export const cli = facts('cli');
export const roles = facts('roles');
export const limits = facts('limits');
export const webhooks = facts('webhooks');
export const secrets = facts('secrets');
export const regions = facts('regions');
export const service = facts('service');
/** The schema's default timeout, which the shortest interval must exceed. */
const defaultTimeout = JSON.parse(
  readFileSync(
    new URL('../../static/schemas/nodekeeper.schema.json', import.meta.url),
    'utf8',
  ),
).$defs.defaults.properties.timeout.default;
export {alerting};

/**
 * @typedef {{region: string, location: string, ipv4: string[], ipv6: string[]}} ProbeRegion
 */

/** Every range the probes send from, IPv4 first, in the facts' order. */
export function probeRanges() {
  /** @type {ProbeRegion[]} */
  const all = regions.regions;
  return [
    ...all.flatMap((region) => region.ipv4),
    ...all.flatMap((region) => region.ipv6),
  ];
}

/** The machine-readable list of probe addresses, as static/ publishes it. */
export const probeAddressesFile = 'static/probe-addresses.json';

/** The text of that file, rendered from src/facts/regions.json. */
export function probeAddressesJson() {
  /** @type {ProbeRegion[]} */
  const all = regions.regions;
  return `${JSON.stringify(
    {
      description:
        'The address ranges that Nodekeeper probes send checks from, by region. A new range is announced to every project owner by email before the probes use it.',
      noticeDays: regions.noticeDays,
      regions: all.map(({region, ipv4, ipv6}) => ({region, ipv4, ipv6})),
      prefixes: probeRanges(),
    },
    null,
    2,
  )}\n`;
}

/**
 * The page's text with the probe ranges of its firewall recipes, the nginx
 * `geo` list and the ufw loop, rendered from the facts.
 * @param {string} text
 */
export function withProbeRanges(text) {
  const ranges = probeRanges();
  return text
    .replace(
      /^(\s*)for range in .+; do$/m,
      (_, indent) => `${indent}for range in ${ranges.join(' ')}; do`,
    )
    .replace(
      /^( *)(geo \$\w+ \{\n\1 {4}default 0;\n)(?:\1 {4}\S+ 1;\n)*(\1\})/m,
      (_, indent, open, close) =>
        `${indent}${open}${ranges.map((range) => `${indent}    ${range} 1;\n`).join('')}${close}`,
    );
}

/** The pages whose firewall recipes list the probe ranges. */
export const probeRangePages = ['docs/operations/exposing-nodes.md'];

/** @param {number} code */
const codeCell = (code) => `\`${code}\``;
/** @param {boolean} allowed */
const yesNo = (allowed) => (allowed ? 'yes' : 'no');

/**
 * Where the pages state a fact as prose repeats it: for each pattern, whose
 * first group is the fact, a problem when no page states it, and one for
 * each page that states another value than src/facts gives.
 * @param {{file: string, text: string}[]} docs
 * @param {[RegExp, string | number][]} stated global patterns and the values they must show
 * @returns {string[]}
 */
export function misstatedFacts(docs, stated) {
  const problems = [];
  for (const [pattern, value] of stated) {
    const found = docs.flatMap(({file, text}) =>
      [...text.matchAll(pattern)].map((match) => ({file, match})),
    );
    if (found.length === 0) problems.push(`no page says ${pattern}`);
    for (const {file, match} of found)
      if (match[1] !== String(value))
        problems.push(`${file}: "${match[0]}", where src/facts gives ${value}`);
  }
  return problems;
}

/**
 * A number of minutes as the pages write it: "1 minute", "2 hours 36 minutes".
 * @param {number} minutes
 */
export function duration(minutes) {
  /** @type {[number, string][]} */
  const parts = [
    [Math.floor(minutes / 60), 'hour'],
    [minutes % 60, 'minute'],
  ];
  return parts
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count} ${unit}${count === 1 ? '' : 's'}`)
    .join(' ');
}

/** The attempts of a delivery: the first, then one after each retry delay. */
export function attempts() {
  /** @type {number[]} */
  const delays = webhooks.retryMinutes;
  let since = 0;
  return [
    {attempt: 1, after: 'at once', since: 'at once'},
    ...delays.map((delay, index) => {
      since += delay;
      return {
        attempt: index + 2,
        after: duration(delay),
        since: duration(since),
      };
    }),
  ];
}

/**
 * The rows of Alerts and commands that the delivery facts give: how often a
 * channel is sent to, and what a `429` holds back.
 */
function deliveryRates() {
  const {grouping, delivery, retryAfterCapSeconds} = webhooks;
  return [
    [
      'Messages to one email, Slack, Discord or Telegram channel',
      `One every ${grouping.messageEverySeconds} seconds: the alerts due meanwhile go together in the next, at most ${grouping.linesPerMessage} lines and then how many more wait, which go in the messages after`,
    ],
    [
      'Requests at once to one PagerDuty routing key or webhook URL',
      `${delivery.concurrentPerUrl} for each environment, each event its own request`,
    ],
    [
      'A channel that answers `429`',
      `Sent nothing until its \`Retry-After\`, at most ${retryAfterCapSeconds} seconds, or for ${retryAfterCapSeconds} seconds without one`,
    ],
  ];
}

/** @param {number} count */
const inWords = (count) =>
  ['no', 'one', 'two', 'three', 'four', 'five'][count] ?? String(count);
/**
 * A duration of the file format, such as `60s`, as the pages write it.
 * @param {string} value
 */
function seconds(value) {
  const match = value.match(/^(\d+)s$/);
  if (!match) throw new Error(`not a number of seconds: ${value}`);
  return `${match[1]} seconds`;
}

/** The alerting rule, one row for each case, as the pages state it. */
function alertingRule() {
  const after = alerting.after.default;
  const {changes, runs, calm, holdRuns} = alerting.flapping;
  const intervalSeconds = Number(alerting.interval.replace(/s$/, ''));
  return [
    [
      'A run fails',
      "The check's state in that run, decided across its regions, is at the rule's `severity` or worse.",
    ],
    [
      'The check fails for `after` runs in a row',
      `The rule opens an alert: one \`alert.triggered\`. \`after\` is ${after} unless the rule sets it, from ${limits.format.after.fewest} to ${limits.format.after.most}.`,
    ],
    [
      'The check flaps: its last ' +
        runs +
        ' runs hold ' +
        changes +
        ' or more changes between failing and not',
      `With no alert open, the rule opens one at once, an \`alert.triggered\` at the worst state of those runs, whose message says the check is flapping. A check that fails every other run alerts at its ${ordinal(changes)} change, whatever \`after\` above 1 is; with \`after: 1\`, at its first failed run.`,
    ],
    [
      'An open alert gets worse',
      'The check is critical for `after` runs in a row while the alert is at warn: a second `alert.triggered`, at critical. Flapping never holds it back.',
    ],
    [
      'A flapping alert turns steady',
      'The check fails for `after` runs in a row while its alert was opened for flapping: another `alert.triggered` of the same alert, whose message says the check now fails steadily.',
    ],
    [
      'The check is back',
      `The check is calm: ok for \`after\` runs in a row, with at most ${calm} changes among its last ${runs} runs. The rule sends one \`alert.resolved\`, unless it has \`resolve: false\`. An alert whose check had more than ${calm} changes among its last ${runs} runs at any run while it was open, as a flapping alert has, resolves only once the check has been calm for ${holdRuns} runs in a row: a check that fails or flaps again meanwhile keeps its alert, with its \`alert_id\` and its PagerDuty incident, and sends nothing. Nothing else repeats or closes an open alert, except an apply that removes what it covers.`,
    ],
    [
      'What you set',
      `The rule's \`after\` and \`severity\`, the check's thresholds, and its \`interval\`, which sets how long ${runs} runs and ${holdRuns} runs last: ${duration((runs * intervalSeconds) / 60)} and ${duration((holdRuns * intervalSeconds) / 60)} at the default ${seconds(alerting.interval)}. The ${changes} changes that open an alert, the ${calm} that a calm check may have and the ${holdRuns} calm runs are not settings.`,
    ],
  ];
}

/** @param {number} count */
const ordinal = (count) =>
  ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh'][
    count - 1
  ] ?? `${count}th`;

/**
 * @typedef {{file: string, section: string, header: string[], rows: () => string[][]}} Table
 * @type {Table[]}
 */
export const tables = [
  ...cli.commandGroups.map(
    (/** @type {{heading: string, commands: any[]}} */ group) => ({
      file: 'docs/projects/cli.md',
      section: group.heading,
      header: ['Command', 'What it does', 'Flags', 'Acts on', 'Exit codes'],
      rows: () =>
        group.commands.map((command) => [
          `\`${command.command}\``,
          command.does,
          command.flags,
          command.actsOn,
          command.exitCodes.map(codeCell).join(', '),
        ]),
    }),
  ),
  {
    file: 'docs/projects/cli.md',
    section: 'Exit codes',
    header: ['Exit code', 'Meaning', 'Safe to retry'],
    rows: () =>
      cli.exitCodes.map(
        (
          /** @type {{code: number, meaning: string, retry: string}} */ exit,
        ) => [codeCell(exit.code), exit.meaning, exit.retry],
      ),
  },
  {
    file: 'docs/projects/intro.md',
    section: 'Members and roles',
    header: ['Action', ...roles.roles],
    rows: () =>
      roles.actions.map(
        (/** @type {{action: string, roles: string[]}} */ action) => [
          action.action,
          ...roles.roles.map((/** @type {string} */ role) =>
            yesNo(action.roles.includes(role)),
          ),
        ],
      ),
  },
  {
    file: 'docs/operations/security.md',
    section: 'What a token may do',
    header: [
      'Action',
      ...roles.tokenRoles.map((/** @type {string} */ role) => `${role} token`),
    ],
    rows: () =>
      roles.actions.map(
        (
          /** @type {{action: string, roles: string[], token: boolean}} */ action,
        ) => [
          action.action,
          ...roles.tokenRoles.map((/** @type {string} */ role) =>
            yesNo(action.token && action.roles.includes(role)),
          ),
        ],
      ),
  },
  {
    file: 'docs/operations/limits.md',
    section: 'An environment',
    header: ['What', 'Limit'],
    rows: () =>
      limits.environment.map(
        (/** @type {{what: string, limit: string}} */ row) => [
          row.what,
          row.limit,
        ],
      ),
  },
  {
    file: 'docs/operations/limits.md',
    section: 'Alerts and commands',
    header: ['What', 'Limit'],
    rows: () => [
      ...limits.rates.map(
        (/** @type {{what: string, limit: string}} */ row) => [
          row.what,
          row.limit,
        ],
      ),
      ...deliveryRates(),
    ],
  },
  {
    file: 'docs/operations/limits.md',
    section: 'The file format',
    header: ['What', 'Limit'],
    rows: () => {
      const format = limits.format;
      return [
        [
          'Names of projects, environments, nodes, bundles, channels and alert rules',
          `Lowercase letters, digits and hyphens, at most ${format.nameLength} characters`,
        ],
        [
          '`description` of a project or a bundle',
          `${format.descriptionLength} characters`,
        ],
        [
          "A label's key and its value",
          `${format.labelLength} characters each`,
        ],
        [
          "A check's `interval`",
          `At least \`${format.shortestInterval}\`, at most \`${format.longestInterval}\`, and longer than its \`timeout\`, which is \`${defaultTimeout}\` by default`,
        ],
        [
          "A check's `timeout`",
          `At most \`${format.longestTimeout}\`, and shorter than its interval`,
        ],
        [
          "An alert rule's `after`",
          `${format.after.fewest} to ${format.after.most} runs`,
        ],
        [
          "A webhook channel's `secret`",
          `One secret, or ${inWords(format.webhookSecrets)} while you rotate it`,
        ],
      ];
    },
  },
  {
    file: 'docs/operations/limits.md',
    section: 'Checks',
    header: ['What', 'Limit'],
    rows: () => [
      [
        'Regions a check runs from',
        `The ${inWords(limits.checks.regions)} of the [Regions](../projects/yaml.md#regions) table`,
      ],
      [
        'Requests to your node',
        'What its checks ask, as counted in [Requests a node receives](./security.md#requests-a-node-receives)',
      ],
      [
        'Time to wait for an answer',
        `The check's \`timeout\`, at most ${seconds(limits.format.longestTimeout)}`,
      ],
      [
        'Size of an answer read',
        `${limits.checks.answerSize}; a longer answer fails the check. \`peers\` reads \`/net_info\` only as far as \`n_peers\`, whatever its size`,
      ],
    ],
  },
  {
    file: 'docs/operations/limits.md',
    section: 'Service objectives',
    header: ['What', 'Objective', 'What counts'],
    rows: () => [
      ...service.objectives.map(
        (
          /** @type {{what: string, objective: string, counted: string}} */ row,
        ) => [row.what, row.objective, row.counted],
      ),
      [
        'Incidents',
        `On the [status page](${product.status}) within ${service.statusUpdateMinutes} minutes of being found, and a post-incident report there within ${service.reportBusinessDays} business days`,
        'Every incident that delays alerts, checks or the heartbeat',
      ],
      [
        'Support',
        `A first answer from \`${product.supportEmail}\` within ${service.incidentResponseMinutes} minutes, at any hour, for an incident that affects your alerting; within ${service.otherResponseBusinessDays} business days otherwise`,
        'From the time of your email',
      ],
    ],
  },
  {
    file: 'docs/operations/limits.md',
    section: 'History',
    header: ['What', 'Kept for'],
    rows: () => {
      const history = limits.history;
      return [
        ['The result of every run', `${history.runDays} days`],
        [
          'An hourly summary of each check',
          `${history.hourlySummaryMonths} months`,
        ],
        [
          'Alerts, with what was sent to which channel',
          `${history.alertMonths} months`,
        ],
        [
          'The activity log: every action of [its table](#the-activity-log)',
          `${history.activityLogMonths} months`,
        ],
        ['Revisions of the project file', history.revisions],
      ];
    },
  },
  {
    file: 'docs/operations/limits.md',
    section: 'The activity log',
    header: ['What', 'Emailed to the owners'],
    rows: () =>
      limits.activityLog.map(
        (/** @type {{what: string, email: string}} */ row) => [
          row.what,
          row.email,
        ],
      ),
  },
  ...['docs/alerts/overview.md', 'docs/operations/troubleshooting.md'].map(
    (file) => ({
      file,
      section:
        file === 'docs/alerts/overview.md'
          ? 'When an alert is sent'
          : 'No alert came, though a check was failing',
      header: ['When', 'What the rule does'],
      rows: alertingRule,
    }),
  ),
  ...alerting.timelines.map(({section, runs}) => ({
    file: 'docs/alerts/overview.md',
    section,
    header: ['Time', 'The check', 'The rule sends'],
    rows: () => timelineRows(statesOf(runs)),
  })),
  {
    file: 'docs/alerts/silencing.md',
    section: 'An apply that loosens alerting',
    header: ['Change', 'Why it loosens'],
    rows: () =>
      alerting.loosening.map(
        (/** @type {{change: string, why: string}} */ row) => [
          row.change,
          row.why,
        ],
      ),
  },
  {
    file: 'docs/operations/security.md',
    section: 'A secret is bound to its host',
    header: [
      'The secret is named by',
      'Store it with',
      'It is bound to',
      'It is sent to',
    ],
    rows: () =>
      secrets.bindings.map(
        (
          /** @type {{namedBy: string, storedWith: string, boundTo: string, sentTo: string}} */ row,
        ) => [row.namedBy, row.storedWith, row.boundTo, row.sentTo],
      ),
  },
  {
    file: 'docs/projects/yaml.md',
    section: 'Regions',
    header: ['Region', 'Location', 'IPv4 addresses', 'IPv6 addresses'],
    rows: () =>
      regions.regions.map((/** @type {ProbeRegion} */ region) => [
        `\`${region.region}\``,
        region.location,
        region.ipv4.map((range) => `\`${range}\``).join(', '),
        region.ipv6.map((range) => `\`${range}\``).join(', '),
      ]),
  },
  {
    file: 'docs/alerts/webhooks.md',
    section: 'What a receiver can count on',
    header: ['What', 'Value'],
    rows: () => {
      const {delivery} = webhooks;
      return [
        ['TLS', delivery.tlsVersions.join(' or ')],
        ['Size of a body', `At most ${delivery.maxBodyKB} KB`],
        [
          'Requests at once to one URL',
          `At most ${delivery.concurrentPerUrl} for each environment and URL: another environment, yours or another customer's, never takes its slots`,
        ],
        [
          'Order of requests to one URL',
          'None between alerts, even of one check: order by `created_at`, as above',
        ],
        [
          "Order of one alert's events",
          'One at a time, in the order they happened: an event is dropped, unsent, once the channel has taken a newer event of its alert, unless you redeliver it',
        ],
        [
          'A first attempt',
          `Within ${delivery.firstAttemptSeconds} seconds of the run that decided the event, for the first ${delivery.concurrentPerUrl} events of a burst and as many more as the URL answers in that time: see [Many alerts at once](./overview.md#many-alerts-at-once)`,
        ],
        [
          'An answer `429`',
          `Nothing more to that URL until its \`Retry-After\`, at most ${webhooks.retryAfterCapSeconds} seconds, or for ${webhooks.retryAfterCapSeconds} seconds without one; not one of the attempts of [Retries](#retries)`,
        ],
        [
          "The channel's name",
          'Not in the body: give each channel a URL of its own, such as its own path, to tell them apart',
        ],
        ['Source addresses', 'Not published, and changing without notice'],
      ];
    },
  },
  {
    file: 'docs/alerts/webhooks.md',
    section: 'Retries',
    header: ['Attempt', 'After the one before', 'After the first'],
    rows: () =>
      attempts().map(({attempt, after, since}) => [
        String(attempt),
        after,
        since,
      ]),
  },
  {
    file: 'docs/alerts/webhooks.md',
    section: 'Payload fields',
    header: ['Field', 'Type', 'Meaning'],
    rows: () =>
      webhooks.payloadFields.map(
        (
          /** @type {{field: string, type: string, meaning: string}} */ field,
        ) => [`\`${field.field}\``, field.type, field.meaning],
      ),
  },
];

/**
 * A Markdown table.
 * @param {string[]} header
 * @param {string[][]} rows
 */
export function renderTable(header, rows) {
  /** @param {string[]} cells */
  const row = (cells) => `| ${cells.join(' | ')} |`;
  return [row(header), row(header.map(() => '---')), ...rows.map(row)].join(
    '\n',
  );
}

/**
 * Where the table with `header` is in the section `title` of `text`: its
 * first and last line (0-based), or null.
 * @param {string} text
 * @param {string} title
 * @param {string[]} header
 */
export function findTable(text, title, header) {
  const at = sectionRange(text, title);
  if (!at) return null;
  const lines = text.split('\n');
  const first = lines.findIndex(
    (line, index) =>
      index >= at.first &&
      index < at.end &&
      line === `| ${header.join(' | ')} |`,
  );
  if (first === -1) return null;
  let last = first;
  while (lines[last + 1]?.startsWith('|')) last++;
  return {first, last};
}

/**
 * The page's text with the table rendered from the facts, or null when the
 * page has no such table.
 * @param {string} text
 * @param {Table} table
 */
export function withTable(text, table) {
  const at = findTable(text, table.section, table.header);
  if (!at) return null;
  const lines = text.split('\n');
  lines.splice(
    at.first,
    at.last - at.first + 1,
    renderTable(table.header, table.rows()),
  );
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const published = probeAddressesJson();
  let current = '';
  try {
    current = readFileSync(probeAddressesFile, 'utf8');
  } catch {
    // Not written yet: written below.
  }
  if (current !== published) {
    writeFileSync(probeAddressesFile, published);
    console.log(`${probeAddressesFile}: wrote the probe addresses`);
  }
  for (const file of probeRangePages) {
    const text = readFileSync(file, 'utf8');
    const written = withProbeRanges(text);
    if (written !== text) {
      writeFileSync(file, written);
      console.log(`${file}: wrote the probe ranges`);
    }
  }
  for (const table of tables) {
    const text = readFileSync(table.file, 'utf8');
    const written = withTable(text, table);
    if (written === null) {
      console.error(
        `${table.file}: no table headed "${table.header.join(' | ')}" in the section "${table.section}"`,
      );
      process.exitCode = 1;
    } else if (written !== text) {
      writeFileSync(table.file, written);
      console.log(`${table.file}: wrote the table of "${table.section}"`);
    }
  }
}

import assert from 'node:assert/strict';
import {test} from 'node:test';
import {parse} from 'yaml';
import {alerting, cli, roles, webhooks} from '../docs/facts.mjs';
import {
  codeBlocks,
  headings,
  markdownFiles,
  readMarkdown,
} from '../docs/markdown.mjs';

// What an SRE asks before making Nodekeeper the primary pager: each question
// has its answer where a reader looks, with the numbers src/facts holds, and
// the CI workflow catches a live project that drifted from main.
const faq = readMarkdown('docs/operations/faq.md');
const intro = readMarkdown('docs/projects/intro.md');
const ci = readMarkdown('docs/projects/ci.md');
const security = readMarkdown('docs/operations/security.md');
const silencing = readMarkdown('docs/alerts/silencing.md');

test('the FAQ answers each question an adopter asked', () => {
  const asked = headings(faq).map((heading) => heading.text);
  for (const question of [
    'How do I sign in, and how do I recover my account?',
    'How do I end a stolen CLI session without removing the member?',
    'Who recovers an environment whose last owner is gone?',
    'Can a token be limited to some addresses, come from OpenID Connect, or only plan?',
    'Which host is a secret bound to?',
    'Which rule does an event name when two rules notify one channel?',
    'In "a node flapping, then down", is 4:00 one event or two?',
    'What happens to an open alert when an apply changes its rule?',
    'What does nodekeeper alerts test exit with when a channel refuses?',
    "Does the heartbeat come back after a delivery's sixth failed attempt?",
    'How soon is an alert delivered?',
    'Can a CometBFT URL have a path?',
    'How many connections does a run open?',
    'Where does the service run, and who processes my data?',
    'Can I export my data before the preview ends?',
    'Is there a machine-readable list of probe addresses, for IPv4 and IPv6?',
    'Is the heartbeat URL a secret, and who can read it?',
    'How long may one region be blind, and does anyone hear of it?',
    'What happens to a mute when its node is renamed or removed?',
    'What happens when an alert email bounces, or is marked as spam?',
    'Can two PagerDuty channels share one routing-key secret?',
  ]) {
    assert.ok(asked.includes(question), `the FAQ does not ask "${question}"`);
  }
});

test('the owner recovery, the session and the first attempt take as long as src/facts says', () => {
  for (const [file, text] of [
    ['docs/projects/intro.md', intro],
    ['docs/operations/faq.md', faq],
  ]) {
    assert.match(
      text,
      new RegExp(`waits ${roles.ownerRecoveryDays} days`),
      `${file}: owner recovery`,
    );
  }
  assert.match(
    readMarkdown('docs/projects/cli.md'),
    new RegExp(`lasts ${roles.sessionDays} days`),
  );
  assert.match(faq, new RegExp(`A session lasts ${roles.sessionDays} days`));
  assert.match(
    faq,
    new RegExp(
      `first attempt leaves within ${webhooks.delivery.firstAttemptSeconds} seconds of the run`,
    ),
  );
});

test("the webhook receiver's nginx site takes the largest body a delivery has", () => {
  const site = codeBlocks(readMarkdown('docs/alerts/webhook-receiver.md')).find(
    (block) => block.title === '/etc/nginx/sites-enabled/hooks',
  );
  const size = site?.code.match(/client_max_body_size (\d+)k;/)?.[1];
  assert.ok(size, 'the hooks site sets client_max_body_size');
  assert.ok(Number(size) >= webhooks.delivery.maxBodyKB);
});

test('the alert that the flapping timeline escalates is one event, and the payload says why it was sent', () => {
  assert.ok(
    alerting.timelines.some(
      (/** @type {{section: string}} */ timeline) =>
        timeline.section === 'A node flapping, then down',
    ),
  );
  const trigger = webhooks.payloadFields.find(
    (/** @type {{field: string}} */ field) => field.field === 'trigger',
  );
  for (const reason of ['opened', 'flapping', 'escalated', 'steady']) {
    assert.match(trigger?.meaning ?? '', new RegExp(`\`${reason}\``));
  }
  assert.match(
    readMarkdown('docs/alerts/overview.md'),
    /That is one event, not two: its `trigger` is `escalated`/,
  );
});

test('every documented workflow that applies also checks for drift on a schedule, with plan --exit-code', () => {
  const workflows = markdownFiles('docs').flatMap((file) =>
    codeBlocks(readMarkdown(file))
      .filter((block) => block.title.startsWith('.github/workflows/'))
      .map((block) => ({file, title: block.title, code: block.code})),
  );
  const applying = workflows.filter(({code}) =>
    code.includes('nodekeeper apply --plan'),
  );
  assert.ok(applying.length > 0, 'no documented workflow applies');
  const plan = cli.commandGroups
    .flatMap((/** @type {{commands: any[]}} */ group) => group.commands)
    .find(
      (/** @type {{command: string}} */ command) =>
        command.command === 'nodekeeper plan',
    );
  assert.ok(plan?.exitCodes.includes(6));
  for (const {file, title, code} of applying) {
    const workflow = parse(code);
    assert.ok(
      Array.isArray(workflow.on.schedule) && workflow.on.schedule.length > 0,
      `${file} ${title}: no schedule`,
    );
    const drift = Object.values(workflow.jobs).find(
      (/** @type {any} */ job) =>
        String(job.if ?? '').includes("github.event_name == 'schedule'") &&
        (job.steps ?? []).some((/** @type {{run?: string}} */ step) =>
          /^nodekeeper plan\b.*--exit-code/.test(step.run ?? ''),
        ),
    );
    assert.ok(drift, `${file} ${title}: no scheduled plan --exit-code job`);
    // A drift run queued on main must never replace a run that applies.
    assert.match(
      workflow.concurrency.group,
      /github\.event_name == 'schedule'/,
      `${file} ${title}: the drift check shares the applying runs' queue`,
    );
  }
});

test('the probes never follow a redirect, so a key reaches only its host', () => {
  assert.match(security, /The probes never follow a redirect/);
});

test('every mute emails the owners and shows in history, on every page that speaks of it', () => {
  const published = markdownFiles('docs').filter(
    (file) =>
      !file.endsWith('update-node-key.md') && !file.endsWith('subgraph.md'),
  );
  for (const file of published) {
    const text = readMarkdown(file);
    for (const promise of [
      /when a token sets a mute/i,
      /history` does not (?:list|show)/,
      /not in `nodekeeper history`/,
      /does not stop for a mute/,
      /no check that the head moves/,
    ]) {
      assert.doesNotMatch(text, promise, `${file} says ${promise}`);
    }
  }
  assert.match(silencing, /Nodekeeper emails every owner of the environment/);
  assert.match(silencing, /`nodekeeper history` lists it/);
  assert.match(
    silencing,
    /more than half of the environment's nodes are muted/,
  );
  assert.match(
    security,
    /emails the environment's owners within a minute of each mute set, extended or ended/,
  );
  assert.match(ci, /every mute and its every extension/);
  /** @type {{command: string, does: string}[]} */
  const commands = cli.commandGroups.flatMap(
    (/** @type {{commands: any[]}} */ group) => group.commands,
  );
  const does = (/** @type {string} */ name) =>
    commands.find(({command}) => command === name)?.does ?? '';
  assert.match(
    does('nodekeeper alerts mute'),
    /emails the environment's owners/,
  );
  assert.match(does('nodekeeper history'), /each mute set, extended or ended/);
});

test('a stalled head alerts on the node, and a stall of the reference nodes is unknown, not ok', () => {
  const overview = readMarkdown('docs/alerts/overview.md');
  assert.ok(
    headings(overview).some(({text}) => text === 'When the head stops'),
    'docs/alerts/overview.md has no "When the head stops"',
  );
  assert.match(silencing, /Nodekeeper's reference nodes followed the head/);
  assert.match(readMarkdown('docs/projects/checks.md'), /When the head stops/);
  assert.match(faq, /When the head stops/);
});

test('the FAQ states the objectives of the preview, its support, and the primary-pager set-up', () => {
  const answer = faq.slice(
    faq.indexOf('### Is there an SLA?'),
    faq.indexOf('## Projects and the CLI'),
  );
  for (const said of [
    /^Not one with service credits/m,
    /\[objectives\]\(\.\/limits\.md#service-objectives\)/,
    /support@nodekeeper\.example/,
    /one message per alert, never a reminder/,
    /`severity: critical`/,
    /dead man's switch/,
    /`heartbeat_stop_on: \[mutes, loosening, credentials\]`/,
  ]) {
    assert.match(answer, said, `"Is there an SLA?" does not say ${said}`);
  }
  assert.match(
    readMarkdown('docs/alerts/overview.md'),
    /Email, Slack, Discord and Telegram get one message for each of those, never a reminder/,
  );
});

import assert from 'node:assert/strict';
import {test} from 'node:test';
import {cli, limits} from '../docs/facts.mjs';
import {markdownFiles, readMarkdown, section} from '../docs/markdown.mjs';
import {schema} from '../docs/project-file.mjs';

// What an SRE must know before making Nodekeeper a primary pager: what it
// never watches, what its set-up pages for, and who may silence it.
const faq = readMarkdown('docs/operations/faq.md');
const silencing = readMarkdown('docs/alerts/silencing.md');

/** @param {string} heading */
const faqAnswer = (heading) => (section(faq, heading) ?? []).join('\n');

/** @param {string} name */
const does = (name) =>
  cli.commandGroups
    .flatMap(
      (/** @type {{commands: {command: string, does: string}[]}} */ group) =>
        group.commands,
    )
    .find(
      (/** @type {{command: string}} */ command) => command.command === name,
    )?.does ?? '';

// Nodekeeper reads RPC endpoints: a validator that is synced but not signing,
// or jailed, looks well to it, so it must never be that validator's pager.
test('where an adopter reads first, Nodekeeper says it is the pager of RPC endpoints, not of validators', () => {
  for (const [where, text, said] of [
    [
      'docs/intro.md',
      readMarkdown('docs/intro.md'),
      /does not watch a validator's signing, jailing or missed blocks, nor the APIs of consensus and validator clients[^.]*, and it has no agent on your hosts[\s\S]*can be the primary pager for your RPC endpoints; a validator's signing needs a signing monitor of its own as its pager/,
    ],
    [
      'the FAQ on signing',
      faqAnswer('Does it check that my validator signs blocks?'),
      /missed signatures, jailing and an Ethereum validator client's duties are not checks\. So Nodekeeper is not a validator's pager/,
    ],
    [
      'the FAQ on the primary pager',
      faqAnswer('Is there an SLA?'),
      /primary pager for your RPC endpoints, never for a validator's signing, which needs its own signing monitor as its pager/,
    ],
    [
      'the FAQ on agents',
      faqAnswer('Do I install an agent on my servers?'),
      /a fault of the host, such as a full disk, shows only once the endpoint breaks/,
    ],
    [
      'the bundles',
      readMarkdown('docs/projects/bundles.md'),
      /\| `cosmos-validator` \| [^|]*not the validator's signing: missed blocks and jailing need a signing monitor of their own/,
    ],
  ])
    assert.match(
      String(text),
      /** @type {RegExp} */ (said),
      `${where} does not say what Nodekeeper does not watch`,
    );
});

// Every stop of heartbeat_stop_on pages through the dead man's switch and
// lasts 10 minutes: long enough to page, short enough that the heartbeat is
// soon back to say whether Nodekeeper runs, so that a silencing never blinds
// the switch to an outage that follows it, and a stop never waits for an owner.
test('a stop of heartbeat_stop_on lasts 10 minutes, for mutes as for the rest', () => {
  assert.equal(limits.heartbeat.stopMinutes, 10);
  const stop = `${limits.heartbeat.stopMinutes} minutes`;
  for (const [where, text, said] of [
    [
      'the primary-pager set-up',
      silencing,
      `Each stop lasts ${stop} from the last thing that caused it, then the heartbeat goes on by itself`,
    ],
    [
      'the window a stop leaves',
      silencing,
      `that is a window of at most ${stop} after each silencing, and your switch is paging throughout it`,
    ],
    [
      "the heartbeat's conditions",
      silencing,
      `nothing that [\`heartbeat_stop_on\`](../projects/yaml.md#top-level-keys) names had happened in the last ${stop}`,
    ],
    [
      'the mute section',
      silencing,
      `any mute set or extended stops the heartbeat, one node or half of them, for ${stop}: it goes on by itself after that, while the mute goes on`,
    ],
    [
      'the schema',
      schema.properties.heartbeat_stop_on.description,
      `each time for ${stop} or until an owner runs nodekeeper heartbeat resume`,
    ],
    [
      'the project file reference',
      readMarkdown('docs/projects/yaml.md'),
      `each time for ${stop} or until an owner resumes it`,
    ],
    [
      'heartbeat resume',
      does('nodekeeper heartbeat resume'),
      `Every such stop also ends by itself after ${stop}`,
    ],
    [
      'alerts mute',
      does('nodekeeper alerts mute'),
      `stops the heartbeat for ${stop} where`,
    ],
    [
      'the FAQ on a restart',
      faqAnswer('How do I restart a node without paging anyone?'),
      `the mute stops the heartbeat for ${stop}: your dead man's switch pages once`,
    ],
  ])
    assert.ok(String(text).includes(said), `${where} does not say: ${said}`);
  for (const file of markdownFiles('docs'))
    assert.doesNotMatch(
      readMarkdown(file),
      /until no mute is on|until an owner resumes (it|the heartbeat)\.|have an owner resume/,
      `${file} says a stop waits for the mutes' end or an owner`,
    );
});

// A stuck alert stops the heartbeat until the channel takes that alert: a
// test alert, which a viewer token may send, or a notice never ends it.
test('only the stuck alert itself, taken by its channel, ends a stuck-alert stop', () => {
  assert.match(
    silencing,
    /A test alert or a notice the channel takes does not end the stop: a receiver that takes tests and refuses alerts still stops the heartbeat/,
  );
  assert.match(
    faqAnswer(
      "Does the heartbeat come back after a delivery's sixth failed attempt?",
    ),
    /A test alert, `nodekeeper alerts test --channel NAME`, shows that the fix works, but does not end the stop/,
  );
  for (const file of markdownFiles('docs'))
    assert.doesNotMatch(
      readMarkdown(file),
      /until the channel takes a delivery/,
      `${file} says any delivery ends a stuck-alert stop`,
    );
});

// An editor can mute, loosen alerting, delete the heartbeat and replace node
// keys: their sign-in is as strong as an owner's.
test('editors sign in with a second factor, as owners do', () => {
  const signIn = (
    section(readMarkdown('docs/projects/cli.md'), 'Sign in') ?? []
  ).join('\n');
  assert.match(
    signIn,
    /An owner or an editor also needs a second factor, a passkey or an authenticator app \(TOTP\)/,
  );
  assert.match(
    faqAnswer('Is there single sign-on or two-factor authentication?'),
    /owners and editors must add a passkey or an authenticator app \(TOTP\) too/,
  );
  assert.match(
    faqAnswer('How do I sign in, and how do I recover my account?'),
    /owners and editors add a second factor/,
  );
  for (const file of markdownFiles('docs'))
    assert.doesNotMatch(
      readMarkdown(file),
      /an owner (must add|adds) a (passkey|second factor)|An owner also needs a second factor/,
      `${file} asks a second factor of owners only`,
    );
});

test('a stolen viewer token, a refusing channel, credentials, the canary and the drift check are stated as they work', () => {
  const tokenTests = /each token may send (\d+)/.exec(
    limits.rates.find(
      (/** @type {{what: string}} */ rate) => rate.what === 'Test alerts',
    )?.limit ?? '',
  )?.[1];
  assert.ok(tokenTests, 'src/facts/limits.json gives no test alerts per token');
  for (const file of markdownFiles('docs'))
    assert.doesNotMatch(
      readMarkdown(file),
      /A channel that refuses for good never looks healthy\.|can spam your channels, not silence them|Nodekeeper cannot tell a stricter pattern from a looser one|Applying, rolling back, setting secrets and muting need the editor role;/,
      `${file} says what the product does not do`,
    );
  for (const [file, stated] of [
    [
      'docs/alerts/silencing.md',
      "keeps the heartbeat stopped, even once `status` shows it working again at a test's or a notice's `2xx`",
    ],
    [
      'docs/alerts/silencing.md',
      "Every hour at minute 30 in the nginx server's time zone",
    ],
    [
      'docs/projects/ci.md',
      `at most ${tokenTests} an hour, each a PagerDuty incident at \`info\` severity`,
    ],
    [
      'docs/operations/troubleshooting.md',
      "except a channel's credential, which only an owner signed in as a person sets or deletes",
    ],
    [
      'docs/projects/ci.md',
      'To fail it for as long as a mute lasts, planned or not, give `plan` `--fail-on-mute` too.',
    ],
    [
      'docs/projects/ci.md',
      "main's file has `members` and someone changed the members in the dashboard",
    ],
  ])
    assert.ok(readMarkdown(file).includes(stated), `${file}: "${stated}"`);
});

import assert from 'node:assert/strict';
import {test} from 'node:test';
import {cli} from '../docs/facts.mjs';
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

// With `mutes` in heartbeat_stop_on, every mute pages through the dead man's
// switch; the heartbeat comes back by itself when the mute ends, so that
// maintenance pages once, and a blind switch never waits for an owner.
test('a mute stops the heartbeat until it ends, and the FAQ says what a restart pages', () => {
  assert.match(
    silencing,
    /any mute set or extended stops the heartbeat, one node or half of them, until no mute is on: it resumes by itself once the last mute ends/,
  );
  assert.match(
    silencing,
    /A mute's stop lasts until no mute is on, so that maintenance pages once and recovers by itself/,
  );
  assert.match(
    schema.properties.heartbeat_stop_on.description,
    /mutes \(a mute set or extended, until no mute is on or an owner runs nodekeeper heartbeat resume\)/,
  );
  assert.match(
    does('nodekeeper heartbeat resume'),
    /A stop for `mutes` also ends by itself once no mute is on/,
  );
  assert.match(
    does('nodekeeper alerts mute'),
    /names `mutes`, until no mute is on/,
  );
  assert.match(
    faqAnswer('How do I restart a node without paging anyone?'),
    /With `mutes` in `heartbeat_stop_on`, as in the primary-pager set-up, the mute stops the heartbeat: your dead man's switch pages once, unless the mute fits within its grace, and the heartbeat resumes by itself when the mute ends/,
  );
  for (const file of markdownFiles('docs'))
    assert.doesNotMatch(
      readMarkdown(file),
      /any mute set or extended stops the heartbeat[^.]*until an owner runs/,
      `${file} says a mute's stop waits for an owner`,
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

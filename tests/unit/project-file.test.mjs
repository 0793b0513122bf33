import assert from 'node:assert/strict';
import {test} from 'node:test';
import {readMarkdown} from '../docs/markdown.mjs';
import Ajv2020 from 'ajv/dist/2020.js';
import {parse} from 'yaml';
import {
  formatProblems,
  schema,
  validateProjectFile,
} from '../docs/project-file.mjs';
import {minimalProjectFile} from '../support/project-files.mjs';

// The checker stands in for the CLI in the docs' examples: it must accept a
// good file and name the line, column, key and reason of each mistake.
const minimal = minimalProjectFile;

/** @param {string} text */
const check = (text) =>
  formatProblems('nodekeeper.yaml', validateProjectFile(text));

test('a minimal project file is valid', () => {
  assert.deepEqual(check(minimal), []);
});

test('YAML syntax errors name their line', () => {
  assert.deepEqual(check('version: 1\nversion: 1\n'), [
    'nodekeeper.yaml:2:1: Map keys must be unique',
  ]);
});

test('schema errors name the line, column and key', () => {
  const text = `version: 2
project: Acme
nodes:
  - name: eth-mainnet-1
    chain: ethereum
    url: http://eth-1.rpc.example.com
    bundles: [evm-rpc@2]
    colour: blue
  - chain: ethereum
    url: https://eth-2.rpc.example.com
`;
  assert.deepEqual(check(text), [
    'nodekeeper.yaml:1:10: version: must be 1',
    'nodekeeper.yaml:2:10: project: must be lowercase letters, digits and hyphens, start with a letter and not end with a hyphen',
    'nodekeeper.yaml:6:10: nodes[0].url: must start with https:// or wss://',
    'nodekeeper.yaml:8:5: nodes[0].colour: unknown key "colour"',
    'nodekeeper.yaml:9:5: nodes[1]: missing required key "name"',
  ]);
});

test('a channel is checked against its own type only', () => {
  const text = `${minimal}channels:
  - name: ops
    type: webhook
    url: https://hooks.example.com/nodekeeper
    secret: hunter2
  - name: pager
    type: sms
`;
  assert.deepEqual(check(text), [
    'nodekeeper.yaml:12:13: channels[0].secret: must be a secret reference such as ${secret:NAME}, never the secret itself',
    'nodekeeper.yaml:14:11: channels[1].type: must be one of: email, slack, discord, telegram, pagerduty, webhook',
  ]);
});

test('rules across the file are checked once the schema passes', () => {
  const text = `version: 1
project: acme-rpc
nodes:
  - name: sol-1
    chain: solana
    url: https://sol-1.rpc.example.com
    bundles: [evm-rpc@2]
  - name: sol-1
    chain: solana
    url: https://sol-2.rpc.example.com
    bundles: [solana-rpc@1]
    checks:
      peers: {warn: 5}
      latency: {warn: 3s}
  - name: bare
    chain: base
    url: https://base.rpc.example.com
  - name: unversioned
    chain: base
    url: https://base.rpc.example.com
    bundles: [evm-rpc, evm-rpc@7]
alerts:
  - name: all
    notify: [nobody]
`;
  assert.deepEqual(check(text), [
    'nodekeeper.yaml:7:15: nodes[0].bundles[0]: evm-rpc@2 is for EVM chains, and solana is a Solana chain',
    'nodekeeper.yaml:8:11: nodes[1].name: another node is already named "sol-1"',
    'nodekeeper.yaml:13:14: nodes[1].checks.peers: Solana RPC has no peer count: the peers check cannot run on a Solana node',
    'nodekeeper.yaml:14:16: nodes[1].checks.latency: warn (3s) must be lower than critical (2s)',
    'nodekeeper.yaml:15:5: nodes[2]: has no checks: add a bundle or a check',
    'nodekeeper.yaml:21:15: nodes[3].bundles[0]: a built-in bundle needs its version, such as evm-rpc@2',
    'nodekeeper.yaml:21:24: nodes[3].bundles[1]: unknown version: evm-rpc has evm-rpc@1, evm-rpc@2',
    'nodekeeper.yaml:24:14: alerts[0].notify[0]: no channel is named "nobody"',
  ]);
});

test('silencing notices go to channels of the file, of any type', () => {
  const text = `${minimal}channels:
  - name: ops-slack
    type: slack
    webhook_url: \${secret:SLACK_WEBHOOK_URL}
  - name: on-call
    type: pagerduty
    routing_key: \${secret:PAGERDUTY_ROUTING_KEY}
silencing_notices: [ops-slack, on-call, nobody]
`;
  assert.deepEqual(check(text), [
    'nodekeeper.yaml:15:41: silencing_notices[2]: no channel is named "nobody"',
  ]);
  assert.deepEqual(
    check(text.replace(', nobody]', ']')),
    [],
    'a slack and a pagerduty channel take notices',
  );
});

test('your own bundles are resolved through extends', () => {
  const text = `version: 1
project: acme-rpc
bundles:
  fast-evm:
    extends: evm-rpc@2
    checks:
      block_lag: {warn: 40}
  loop-a:
    extends: loop-b
    checks: {reachability: {}}
  loop-b:
    extends: loop-a
    checks: {reachability: {}}
  evm-rpc:
    checks: {reachability: {}}
nodes:
  - name: arb-1
    chain: arbitrum-one
    url: https://arb-1.rpc.example.com
    bundles: [fast-evm]
`;
  assert.deepEqual(check(text), [
    'nodekeeper.yaml:9:14: bundles.loop-a.extends: "loop-a" extends itself through loop-b',
    'nodekeeper.yaml:12:14: bundles.loop-b.extends: "loop-b" extends itself through loop-a',
    'nodekeeper.yaml:14:3: bundles.evm-rpc: "evm-rpc" is the name of a built-in bundle: choose another',
  ]);
  const withoutLoops = text
    .replace(/ {2}loop-a:[\s\S]*?(?= {2}evm-rpc:)/, '')
    .replace(/ {2}evm-rpc:\n.*\n/, '');
  assert.deepEqual(check(withoutLoops), [
    'nodekeeper.yaml:9:5: nodes[0]: block_lag: warn (40) must be lower than critical (10)',
  ]);
});

test("interval and timeout limits are the schema's, so editors flag them too", () => {
  const text = `version: 1
project: acme-rpc
defaults:
  interval: 5s
nodes:
  - name: eth-mainnet-1
    chain: ethereum
    url: https://eth-1.rpc.example.com
    checks:
      reachability: {interval: 9999ms}
      latency: {warn: 1s, timeout: 2m}
members:
  - email: bob@example.com
    role: editor
`;
  assert.deepEqual(check(text), [
    'nodekeeper.yaml:4:13: defaults.interval: must be a duration from 10s to 1h, such as 30s',
    'nodekeeper.yaml:10:32: nodes[0].checks.reachability.interval: must be a duration from 10s to 1h, such as 30s',
    'nodekeeper.yaml:11:36: nodes[0].checks.latency.timeout: must be a duration of at most 60s, such as 10s',
    'nodekeeper.yaml:13:3: members: needs at least one owner',
  ]);
  const atTheLimits = text
    .replace('interval: 5s', 'interval: 10s')
    .replace('{interval: 9999ms}', '{interval: 10000ms, timeout: 9s}')
    .replace('timeout: 2m', 'timeout: 60s, interval: 2m')
    .replace('editor', 'owner');
  assert.deepEqual(check(atTheLimits), []);
});

// In draft 2020-12, `format` is an annotation: an editor that does not
// check it still flags a bad address, by the schema's `pattern`.
test('an editor that ignores format still flags a bad email address', () => {
  const text = `${minimal}channels:
  - name: ops-email
    type: email
    to: [ops.example.com]
members:
  - email: alice
    role: owner
`;
  assert.deepEqual(check(text), [
    'nodekeeper.yaml:11:10: channels[0].to[0]: must be an email address',
    'nodekeeper.yaml:13:12: members[0].email: must be an email address',
  ]);
  const editor = new Ajv2020({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    validateFormats: false,
  });
  const validate = editor.compile(schema);
  assert.equal(validate(parse(text)), false);
  assert.deepEqual(
    (validate.errors ?? [])
      .filter(({keyword}) => keyword === 'pattern')
      .map(({instancePath, keyword}) => [instancePath, keyword]),
    [
      ['/channels/0/to/0', 'pattern'],
      ['/members/0/email', 'pattern'],
    ],
  );
  const good = text
    .replace('ops.example.com', 'ops@example.com')
    .replace('email: alice', 'email: alice@example.com');
  assert.deepEqual(check(good), []);
  assert.equal(validate(parse(good)), true);
});

test('a timeout must be shorter than the interval it resolves to', () => {
  const text = `version: 1
project: acme-rpc
defaults:
  interval: 20s
nodes:
  - name: eth-mainnet-1
    chain: ethereum
    url: https://eth-1.rpc.example.com
    bundles: [evm-rpc@2]
    checks:
      reachability: {timeout: 20s}
`;
  assert.deepEqual(check(text), [
    'nodekeeper.yaml:11:21: nodes[0].checks.reachability: timeout (20s) must be shorter than interval (20s)',
  ]);
});

test('a check with thresholds needs at least one', () => {
  const text = `version: 1
project: acme-rpc
bundles:
  bare-latency:
    checks:
      latency: {}
nodes:
  - name: eth-mainnet-1
    chain: ethereum
    url: https://eth-1.rpc.example.com
    bundles: [bare-latency]
`;
  assert.deepEqual(check(text), [
    'nodekeeper.yaml:8:5: nodes[0]: latency: needs a warn or a critical threshold',
  ]);
});

test('a client_version override changes only the keys it sets; expect is needed once', () => {
  const withExpect = `version: 1
project: acme-rpc
bundles:
  geth:
    extends: evm-rpc@2
    checks:
      client_version: {expect: ^Geth/}
nodes:
  - name: eth-mainnet-1
    chain: ethereum
    url: https://eth-1.rpc.example.com
    bundles: [geth]
    checks:
      client_version: {severity: critical}
  - name: eth-mainnet-2
    chain: ethereum
    url: https://eth-2.rpc.example.com
    bundles: [geth]
    checks:
      client_version: {enabled: false}
`;
  assert.deepEqual(check(withExpect), []);
  assert.deepEqual(
    check(
      withExpect.replace(
        'client_version: {expect: ^Geth/}',
        'peers: {warn: 20}',
      ),
    ),
    [
      'nodekeeper.yaml:14:23: nodes[0].checks.client_version: needs expect, the version to match, in a bundle or the node',
    ],
  );
});

test('a key in the URL is a secret reference, in the path or the query', () => {
  /** @param {string} url */
  const node = (url) => minimal.replace('https://eth-1.rpc.example.com', url);
  assert.deepEqual(
    check(node('https://eth.provider.example.com/v2/${secret:ETH_RPC_KEY}')),
    [],
  );
  assert.deepEqual(
    check(node('wss://eth.provider.example.com/ws?key=${secret:ETH_RPC_KEY}')),
    [],
  );
  const urlProblem =
    'must be a URL with a host name; write a key in its path or query as ${secret:NAME}';
  assert.deepEqual(
    check(node('https://eth.provider.example.com/v2/${secret:eth_key}')),
    [`nodekeeper.yaml:6:10: nodes[0].url: ${urlProblem}`],
  );
  assert.deepEqual(check(node('https://${secret:ETH_HOST}.example.com/')), [
    `nodekeeper.yaml:6:10: nodes[0].url: ${urlProblem}`,
  ]);
  assert.deepEqual(check(node('https://user:pass@eth.example.com/')), [
    `nodekeeper.yaml:6:10: nodes[0].url: ${urlProblem}`,
  ]);
});

test('Solana nodes are checked over HTTPS only', () => {
  const solana = minimal
    .replace('ethereum', 'solana')
    .replace('evm-rpc@2', 'solana-rpc@1');
  assert.deepEqual(check(solana), []);
  assert.deepEqual(check(solana.replace('https://', 'wss://')), [
    'nodekeeper.yaml:6:10: nodes[0].url: must start with https://: Solana checks are HTTP requests',
  ]);
});

test('headers and labels follow their naming rules, and secrets go only where they are read', () => {
  const text = `${minimal}    headers:
      Authorization: Bearer \${secret:eth_key}
      authorization: Bearer \${secret:ETH_KEY}
alerts:
  - name: everything
    notify: [ops]
channels:
  - name: ops
    type: email
    to: [ops@example.com]
`;
  assert.deepEqual(check(text), [
    'nodekeeper.yaml:9:22: nodes[0].headers.Authorization: "${secret:eth_key}" is not a secret reference: write ${secret:NAME}, NAME in capitals, digits and _',
    'nodekeeper.yaml:10:7: nodes[0].headers.authorization: repeats the header "authorization": header names ignore case',
  ]);
  // The schema refuses a reference in a label, so that editors flag it too.
  assert.deepEqual(
    check(`${minimal}    labels:\n      tier: \${secret:TIER}\n`),
    [
      "nodekeeper.yaml:9:13: nodes[0].labels.tier: a secret reference works only in a node's url and headers and in credential keys",
    ],
  );
  const badNames =
    minimal +
    '    headers:\n      X_Api_Key: abc\n    labels:\n      Tier: primary\n';
  assert.deepEqual(check(badNames), [
    'nodekeeper.yaml:9:7: nodes[0].headers.X_Api_Key: "X_Api_Key" is not a header name: letters, digits and hyphens',
    'nodekeeper.yaml:11:7: nodes[0].labels.Tier: "Tier" is not a label key: lowercase letters, digits, _ and -, starting with a letter',
  ]);
});

test('a webhook signs with one secret, or two while it is rotated', () => {
  /** @param {string} secret */
  const webhook = (secret) => `${minimal}channels:
  - name: hook
    type: webhook
    url: https://hooks.example.com/nodekeeper
    secret: ${secret}
`;
  assert.deepEqual(check(webhook('${secret:HOOK}')), []);
  // In a flow list, { starts a map: a list of references is written one a line.
  /** @param {string[]} names */
  const list = (...names) =>
    names.map((name) => `\n      - \${secret:${name}}`).join('');
  assert.deepEqual(check(webhook(list('HOOK', 'HOOK_NEXT'))), []);
  assert.deepEqual(check(webhook(list('A', 'B', 'C'))), [
    'nodekeeper.yaml:13:7: channels[0].secret: must list at most 2',
  ]);
  assert.deepEqual(check(webhook(list('HOOK', 'HOOK'))), [
    'nodekeeper.yaml:14:9: channels[0].secret[1]: repeats an earlier item',
  ]);
});

test('a list of two secrets on one line fails as the Webhooks page says, and passes quoted', () => {
  const page = readMarkdown('docs/alerts/webhooks.md');
  const claim = page.match(
    /`(secret: \[\$\{secret:\w+\}, \$\{secret:\w+\}\])` fails with `([^`]+)`\. Quoted, each is one value: `(\[[^`]+\])`/,
  );
  assert.ok(claim, 'docs/alerts/webhooks.md: the one-line list of two secrets');
  const [, unquoted, message, quoted] = claim;
  /** @param {string} secret */
  const withChannel = (secret) =>
    `${minimal}channels:\n  - name: incident-bot\n    type: webhook\n    url: https://hooks.example.com/nodekeeper\n    ${secret}\n`;
  const problems = check(withChannel(unquoted));
  assert.ok(
    problems.length > 0 && problems.every((line) => line.endsWith(message)),
    problems.join('\n'),
  );
  assert.deepEqual(check(withChannel(`secret: ${quoted}`)), []);
});

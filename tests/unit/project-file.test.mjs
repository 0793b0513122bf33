import assert from 'node:assert/strict';
import {test} from 'node:test';
import {formatProblems, validateProjectFile} from '../docs/project-file.mjs';

// The checker stands in for the CLI in the docs' examples: it must accept a
// good file and name the line, column, key and reason of each mistake.
const minimal = `version: 1
project: acme-rpc
nodes:
  - name: eth-mainnet-1
    chain: ethereum
    url: https://eth-1.rpc.example.com
    bundles: [evm-rpc@2]
`;

const check = (text) => formatProblems('nodekeeper.yaml', validateProjectFile(text));

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
members:
  - email: bob@example.com
    role: editor
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
    'nodekeeper.yaml:26:3: members: needs at least one owner',
  ]);
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
  const withoutLoops = text.replace(/ {2}loop-a:[\s\S]*?(?= {2}evm-rpc:)/, '').replace(/ {2}evm-rpc:\n.*\n/, '');
  assert.deepEqual(check(withoutLoops), [
    'nodekeeper.yaml:9:5: nodes[0]: block_lag: warn (40) must be lower than critical (10)',
  ]);
});

test('intervals and timeouts stay within their limits', () => {
  const text = `version: 1
project: acme-rpc
defaults:
  interval: 5s
nodes:
  - name: eth-mainnet-1
    chain: ethereum
    url: https://eth-1.rpc.example.com
    checks:
      reachability: {interval: 20s, timeout: 20s}
      latency: {warn: 1s, timeout: 2m}
`;
  assert.deepEqual(check(text), [
    'nodekeeper.yaml:4:13: defaults.interval: must be at least 10s',
    'nodekeeper.yaml:10:21: nodes[0].checks.reachability: timeout (20s) must be shorter than interval (20s)',
    'nodekeeper.yaml:11:36: nodes[0].checks.latency.timeout: must be at most 60s',
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
    'nodekeeper.yaml:8:5: nodes[0]: the latency check needs a warn or a critical threshold',
  ]);
});

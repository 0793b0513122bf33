import assert from 'node:assert/strict';
import {test} from 'node:test';
import {checkBindings, storedSecrets} from '../docs/bindings.mjs';
import {markdownFiles, readMarkdown} from '../docs/markdown.mjs';
import {minimalProjectFile} from '../support/project-files.mjs';

// A secret is bound by whoever stores it, never by an apply: every recipe
// binds the secret it stores, and the docs' project files and plans agree.
const pages = markdownFiles('docs').map((file) => ({
  file,
  text: readMarkdown(file),
}));

test('every secret the docs store is bound where their project files and plans send it', () => {
  const problems = checkBindings(pages);
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
  const stored = pages.flatMap(({text}) => storedSecrets(text));
  assert.ok(
    stored.length >= 10,
    `only ${stored.length} secrets stored: is the pattern still right?`,
  );
});

test('a recipe without --bind, a target the CLI refuses, and a file or plan that sends a secret elsewhere are found', () => {
  const node = minimalProjectFile.replace(
    '    bundles:',
    '    headers:\n      Authorization: Bearer ${secret:ETH_RPC_KEY}\n    bundles:',
  );
  const page = (/** @type {string} */ bind, /** @type {string} */ file) =>
    `Run \`nodekeeper secrets set ETH_RPC_KEY ${bind}\`.\n\n\`\`\`yaml\n${file}\`\`\`\n\nThe plan shows \`secret ETH_RPC_KEY: bound to eth-1.rpc.example.com:443, stored by you@example.com\`.\n`;
  const check = (/** @type {string} */ text) =>
    checkBindings([{file: 'docs/page.md', text}]);
  assert.deepEqual(check(page('--bind eth-1.rpc.example.com:443', node)), []);
  assert.match(
    check(page('', node))[0] ?? '',
    /stores ETH_RPC_KEY without --bind/,
  );
  assert.match(
    check(page('--bind https://eth-1.rpc.example.com', node))[0] ?? '',
    /is not HOST:PORT, channel:TYPE or webhook:CHANNEL/,
  );
  const elsewhere = check(page('--bind eth-2.rpc.example.com:443', node));
  assert.match(elsewhere[0] ?? '', /node eth-mainnet-1 names ETH_RPC_KEY/);
  assert.match(elsewhere[1] ?? '', /a plan shows ETH_RPC_KEY bound to/);
  const channel = `${minimalProjectFile}channels:\n  - name: ops-slack\n    type: slack\n    webhook_url: \${secret:ETH_RPC_KEY}\n`;
  assert.match(
    check(page('--bind eth-1.rpc.example.com:443', channel))[0] ?? '',
    /channel ops-slack names ETH_RPC_KEY, .* not channel:slack/,
  );
});

import assert from 'node:assert/strict';
import {test} from 'node:test';
import {parse} from 'yaml';
import {
  codeBlocks,
  readMarkdown,
  section,
  tableRows,
} from '../docs/markdown.mjs';

// The payload examples, one for each event type, and the table of their
// fields describe the same body.
const webhookDoc = 'docs/alerts/webhooks.md';
const page = readMarkdown(webhookDoc);
const receiverDoc = 'docs/alerts/webhook-receiver.md';
const eventTypes = ['alert.triggered', 'alert.resolved', 'alert.test'];

/**
 * The dotted paths of every value in `value` that is not itself an object.
 * @param {unknown} value
 * @param {string} prefix
 * @returns {string[]}
 */
function leafPaths(value, prefix = '') {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    leafPaths(child, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * The body rows of the tables in the page's section `title`.
 * @param {string} title
 * @returns {string[][]}
 */
function tableIn(title) {
  const lines = section(page, title);
  assert.ok(lines, `${webhookDoc}: no section "${title}"`);
  return tableRows(lines);
}

const payloadBlocks = codeBlocks(page).filter(
  (block) => block.lang === 'json' && block.title.startsWith('alert.'),
);
const documented = tableIn('Payload fields').map((cells) =>
  cells[0].replace(/`/g, ''),
);

test(`${webhookDoc} shows a payload for every event type the fields table names`, () => {
  const typeRow = tableIn('Payload fields').find(
    (cells) => cells[0] === '`type`',
  );
  assert.ok(typeRow, `${webhookDoc}: the fields table has no row for \`type\``);
  const named = [...typeRow[2].matchAll(/`([\w.]+)`/g)].map(
    (match) => match[1],
  );
  assert.deepEqual(named, eventTypes);
  const shown = payloadBlocks.map((block) => block.title);
  assert.deepEqual(shown, eventTypes);
});

for (const type of eventTypes) {
  test(`every field of the ${type} example in ${webhookDoc} is in the fields table, and back`, () => {
    const example = payloadBlocks.find((block) => block.title === type);
    assert.ok(example, `${webhookDoc}: no \`\`\`json block titled "${type}"`);
    const payload = JSON.parse(example.code);
    assert.equal(payload.type, type, "the example's type is its title");
    assert.match(payload.id, /^evt_[0-9A-Z]{26}$/);
    assert.ok(
      documented.length > 0,
      `${webhookDoc}: the "Payload fields" section has no table`,
    );

    const undocumented = leafPaths(payload).filter(
      (leaf) =>
        !documented.some(
          (field) => leaf === field || leaf.startsWith(`${field}.`),
        ),
    );
    assert.deepEqual(
      undocumented,
      [],
      'fields in the example but not in the table',
    );
    const absent = documented.filter(
      (field) =>
        field.split('.').reduce((value, key) => value?.[key], payload) ===
        undefined,
    );
    assert.deepEqual(absent, [], 'fields in the table but not in the example');
  });
}

test(`the units of ${webhookDoc}'s examples are the ones the fields table names`, () => {
  const unitRow = tableIn('Payload fields').find(
    (cells) => cells[0] === '`check.unit`',
  );
  assert.ok(
    unitRow,
    `${webhookDoc}: the fields table has no row for \`check.unit\``,
  );
  const units = [...unitRow[2].matchAll(/`(\w+)`/g)].map((match) => match[1]);
  for (const block of payloadBlocks) {
    const {check} = JSON.parse(block.code);
    assert.ok(
      check.unit === null || units.includes(check.unit),
      `${block.title}: unit ${check.unit}`,
    );
    assert.equal(
      check.unit === null,
      check.value === null || typeof check.value === 'string',
      `${block.title}: a measured value has a unit`,
    );
  }
});

test(`the headers table of ${webhookDoc} names the headers the receiver reads`, () => {
  const headers = tableIn('The request').map((cells) =>
    cells[0].replace(/`/g, ''),
  );
  const receiver = codeBlocks(readMarkdown(receiverDoc)).find(
    (block) => block.lang === 'php' && block.title === 'receiver.php',
  );
  assert.ok(
    receiver,
    `${receiverDoc}: no \`\`\`php block titled "receiver.php"`,
  );
  for (const header of ['X-Nodekeeper-Signature', 'X-Nodekeeper-Timestamp']) {
    assert.ok(headers.includes(header), headers.join(', '));
    assert.match(
      receiver.code,
      new RegExp(
        `\\$_SERVER\\['HTTP_${header.toUpperCase().replace(/-/g, '_')}'\\]`,
      ),
    );
  }
});

test(`each example of ${webhookDoc} comes from a rule of the complete example that notifies a webhook, for a node it covers`, () => {
  const referenceFile = 'docs/projects/yaml.md';
  const complete = codeBlocks(readMarkdown(referenceFile)).find(
    (block) => block.lang === 'yaml' && block.title === 'nodekeeper.yaml',
  );
  assert.ok(complete, `${referenceFile}: no complete example`);
  const project = parse(complete.code);
  const webhooks = new Set(
    project.channels
      .filter(
        (/** @type {{type: string}} */ channel) => channel.type === 'webhook',
      )
      .map((/** @type {{name: string}} */ channel) => channel.name),
  );
  for (const block of payloadBlocks) {
    const event = JSON.parse(block.code);
    const rule = project.alerts.find(
      (/** @type {{name: string}} */ candidate) =>
        candidate.name === event.alert_rule,
    );
    assert.ok(rule, `${block.title}: no alert rule ${event.alert_rule}`);
    assert.ok(
      rule.notify.some((/** @type {string} */ name) => webhooks.has(name)),
      `${block.title}: ${event.alert_rule} notifies no webhook in ${referenceFile}`,
    );
    const node = project.nodes.find(
      (/** @type {{name: string}} */ candidate) =>
        candidate.name === event.node.name,
    );
    assert.deepEqual(
      {chain: node?.chain, labels: node?.labels ?? {}},
      {chain: event.node.chain, labels: event.node.labels},
      `${block.title}: the node as ${referenceFile} has it`,
    );
    for (const [label, value] of Object.entries(rule.match?.labels ?? {})) {
      assert.equal(node?.labels?.[label], value, `${block.title}: ${label}`);
    }
  }
});

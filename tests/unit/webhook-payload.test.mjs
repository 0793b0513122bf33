import assert from 'node:assert/strict';
import {test} from 'node:test';
import {codeBlocks, readMarkdown, section, tableRows} from '../docs/markdown.mjs';

// The payload example and the table of its fields describe the same body.
const webhookDoc = 'docs/projects/yaml.md';
const page = readMarkdown(webhookDoc);

/** The dotted paths of every value in `value` that is not itself an object. */
function leafPaths(value, prefix = '') {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key));
}

test(`every field of the payload example in ${webhookDoc} is in the fields table, and back`, () => {
  const example = codeBlocks(page).find((block) => block.lang === 'json' && block.title === 'alert.triggered');
  assert.ok(example, `${webhookDoc}: no \`\`\`json block titled "alert.triggered"`);
  const payload = JSON.parse(example.code);
  const documented = tableRows(section(page, 'Payload fields')).map((cells) => cells[0].replace(/`/g, ''));
  assert.ok(documented.length > 0, `${webhookDoc}: the "Payload fields" section has no table`);

  const undocumented = leafPaths(payload).filter(
    (leaf) => !documented.some((field) => leaf === field || leaf.startsWith(`${field}.`)),
  );
  assert.deepEqual(undocumented, [], 'fields in the example but not in the table');
  const absent = documented.filter((field) =>
    field.split('.').reduce((value, key) => value?.[key], payload) === undefined,
  );
  assert.deepEqual(absent, [], 'fields in the table but not in the example');
});

test(`the headers table of ${webhookDoc} names the signature header the receiver reads`, () => {
  const headers = tableRows(section(page, 'The request')).map((cells) => cells[0].replace(/`/g, ''));
  assert.ok(headers.includes('X-Nodekeeper-Signature'), headers.join(', '));
  const receiver = codeBlocks(page).find((block) => block.lang === 'php' && block.title === 'receiver.php');
  assert.match(receiver.code, /\$_SERVER\['HTTP_X_NODEKEEPER_SIGNATURE'\]/);
});

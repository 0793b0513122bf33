import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {readMarkdown, section, sectionIntro, tableRows} from '../docs/markdown.mjs';
import {chainFamilies, schema, schemaPath} from '../docs/project-file.mjs';

// The YAML reference and the published schema describe the same format: each
// object of the schema has a section of the reference (its `title` is the
// heading), and that section's tables list exactly its keys, with their
// defaults and whether they are required.
const referenceFile = 'docs/projects/yaml.md';
const reference = readMarkdown(referenceFile);

/** Every subschema that lists properties, with where it is in the schema. */
function objectSchemas(node = schema, pointer = '#') {
  if (typeof node !== 'object' || node === null) return [];
  const own = node.properties ? [{pointer, node}] : [];
  return [
    ...own,
    ...Object.entries(node).flatMap(([key, value]) =>
      objectSchemas(value, `${pointer}/${key}`),
    ),
  ];
}

const formatDefault = (value) =>
  Array.isArray(value) ? `[${value.join(', ')}]` : String(value);

// A channel branch's `type: {const}` only picks the branch; `type` itself is
// documented with the keys every channel has.
const documentedProperties = (node) =>
  Object.entries(node.properties).filter(([, property]) => property.const === undefined || property.description);

test('the schema is draft 2020-12 and names its published address', () => {
  assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
  const product = readFileSync('src/product.ts', 'utf8');
  const siteUrl = product.match(/siteUrl: '([^']+)'/)?.[1];
  assert.equal(schema.$id, `${siteUrl}/${schemaPath.replace(/^static\//, '')}`, 'the $id is the schema\'s URL on the site (src/product.ts siteUrl)');
});

test('every key of the schema has a description, for editors to show', () => {
  const missing = objectSchemas().flatMap(({pointer, node}) =>
    documentedProperties(node)
      .filter(([, property]) => !property.description)
      .map(([key]) => `${pointer}/properties/${key}`),
  );
  assert.deepEqual(missing, [], `${schemaPath}: keys without a description`);
});

test(`every key of the schema is documented in ${referenceFile}, with its default`, () => {
  const problems = [];
  for (const {pointer, node} of objectSchemas()) {
    if (!node.title) {
      problems.push(`${schemaPath} ${pointer}: an object with keys needs a title naming its section in ${referenceFile}`);
      continue;
    }
    // The section's own tables, before any subsection.
    const lines = sectionIntro(reference, node.title);
    if (!lines) {
      problems.push(`${referenceFile}: no heading "${node.title}" for ${pointer}`);
      continue;
    }
    const rows = new Map(
      tableRows(lines).flatMap((cells) => {
        const key = cells[0].match(/^`([\w-]+)`$/)?.[1];
        return key ? [[key, cells]] : [];
      }),
    );
    for (const [key, property] of documentedProperties(node)) {
      const row = rows.get(key);
      if (!row) {
        problems.push(`${referenceFile} section "${node.title}": no table row for \`${key}\` (${pointer})`);
        continue;
      }
      const defaultCell = row[2] ?? '';
      if (property.default !== undefined && !defaultCell.includes(`\`${formatDefault(property.default)}\``)) {
        problems.push(`${referenceFile} section "${node.title}": \`${key}\` should show the default \`${formatDefault(property.default)}\`, shows "${defaultCell}"`);
      }
      const required = node.required?.includes(key) ?? false;
      if (required !== (defaultCell === 'required')) {
        problems.push(`${referenceFile} section "${node.title}": \`${key}\` is ${required ? '' : 'not '}required in the schema, the table says "${defaultCell}"`);
      }
    }
    const known = new Set(documentedProperties(node).map(([key]) => key));
    for (const key of rows.keys()) {
      if (!known.has(key)) {
        problems.push(`${referenceFile} section "${node.title}": documents \`${key}\`, which ${pointer} does not have`);
      }
    }
  }
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

test(`every chain the schema accepts is in Supported chains of ${referenceFile}`, () => {
  const chains = schema.$defs.node.properties.chain.enum;
  assert.deepEqual([...chains].sort(), Object.keys(chainFamilies).sort(), 'the checker knows the protocol of every chain');
  const listed = tableRows(section(reference, 'Supported chains')).flatMap((cells) =>
    cells[0].match(/^`([\w-]+)`$/) ? [cells[0].slice(1, -1)] : [],
  );
  assert.deepEqual(listed, chains);
});

test('every region and check kind the schema accepts is in the reference', () => {
  const regions = schema.$defs.regions.items.enum;
  const listedRegions = tableRows(section(reference, 'Regions')).flatMap((cells) =>
    cells[0].startsWith('`') ? [cells[0].slice(1, -1)] : [],
  );
  assert.deepEqual(listedRegions, regions);
  const kinds = schema.$defs.match.properties.checks.items.enum;
  assert.deepEqual(kinds, Object.keys(schema.$defs.checks.properties));
  for (const kind of kinds) {
    assert.ok(section(reference, kind), `${referenceFile}: no section for the check kind ${kind}`);
  }
});

import assert from 'node:assert/strict';
import {test} from 'node:test';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {product} from '../../src/product.mjs';
import {
  readMarkdown,
  section,
  sectionIntro,
  sectionRange,
  tableRows,
} from '../docs/markdown.mjs';
import {
  builtinBundles,
  chainFamilies,
  schema,
  schemaPath,
} from '../docs/project-file.mjs';

// The YAML reference and the published schema describe the same format: each
// object of the schema has a section of the reference (its `title` is the
// heading), and that section's tables list exactly its keys, with their
// defaults and whether they are required. The reference is two pages: the
// checks' own keys have the Checks reference.
const referenceFiles = ['docs/projects/yaml.md', 'docs/projects/checks.md'];
const references = referenceFiles.map((file) => ({
  file,
  text: readMarkdown(file),
}));
const referenceNames = referenceFiles.join(' or ');
// What reaches a node, and how often, is on the Security page.
const securityFile = 'docs/operations/security.md';

// Conditions (`if`, `then`, `contains`) narrow the keys of an object that is
// documented elsewhere; they add no key of their own.
const conditions = new Set(['if', 'then', 'contains']);

/** @typedef {import('ajv').SchemaObject} SchemaObject */

/**
 * The reference page with a heading `title`; undefined when none has it.
 * @param {string} title
 */
const referenceWith = (title) =>
  references.find(({text}) => sectionRange(text, title));

/**
 * The body rows of the tables in the reference's section `title`.
 * @param {string} title
 * @returns {string[][]}
 */
function tableIn(title) {
  const found = referenceWith(title);
  assert.ok(found, `${referenceNames}: no section "${title}"`);
  return tableRows(section(found.text, title) ?? []);
}

/**
 * Every subschema that lists properties, with where it is in the schema.
 * @param {unknown} node
 * @param {string} pointer
 * @returns {{pointer: string, node: SchemaObject}[]}
 */
function objectSchemas(node = schema, pointer = '#') {
  if (typeof node !== 'object' || node === null) return [];
  if (conditions.has(pointer.split('/').at(-1) ?? '')) return [];
  const own = 'properties' in node && node.properties ? [{pointer, node}] : [];
  return [
    ...own,
    ...Object.entries(node).flatMap(([key, value]) =>
      objectSchemas(value, `${pointer}/${key}`),
    ),
  ];
}

/**
 * The subschema a local `$ref` points at; nothing for no `$ref`.
 * @param {string | undefined} ref
 * @returns {SchemaObject}
 */
const schemaAt = (ref) =>
  ref
    ? ref
        .slice(2)
        .split('/')
        .reduce((node, segment) => node[segment], schema)
    : {};

/** @param {unknown} value */
const formatDefault = (value) =>
  Array.isArray(value) ? `[${value.join(', ')}]` : String(value);

// A channel branch's `type: {const}` only picks the branch; `type` itself is
// documented with the keys every channel has.
/** @param {SchemaObject} node */
const documentedProperties = (node) =>
  Object.entries(node.properties).filter(
    ([, property]) => property.const === undefined || property.description,
  );

test('the schema is draft 2020-12 and names its published address', () => {
  assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
  // Strict mode rejects any keyword outside draft 2020-12, such as OpenAPI's discriminator.
  assert.doesNotThrow(() =>
    addFormats(new Ajv2020({strict: true, allowUnionTypes: true})).compile(
      schema,
    ),
  );
  assert.equal(
    schema.$id,
    `${product.siteUrl}/${schemaPath.replace(/^static\//, '')}`,
    "the $id is the schema's URL on the site (src/product.mjs siteUrl)",
  );
});

test('every key of the schema has a description, for editors to show', () => {
  const missing = objectSchemas().flatMap(({pointer, node}) =>
    documentedProperties(node)
      .filter(([, property]) => !property.description)
      .map(([key]) => `${pointer}/properties/${key}`),
  );
  assert.deepEqual(missing, [], `${schemaPath}: keys without a description`);
});

test(`every key of the schema is documented in ${referenceNames}, with its default`, () => {
  /** @type {string[]} */
  const problems = [];
  for (const {pointer, node} of objectSchemas()) {
    if (!node.title) {
      problems.push(
        `${schemaPath} ${pointer}: an object with keys needs a title naming its section in ${referenceNames}`,
      );
      continue;
    }
    const found = referenceWith(node.title);
    if (!found) {
      problems.push(
        `${referenceNames}: no heading "${node.title}" for ${pointer}`,
      );
      continue;
    }
    const {file} = found;
    // The section's own tables, before any subsection.
    /** @type {string[]} */
    const lines = sectionIntro(found.text, node.title) ?? [];
    /** @type {string[][]} */
    const table = tableRows(lines);
    const rows = new Map(
      table.flatMap((cells) => {
        const key = cells[0].match(/^`([\w-]+)`$/)?.[1];
        return key ? [[key, cells]] : [];
      }),
    );
    for (const [key, property] of documentedProperties(node)) {
      const row = rows.get(key);
      if (!row) {
        problems.push(
          `${file} section "${node.title}": no table row for \`${key}\` (${pointer})`,
        );
        continue;
      }
      const defaultCell = row[2] ?? '';
      if (
        property.default !== undefined &&
        !defaultCell.includes(`\`${formatDefault(property.default)}\``)
      ) {
        problems.push(
          `${file} section "${node.title}": \`${key}\` should show the default \`${formatDefault(property.default)}\`, shows "${defaultCell}"`,
        );
      }
      const typeCell = row[1] ?? '';
      const rules = {...schemaAt(property.$ref), ...property};
      if (
        (rules.minItems === 1 || rules.minProperties === 1) &&
        !typeCell.includes('at least one')
      ) {
        problems.push(
          `${file} section "${node.title}": \`${key}\` needs an item, and its type should say "at least one", says "${typeCell}"`,
        );
      }
      if (rules.uniqueItems && !typeCell.includes('no repeats')) {
        problems.push(
          `${file} section "${node.title}": \`${key}\` must not repeat an item, and its type should say "no repeats", says "${typeCell}"`,
        );
      }
      const required = node.required?.includes(key) ?? false;
      if (required !== (defaultCell === 'required')) {
        problems.push(
          `${file} section "${node.title}": \`${key}\` is ${required ? '' : 'not '}required in the schema, the table says "${defaultCell}"`,
        );
      }
    }
    const known = new Set(documentedProperties(node).map(([key]) => key));
    for (const key of rows.keys()) {
      if (!known.has(key)) {
        problems.push(
          `${file} section "${node.title}": documents \`${key}\`, which ${pointer} does not have`,
        );
      }
    }
  }
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

test('every chain the schema accepts is in Supported chains of the reference', () => {
  const chains = schema.$defs.node.properties.chain.enum;
  assert.deepEqual(
    [...chains].sort(),
    Object.keys(chainFamilies).sort(),
    'the checker knows the protocol of every chain',
  );
  const listed = tableIn('Supported chains').flatMap((cells) =>
    cells[0].match(/^`([\w-]+)`$/) ? [cells[0].slice(1, -1)] : [],
  );
  assert.deepEqual(listed, chains);
});

test('every region and check kind the schema accepts is in the reference', () => {
  const regions = schema.$defs.regions.items.enum;
  const listedRegions = tableIn('Regions').flatMap((cells) =>
    cells[0].startsWith('`') ? [cells[0].slice(1, -1)] : [],
  );
  assert.deepEqual(listedRegions, regions);
  const kinds = schema.$defs.match.properties.checks.items.enum;
  assert.deepEqual(kinds, Object.keys(schema.$defs.checks.properties));
  for (const kind of kinds) {
    assert.ok(
      referenceWith(kind),
      `${referenceNames}: no section for the check kind ${kind}`,
    );
  }
});

test("every region publishes its probes' addresses, as CIDR ranges", () => {
  const rows = tableIn('Regions').filter((cells) => cells[0].startsWith('`'));
  const documentation = [
    /^192\.0\.2\.\d+\/(2[4-9]|3[0-2])$/,
    /^198\.51\.100\.\d+\/(2[4-9]|3[0-2])$/,
    /^203\.0\.113\.\d+\/(2[4-9]|3[0-2])$/,
  ];
  // While Nodekeeper is in preview, the ranges are the ones reserved for documentation.
  for (const [region, , ipv4, ipv6] of rows) {
    assert.ok(
      documentation.some((range) => range.test(ipv4.replace(/`/g, ''))),
      `${region}: IPv4 ${ipv4}`,
    );
    assert.match(
      ipv6.replace(/`/g, ''),
      /^2001:db8:[0-9a-f:]*\/(3[2-9]|[4-9]\d|1[0-2]\d)$/,
      `${region}: IPv6 ${ipv6}`,
    );
  }
  const ranges = rows.flatMap((cells) => cells.slice(2));
  assert.equal(
    new Set(ranges).size,
    ranges.length,
    'each region has ranges of its own',
  );
});

test(`the requests a node receives, in ${securityFile}, are counted from what each check asks`, () => {
  // Checks that ask the same thing share one request: count the distinct calls.
  const asks = tableIn('What each check asks');
  /** @type {Record<string, number>} */
  const protocols = {evm: 1, cosmos: 2, solana: 3};
  const rows = tableRows(
    section(readMarkdown(securityFile), 'Requests a node receives') ?? [],
  );
  assert.ok(
    rows.length > 0,
    `${securityFile}: no table under "Requests a node receives"`,
  );
  for (const [bundleCell, perRun, runs, perDay] of rows) {
    const bundle = builtinBundles[bundleCell.replace(/`/g, '')];
    assert.ok(bundle, `${bundleCell} is a built-in bundle`);
    const calls = new Set(
      Object.keys(bundle.checks).map((kind) => {
        const row = asks.find((cells) => cells[0] === `\`${kind}\``);
        const call = row?.[protocols[bundle.family]].match(/`([^`]+)`/)?.[1];
        assert.ok(
          call,
          `${referenceNames}: "What each check asks" does not say what ${kind} asks ${bundle.family}`,
        );
        return call;
      }),
    );
    const intervals = new Set(
      Object.values(bundle.checks).map((check) => check.interval ?? '30s'),
    );
    assert.equal(
      intervals.size,
      1,
      `${bundleCell}: one interval for every check`,
    );
    const runsPerDay = 86_400 / Number.parseInt([...intervals][0], 10);
    /** @param {string} text */
    const number = (text) => Number(text.replace(/,/g, ''));
    assert.equal(number(perRun), calls.size, `${bundleCell}: requests a run`);
    assert.equal(number(runs), runsPerDay, `${bundleCell}: runs a day`);
    assert.equal(
      number(perDay),
      calls.size * runsPerDay * 3,
      `${bundleCell}: requests a day`,
    );
  }
});

import assert from 'node:assert/strict';
import {test} from 'node:test';
import {parse} from 'yaml';
import {
  checkChanges,
  checkEditingProcedure,
  editingProcedures,
} from '../docs/changes.mjs';
import {checkExamples, countExamples} from '../docs/check-examples.mjs';
import {codeBlocks, markdownFiles, readMarkdown} from '../docs/markdown.mjs';
import {minimalProjectFile} from '../support/project-files.mjs';

// Every project file the docs show is one the tests validated; see
// tests/docs/check-examples.mjs for the rules.
const docs = markdownFiles('docs');
const schemaLine =
  '# yaml-language-server: $schema=https://docs.nodekeeper.example/schemas/nodekeeper.schema.json';
const validFile = minimalProjectFile;
/**
 * @param {string} meta
 * @param {string} code
 */
const fence = (meta, code) => `\`\`\`${meta}\n${code}\`\`\`\n`;

test('every yaml example in docs/ is a valid project file, or fails as its title says', () => {
  const problems = docs.flatMap((file) =>
    checkExamples(file, readMarkdown(file)),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
  const {total, invalid} = countExamples(docs);
  assert.ok(
    total - invalid >= 5 && invalid >= 2,
    `too few examples to hold the docs: ${total}, ${invalid} invalid`,
  );
});

test('a broken example fails with the doc file, its line and the reason', () => {
  const markdown = `# Page\n\nSome text.\n\n${fence('yaml title="nodekeeper.yaml"', validFile.replace('https://', 'http://'))}`;
  assert.deepEqual(checkExamples('docs/page.md', markdown), [
    'docs/page.md:11:10: nodes[0].url: must start with https:// or wss://',
  ]);
});

test('an example marked invalid must fail', () => {
  const markdown = fence(
    'yaml title="invalid: nothing wrong, really"',
    validFile,
  );
  assert.deepEqual(checkExamples('docs/page.md', markdown), [
    'docs/page.md:1: the example titled "invalid: nothing wrong, really" is valid, but a block marked "invalid:" must fail validation',
  ]);
  const failing = fence(
    'yaml title="invalid: no nodes"',
    'version: 1\nproject: acme-rpc\n',
  );
  assert.deepEqual(checkExamples('docs/page.md', failing), []);
});

test('the output shown under an invalid example must be the output it gives', () => {
  const invalid = fence(
    'yaml title="invalid: no nodes"',
    'version: 1\nproject: acme-rpc\n',
  );
  const right = fence(
    'text',
    '$ nodekeeper validate\nnodekeeper.yaml:1:1: missing required key "nodes"\nnodekeeper.yaml: 1 problem, nothing changed\n',
  );
  assert.deepEqual(checkExamples('docs/page.md', `${invalid}\n${right}`), []);
  const wrong = right.replace('"nodes"', '"version"');
  const noSummary = right.replace(/^nodekeeper\.yaml: 1 problem.*\n/m, '');
  assert.match(
    checkExamples('docs/page.md', `${invalid}\n${noSummary}`)[0] ?? '',
    /the output shown for "invalid: no nodes" differs/,
    'the output ends with the count of problems',
  );
  const [problem, ...rest] = checkExamples(
    'docs/page.md',
    `${invalid}\n${wrong}`,
  );
  assert.deepEqual(rest, []);
  assert.match(
    problem,
    /^docs\/page\.md:6: the output shown for "invalid: no nodes" differs/,
  );
});

test('the yaml-language-server comment must name the published schema', () => {
  const wrongSchema = schemaLine.replace(
    'nodekeeper.schema.json',
    'nodekeeper.json',
  );
  assert.deepEqual(
    checkExamples('docs/page.md', fence('yaml', `${schemaLine}\n${validFile}`)),
    [],
  );
  assert.deepEqual(
    checkExamples(
      'docs/page.md',
      fence('yaml', `${wrongSchema}\n${validFile}`),
    ),
    [
      'docs/page.md:1: the yaml-language-server comment names https://docs.nodekeeper.example/schemas/nodekeeper.json, not the published schema https://docs.nodekeeper.example/schemas/nodekeeper.schema.json',
    ],
  );
});

test('an example indented in a list is read without its indentation', () => {
  const indented = validFile.replace(/^/gm, '   ').replace(/ +$/, '');
  const markdown = `1. Write it:\n\n   \`\`\`yaml\n${indented}   \`\`\`\n`;
  assert.deepEqual(checkExamples('docs/page.md', markdown), []);
});

test('a yaml block titled with another file name is not a project file, but must be valid YAML', () => {
  const workflow = 'on:\n  push:\n    branches: [main]\njobs: {}\n';
  assert.deepEqual(
    checkExamples(
      'docs/page.md',
      fence('yaml title=".github/workflows/ci.yml"', workflow),
    ),
    [],
  );
  assert.deepEqual(
    checkExamples(
      'docs/page.md',
      fence('yaml title=".github/workflows/ci.yml"', `${workflow}jobs: {}\n`),
    ),
    [
      'docs/page.md:6:1: ".github/workflows/ci.yml" is not valid YAML: Map keys must be unique',
    ],
  );
  assert.notDeepEqual(
    checkExamples(
      'docs/page.md',
      fence('yaml title="nodekeeper.prod.yaml"', workflow),
    ),
    [],
  );
});

test('the examples publish no service on a port of its own: each URL uses the default port behind TLS', () => {
  // An RPC or status port open to the internet is what the docs advise against.
  const problems = docs.flatMap((file) =>
    codeBlocks(readMarkdown(file))
      .filter((block) => block.lang === 'yaml')
      .flatMap((block) => [
        ...block.code.matchAll(/(?:https|wss):\/\/[^/\s:]+:(\d+)/g),
      ])
      .filter((match) => match[1] !== '443')
      .map((match) => `${file}: ${match[0]}`),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

test('every change the docs show to a project file applies to a file shown before it, and gives a valid file', () => {
  const problems = docs.flatMap((file) =>
    checkChanges(file, readMarkdown(file)),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
  const changes = docs.flatMap((file) =>
    codeBlocks(readMarkdown(file)).filter((block) => block.lang === 'diff'),
  );
  assert.ok(
    changes.length >= 4,
    `only ${changes.length} changes: procedures that edit a project show the change`,
  );
});

test('Rotate the secret and the other procedures that edit a project show each change as a diff, never a whole file', () => {
  assert.ok(
    editingProcedures.some(
      ({file, section}) =>
        file === 'docs/alerts/webhooks.md' && section === 'Rotate the secret',
    ),
  );
  const problems = editingProcedures.flatMap(({file, section}) =>
    checkEditingProcedure(file, readMarkdown(file), section),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

test('a whole project file in a procedure that edits a project is found', () => {
  const steps = (/** @type {string} */ block) =>
    `# Page\n\n## Rotate\n\n1. Change it:\n\n${block}\n## Next\n`;
  assert.deepEqual(
    checkEditingProcedure(
      'docs/page.md',
      steps(fence('yaml title="nodekeeper.yaml"', validFile)),
      'Rotate',
    ),
    [
      'docs/page.md:7: "Rotate" edits a project the reader has, so it shows the change as a ```diff block, not a whole nodekeeper.yaml',
    ],
  );
  assert.deepEqual(
    checkEditingProcedure(
      'docs/page.md',
      steps(fence('diff title="nodekeeper.yaml"', '+    public: true\n')),
      'Rotate',
    ),
    [],
  );
  assert.equal(
    checkEditingProcedure('docs/page.md', steps(''), 'Rotate').length,
    1,
    'a procedure that shows no change',
  );
});

test('a change is applied where its kept lines are, or at the end when it only adds', () => {
  const base = fence('yaml title="nodekeeper.yaml"', validFile);
  const addCheck = fence(
    'diff title="nodekeeper.yaml"',
    '     bundles: [evm-rpc@2]\n+    checks:\n+      latency:\n+        warn: 1s\n',
  );
  assert.deepEqual(checkChanges('docs/page.md', `${base}\n${addCheck}`), []);
  const addMembers = fence(
    'diff title="nodekeeper.yaml"',
    '+members:\n+  - email: alice@example.com\n+    role: owner\n',
  );
  assert.deepEqual(checkChanges('docs/page.md', `${base}\n${addMembers}`), []);
});

test('changes apply in the order shown: each to the file as the ones before it left it', () => {
  const base = fence('yaml title="nodekeeper.yaml"', validFile);
  const addCheck = fence(
    'diff title="nodekeeper.yaml"',
    '     bundles: [evm-rpc@2]\n+    checks:\n+      latency:\n+        warn: 1s\n',
  );
  // Its kept line `checks:` is there only once the first change is made.
  const makePublic = fence(
    'diff title="nodekeeper.yaml"',
    '     bundles: [evm-rpc@2]\n+    public: true\n     checks:\n',
  );
  assert.deepEqual(
    checkChanges('docs/page.md', `${base}\n${addCheck}\n${makePublic}`),
    [],
  );
  assert.equal(
    checkChanges('docs/page.md', `${base}\n${makePublic}`).length,
    1,
    'the second change needs the first one',
  );
});

test('a change that applies to no earlier file, or gives an invalid one, fails naming its line', () => {
  const base = fence('yaml title="nodekeeper.yaml"', validFile);
  const nowhere = fence(
    'diff title="nodekeeper.yaml"',
    '     bundles: [cosmos-rpc@1]\n+    public: true\n',
  );
  assert.deepEqual(checkChanges('docs/page.md', `${base}\n${nowhere}`), [
    'docs/page.md:11: the change applies to no project file shown before it on the page, as the changes before it left it: its kept and removed lines must appear there, in order',
  ]);
  assert.equal(checkChanges('docs/page.md', `${nowhere}\n${base}`).length, 1);
  const breaks = fence(
    'diff title="nodekeeper.yaml"',
    '-    url: https://eth-1.rpc.example.com\n+    url: http://eth-1.rpc.example.com\n',
  );
  assert.deepEqual(checkChanges('docs/page.md', `${base}\n${breaks}`), [
    'docs/page.md:11: the change, applied to the file at docs/page.md:1 as the changes before it left it, gives an invalid file: nodekeeper.yaml:6:10: nodes[0].url: must start with https:// or wss://',
  ]);
  assert.deepEqual(
    checkChanges('docs/page.md', fence('diff', '+version: 1\n')),
    [
      'docs/page.md:1: a diff block shows a change to a project file: title it with the file\'s name, such as title="nodekeeper.yaml"',
    ],
  );
  assert.deepEqual(
    checkChanges(
      'docs/page.md',
      `${base}\n${fence('diff title="nodekeeper.yaml"', 'version: 1\n')}`,
    ),
    [
      'docs/page.md:12: each line of a change starts with a space (kept), + (added) or - (removed)',
    ],
  );
});

test('the complete example keeps two owners, as Members and roles advises', () => {
  assert.match(
    readMarkdown('docs/projects/intro.md'),
    /Keep two owners/,
    'docs/projects/intro.md no longer advises two owners: change this test',
  );
  const complete = codeBlocks(readMarkdown('docs/projects/yaml.md')).find(
    (block) => block.lang === 'yaml' && block.title === 'nodekeeper.yaml',
  );
  const owners = [...(complete?.code ?? '').matchAll(/^ {4}role: owner$/gm)];
  assert.ok(
    owners.length >= 2,
    `docs/projects/yaml.md: the complete example has ${owners.length} owner(s)`,
  );
});

test('each layer 2 node of the complete example is followed by the advice on its peers', () => {
  const text = readMarkdown('docs/projects/yaml.md');
  const complete = codeBlocks(text).find(
    (block) => block.lang === 'yaml' && block.title === 'nodekeeper.yaml',
  );
  /** @type {{nodes: {name: string, chain: string}[]}} */
  const file = parse(complete?.code ?? '');
  const layer2 = file.nodes.filter(({chain}) =>
    /^(arbitrum|optimism|base)(-|$)/.test(chain),
  );
  assert.ok(layer2.length > 0, 'the complete example has no layer 2 node');
  const after = text.slice(text.indexOf(complete?.code ?? ''));
  const next = after.slice(0, after.indexOf('\n## '));
  for (const {name} of layer2) {
    assert.ok(
      next.includes(`\`${name}\``),
      `nothing after the example names ${name}`,
    );
  }
  assert.match(next, /\(\.\/bundles\.md#layer-2-nodes-and-peers\)/);
});

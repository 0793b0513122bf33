import assert from 'node:assert/strict';
import {test} from 'node:test';
import {
  codeBlocks,
  markdownFiles,
  readMarkdown,
  section,
  tableRows,
} from '../docs/markdown.mjs';

// The Security page's firewall recipes must let in exactly the probes'
// published ranges, and the tokens the docs revoke must be tokens they create.
const securityFile = 'docs/operations/security.md';
const referenceFile = 'docs/projects/yaml.md';
const security = readMarkdown(securityFile);

const probeRanges = tableRows(
  section(readMarkdown(referenceFile), 'Regions') ?? [],
)
  .filter((cells) => cells[0].startsWith('`'))
  .flatMap((cells) => cells.slice(2).map((cell) => cell.replace(/`/g, '')))
  .sort();

test(`${referenceFile} publishes the probe ranges the recipes need`, () => {
  assert.equal(probeRanges.length, 6, probeRanges.join(', '));
});

test(`the nginx site of ${securityFile} allows exactly the probe ranges, then denies the rest`, () => {
  const site = codeBlocks(security).find((block) =>
    block.title.startsWith('/etc/nginx/'),
  );
  assert.ok(site, `${securityFile}: no block titled with an nginx site`);
  const allowed = [...site.code.matchAll(/^\s*allow (\S+);$/gm)].map(
    (match) => match[1],
  );
  assert.deepEqual([...allowed].sort(), probeRanges);
  assert.match(
    site.code,
    /allow [^;]+;\n\s*deny all;/,
    'deny all comes right after the allow lines',
  );
  assert.match(site.code, /proxy_pass http:\/\/127\.0\.0\.1:\d+;/);
});

test(`the ufw commands of ${securityFile} open the RPC port to exactly the probe ranges`, () => {
  const firewall = codeBlocks(security).find(
    (block) => block.lang === 'bash' && block.code.includes('ufw allow'),
  );
  assert.ok(firewall, `${securityFile}: no bash block with ufw allow`);
  const ranges = firewall.code.match(/^for range in (.+); do$/m)?.[1];
  assert.ok(ranges, 'the ranges come in one for loop');
  assert.deepEqual(ranges.split(' ').sort(), probeRanges);
});

test('every token the docs revoke by name is one they create', () => {
  const docs = markdownFiles('docs').map((file) => ({
    file,
    text: readMarkdown(file),
  }));
  const created = new Set(
    docs.flatMap(({text}) =>
      [...text.matchAll(/nodekeeper tokens create --name ([a-z][\w-]*)/g)].map(
        (match) => match[1],
      ),
    ),
  );
  const problems = docs.flatMap(({file, text}) =>
    text
      .split('\n')
      .flatMap((line, index) =>
        [...line.matchAll(/nodekeeper tokens revoke ([a-z][\w-]*)/g)]
          .filter((match) => !created.has(match[1]))
          .map(
            (match) =>
              `${file}:${index + 1}: revokes the token ${match[1]}, which no page creates with nodekeeper tokens create --name ${match[1]}`,
          ),
      ),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

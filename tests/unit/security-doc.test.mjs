import assert from 'node:assert/strict';
import path from 'node:path';
import {test} from 'node:test';
import {
  codeBlocks,
  markdownFiles,
  readMarkdown,
  section,
  tableRows,
} from '../docs/markdown.mjs';
import * as facts from '../docs/facts.mjs';
import {schema} from '../docs/project-file.mjs';

const {cli, roles} = facts;

// The exposure page's firewall recipes must let in exactly the probes'
// published ranges, the tokens the docs revoke must be tokens they create, and
// a token's lifetime is a number of days wherever the docs give one.
const securityFile = 'docs/operations/security.md';
const exposureFile = 'docs/operations/exposing-nodes.md';
const receiverFile = 'docs/alerts/webhook-receiver.md';
const referenceFile = 'docs/projects/yaml.md';
const security = readMarkdown(securityFile);
const exposure = readMarkdown(exposureFile);

const probeRanges = [...facts.probeRanges()].sort();

test(`${referenceFile} publishes the probe ranges the recipes need`, () => {
  const published = tableRows(
    section(readMarkdown(referenceFile), 'Regions') ?? [],
  )
    .filter((cells) => cells[0].startsWith('`'))
    .flatMap((cells) =>
      cells.slice(2).flatMap((cell) => cell.replace(/`/g, '').split(', ')),
    )
    .sort();
  assert.equal(probeRanges.length, 6, probeRanges.join(', '));
  assert.deepEqual(published, probeRanges);
});

test(`the nginx site of ${exposureFile} lets in exactly the probe ranges, and refuses the rest before it reads the key`, () => {
  const site = codeBlocks(exposure).find((block) =>
    block.title.startsWith('/etc/nginx/sites-enabled/'),
  );
  assert.ok(site, `${exposureFile}: no block titled with an nginx site`);
  const list = site.code.match(/^geo \$(\w+) \{\n([\s\S]*?)\n\}$/m);
  assert.ok(list, 'the probe ranges are in one geo block');
  const [, variable, entries] = list;
  assert.match(entries, /^\s*default 0;$/m);
  const allowed = [...entries.matchAll(/^\s*(\S+) 1;$/gm)].map(
    (match) => match[1],
  );
  assert.deepEqual([...allowed].sort(), probeRanges);
  const refuse = site.code.indexOf(
    `if ($${variable} = 0) {\n        return 403;\n    }`,
  );
  assert.ok(refuse !== -1, 'the server refuses other addresses with 403');
  assert.ok(
    refuse < site.code.indexOf('location'),
    'before any location reads the key',
  );
  assert.doesNotMatch(site.code, /^\s*(?:allow|deny) /m);
  assert.match(site.code, /proxy_pass http:\/\/127\.0\.0\.1:\d+;/);
});

test(`every port the docs publish with Docker is on 127.0.0.1, and ${exposureFile} says why`, () => {
  const published = markdownFiles('docs').flatMap((file) =>
    codeBlocks(readMarkdown(file)).flatMap((block) =>
      [
        ...block.code.matchAll(
          /^\s*- "?([\d.:]+:\d+)"?$|(?:-p|--publish) (\d\S*)/gm,
        ),
      ].map((match) => ({file, port: match[1] ?? match[2]})),
    ),
  );
  assert.ok(published.length > 0, 'no page publishes a port with Docker');
  for (const {file, port} of published) {
    assert.match(port, /^127\.0\.0\.1:\d+:\d+$/, `${file}: ${port}`);
  }
  assert.match(
    exposure,
    /ports Docker publishes bypass ufw[^.]*`-p 8545:8545` opens/,
  );
  assert.match(exposure, /`-p 127\.0\.0\.1:8545:8545`/);
});

test(`the ufw commands of ${exposureFile} open the RPC port to exactly the probe ranges`, () => {
  const firewall = codeBlocks(exposure).find(
    (block) => block.lang === 'bash' && block.code.includes('ufw allow'),
  );
  assert.ok(firewall, `${exposureFile}: no bash block with ufw allow`);
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

test('a token lives a number of days, given the same way by the CLI reference, the Security page and every example', () => {
  const cliFile = 'docs/projects/cli.md';
  const flag = tableRows(section(readMarkdown(cliFile), 'Commands') ?? [])
    .find(([command]) => command === '`nodekeeper tokens create`')?.[2]
    .match(/`--expires DAYS`: [^|;]*?from (\d+) to (\d+), (\d+) by default/);
  assert.ok(
    flag,
    `${cliFile}: tokens create has no "--expires DAYS: ... from N to M, D by default"`,
  );
  const [, least, most, byDefault] = flag.map(Number);
  assert.match(
    (section(security, 'Expiry') ?? []).join('\n'),
    new RegExp(
      `${byDefault} days after its creation, or after the number of days that \`--expires\` sets, from ${least} to ${most}\\.`,
    ),
    `${securityFile}: Expiry disagrees with ${cliFile}`,
  );
  const problems = markdownFiles('docs').flatMap((file) =>
    [...readMarkdown(file).matchAll(/--expires[ =](\S+?)[`\s]/g)]
      .map((match) => match[1])
      .filter(
        (value) =>
          value !== 'DAYS' &&
          !(/^\d+$/.test(value) && +value >= least && +value <= most),
      )
      .map(
        (value) =>
          `${file}: --expires ${value} is not a number of days from ${least} to ${most}`,
      ),
  );
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

// nginx runs as www-data: a receiver pool that ran as www-data would let
// anything of nginx's user plant a latest- file that silences an alert. And
// FastCGI has no authentication: whatever reaches the pool's socket runs code
// as the pool's user, so the socket is nginx's alone, no other pool runs as
// nginx's user, and the pool runs nothing but the receiver, for 10 s at most.
test(`the receiver's PHP-FPM pool runs as a user of its own, which alone owns the deliveries folder, and only nginx reaches it`, () => {
  const receiver = readMarkdown(receiverFile);
  const deployment = (section(receiver, 'A receiver behind nginx') ?? []).join(
    '\n',
  );
  const pool = codeBlocks(deployment).find((block) =>
    block.title?.endsWith('pool.d/nodekeeper.conf'),
  );
  assert.ok(pool, `${receiverFile}: no pool.d/nodekeeper.conf block`);
  const settings = Object.fromEntries(
    pool.code
      .split('\n')
      .map((line) => line.match(/^([\w.[\]]+) = (.*)$/))
      .filter((match) => match !== null)
      .map((match) => [match[1], match[2]]),
  );
  assert.equal(settings.user, 'nodekeeper-receiver');
  assert.equal(settings.group, 'nodekeeper-receiver');
  assert.equal(
    settings['listen.owner'],
    'www-data',
    'nginx reaches the socket',
  );
  assert.equal(settings['listen.group'], 'www-data');
  assert.equal(settings['listen.mode'], '0660', 'no one else reaches it');
  assert.equal(
    settings['listen.acl_users'],
    undefined,
    'an ACL would replace the owner and mode',
  );
  assert.equal(
    settings.request_terminate_timeout,
    '10s',
    'a hung handling frees its locks when Nodekeeper stops waiting',
  );
  assert.equal(settings['security.limit_extensions'], '.php');
  const site = codeBlocks(deployment).find(
    (block) => block.title === '/etc/nginx/sites-enabled/hooks',
  );
  const script = site?.code.match(/fastcgi_param SCRIPT_FILENAME (\S+);/)?.[1];
  assert.ok(script, `${receiverFile}: the site names no SCRIPT_FILENAME`);
  assert.deepEqual(
    settings['php_admin_value[open_basedir]']?.split(':'),
    [path.posix.dirname(script), settings['env[NODEKEEPER_DELIVERIES_DIR]']],
    "the receiver's folder and its deliveries folder, nothing else",
  );
  for (const key of ['auto_prepend_file', 'auto_append_file'])
    assert.equal(settings[`php_admin_value[${key}]`], 'none', key);
  assert.match(
    deployment,
    /FastCGI has no authentication/,
    'says why the socket is the boundary',
  );
  assert.match(
    deployment,
    /every other PHP-FPM pool on the server, Debian's default `www` pool included, runs as a user of its own/,
  );
  assert.ok(
    deployment.includes("`sudo grep -H '^user' /etc/php/*/fpm/pool.d/*`"),
    'says how to check the other pools, as root, who alone may read them',
  );
  assert.doesNotMatch(
    receiver,
    /only its socket belongs to `www-data`|which nginx and other PHP apps share/i,
    'the page promised more than the pool holds',
  );
  // A FastCGI request's variables reach getenv() unless it asks for the
  // process's own environment, where PHP-FPM's env[] puts the pool's values.
  const php = codeBlocks(receiver).find(
    (block) => block.title === 'receiver.php',
  );
  for (const name of ['NODEKEEPER_WEBHOOK_SECRET', 'NODEKEEPER_DELIVERIES_DIR'])
    assert.match(
      php?.code ?? '',
      new RegExp(`getenv\\('${name}', true\\)`),
      `receiver.php reads ${name} from the process's environment only`,
    );
  assert.match(deployment, /`sudo adduser --system [^`]*nodekeeper-receiver`/);
  const folders = [...receiver.matchAll(/`sudo install -d ([^`]*)`/g)].map(
    (match) => match[1],
  );
  assert.ok(folders.length > 0, `${receiverFile}: no sudo install -d`);
  for (const folder of folders)
    assert.match(
      folder,
      /-o nodekeeper-receiver -g nodekeeper-receiver -m 700 /,
      receiverFile,
    );
});

// A channel's credential set elsewhere sends the alerts elsewhere: only an
// owner may set one, every set is emailed and noticed, and the primary-pager
// set-up stops the heartbeat for it; no page promises it of the heartbeat alone.
test('every secret set emails the owners and shows in history, and the heartbeat is not said to prove alerts reach you', () => {
  /** @type {{command: string, does: string}[]} */
  const commands = cli.commandGroups.flatMap(
    (/** @type {{commands: {command: string, does: string}[]}} */ group) =>
      group.commands,
  );
  const does = (/** @type {string} */ name) =>
    commands.find((command) => command.command === name)?.does ?? '';
  assert.match(
    does('nodekeeper secrets set NAME'),
    /A channel's credential, bound to `channel:TYPE` or `webhook:CHANNEL`, takes an owner signed in as a person[\s\S]*Every value set emails the environment's owners, tells the channels of \[`silencing_notices`\]/,
  );
  assert.match(does('nodekeeper history'), /each secret set/);
  const heartbeat = (
    section(readMarkdown('docs/alerts/silencing.md'), 'A heartbeat') ?? []
  ).join('\n');
  assert.match(
    heartbeat,
    /any secret's value set, replaced or deleted stops the heartbeat/,
  );
  // A replaced node key can point the checks at a decoy, and an editor or a
  // token can replace one: `credentials` covers node keys, wherever it is said.
  assert.match(
    heartbeat,
    /`credentials` covers node keys as well as channels' credentials/,
  );
  assert.match(
    does('nodekeeper secrets set NAME'),
    /stops the heartbeat where \[`heartbeat_stop_on`\]\([^)]*\) names `credentials`, for a node's key as for a channel's credential/,
  );
  assert.match(
    does('nodekeeper secrets delete NAME'),
    /stops the heartbeat where \[`heartbeat_stop_on`\]\([^)]*\) names `credentials`/i,
  );
  assert.match(
    schema.properties.heartbeat_stop_on.description,
    /credentials \(any secret's value set, replaced or deleted, a node's key as well as a channel's credential/,
  );
  for (const [file, said] of [
    [
      'docs/projects/yaml.md',
      /`credentials` any secret's value set, replaced or deleted, node keys included/,
    ],
    [
      'docs/operations/faq.md',
      /every loosening apply and secret set, node keys included/,
    ],
    [
      'docs/projects/ci.md',
      /a secret set, replaced or deleted, a node's key included, stops the heartbeat/,
    ],
    [
      'docs/operations/security.md',
      /setting, replacing or deleting any secret, a node's key included, stops the \[heartbeat\]/,
    ],
  ])
    assert.match(
      readMarkdown(String(file)),
      /** @type {RegExp} */ (said),
      String(file),
    );
  for (const file of markdownFiles('docs'))
    assert.doesNotMatch(
      readMarkdown(file),
      /channel('s)? credential set (then )?(stops|pages)|and channel credential set/,
      `${file} says that only a channel's credential stops the heartbeat`,
    );
  for (const file of markdownFiles('docs')) {
    const text = readMarkdown(file);
    assert.doesNotMatch(text, /bound secret again emails/, file);
    assert.doesNotMatch(
      text,
      /heartbeat says whether your alerts reach you/,
      file,
    );
  }
});

// A secret that an apply bound would go to whichever host the first apply
// named: a merged pull request or a leaked token could take a fresh key.
test('a secret is bound when it is stored, never by an apply, on every page', () => {
  /** @type {{command: string, does: string, flags: string}[]} */
  const commands = cli.commandGroups.flatMap(
    (/** @type {{commands: any[]}} */ group) => group.commands,
  );
  const set = commands.find(
    ({command}) => command === 'nodekeeper secrets set NAME',
  );
  assert.match(
    set?.flags ?? '',
    /`--bind TARGET`: [^;]*required for a new name/,
  );
  assert.match(set?.does ?? '', /A new name without `--bind` exits `1`/);
  assert.match(
    set?.does ?? '',
    /a `--bind` other than the secret's binding exits `7`/,
  );
  const published = markdownFiles('docs').filter(
    (file) => !file.endsWith('changelog.md'),
  );
  for (const file of published) {
    const text = readMarkdown(file);
    for (const promise of [
      /(?<!no )apply (?:that names it )?binds/i,
      /bound to \S+ at the first apply/,
      /\+ secret \w+ bound to/,
      /`unbound`/,
      /each secret it would bind/,
    ]) {
      assert.doesNotMatch(text, promise, `${file} says ${promise}`);
    }
  }
});

test('the pages that hand CI a viewer token say that it can send test alerts, as src/facts/roles.json says', () => {
  const testAlerts = roles.actions.find(
    (/** @type {{action: string}} */ action) =>
      action.action === 'Send test alerts',
  );
  assert.ok(testAlerts?.roles.includes('viewer') && testAlerts.token);
  assert.match(
    readMarkdown('docs/projects/ci.md'),
    /The viewer token plans but can never apply; it can send test alerts/,
  );
  assert.match(security, /A viewer token can still send test alerts/);
});

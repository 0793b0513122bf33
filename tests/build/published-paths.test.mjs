import assert from 'node:assert/strict';
import {execFileSync, spawn} from 'node:child_process';
import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import net from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, test} from 'node:test';
import {buildWith, edit} from './site-copy.mjs';

// A writer renames or removes a doc in a copy of the site, commits, and
// builds: the old path and its Markdown copy keep answering on every host,
// or the build stops, naming the path. A page whose path has capitals, which
// stock Docusaurus publishes, is published too, with a warning.

/** @param {string} site @param {string[]} args */
const git = (site, ...args) =>
  execFileSync(
    'git',
    ['-c', 'user.name=Writer', '-c', 'user.email=writer@localhost', ...args],
    {cwd: site, stdio: 'ignore'},
  );

/**
 * Takes the FAQ out of the sidebar, and the links to it out of every page,
 * their text kept, as a writer's search finds them.
 * @param {string} site
 */
async function unlinkFaq(site) {
  await edit(site, 'sidebars.ts', "'operations/faq',", '');
  const linking = execFileSync(
    'git',
    [
      'grep',
      '-lE',
      String.raw`\]\(([^)]*/)?faq(\.md)?(#[^)]*)?\)`,
      '--',
      'docs',
      'src',
    ],
    {cwd: site, encoding: 'utf8'},
  )
    .split('\n')
    .filter(Boolean);
  for (const file of linking) {
    const text = await readFile(path.join(site, file), 'utf8');
    await writeFile(
      path.join(site, file),
      text.replace(/\[([^\]]*)\]\(([^)]*\/)?faq(\.md)?(#[^)]*)?\)/g, '$1'),
    );
  }
}

/** A port nothing listens on. */
function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const {port} = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Serves `dir` with the nginx set-up while `use(origin)` runs.
 * @param {string} dir
 * @param {(origin: string) => Promise<void>} use
 */
async function withNginx(dir, use) {
  const port = await freePort();
  const server = spawn(
    process.execPath,
    ['tools/nginx/serve.mjs', '--dir', dir],
    {
      env: {...process.env, PORT: String(port)},
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    await new Promise((resolve, reject) => {
      server.stdout.on('data', (chunk) => {
        if (String(chunk).includes('Serving')) resolve(undefined);
      });
      server.once('exit', () => reject(new Error('nginx stopped')));
    });
    await use(`http://127.0.0.1:${port}`);
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

/** @param {string} url */
const answer = async (url) => {
  const response = await fetch(url, {redirect: 'manual'});
  return `${response.status} ${response.headers.get('location') ?? ''}`.trim();
};

/** Removes the FAQ and the links to it, in a commit. @param {string} site */
async function removeFaq(site) {
  git(site, 'rm', '-q', 'docs/operations/faq.md');
  await unlinkFaq(site);
  git(site, 'commit', '-qam', 'Remove the FAQ');
}

/** @type {Promise<import('./site-copy.mjs').BuildResult & {out: string}> | undefined} */
let changedBuild;
/**
 * A copy where a writer renamed the troubleshooting page, removed the FAQ
 * and recorded it as gone, each in a commit, and added a page whose path
 * has capitals: all of it builds, so one build serves the three tests.
 */
const changed = () =>
  (changedBuild ??= mkdtemp(path.join(tmpdir(), 'nodekeeper-changed-')).then(
    async (out) => ({
      out,
      ...(await buildWith(
        async (site) => {
          git(
            site,
            'mv',
            'docs/operations/troubleshooting.md',
            'docs/operations/problems.md',
          );
          // Every page and the sidebar that name it, as a writer's search finds them.
          for (const file of execFileSync(
            'git',
            [
              'grep',
              '-l',
              'operations/troubleshooting',
              '--',
              'docs',
              'src',
              'sidebars.ts',
            ],
            {cwd: site, encoding: 'utf8'},
          )
            .split('\n')
            .filter(Boolean))
            await edit(
              site,
              file,
              'operations/troubleshooting',
              'operations/problems',
              {all: true},
            );
          git(site, 'commit', '-qam', 'Rename the troubleshooting page');
          await removeFaq(site);
          const file = path.join(site, 'published-paths.json');
          const map = JSON.parse(await readFile(file, 'utf8'));
          map.gone.push('docs/operations/faq');
          await writeFile(file, JSON.stringify(map));
          await writeFile(
            path.join(site, 'src/pages/Release-Notes.md'),
            '# Release notes\n',
          );
        },
        ['--out-dir', out],
      )),
    }),
  ));
after(async () => {
  if (changedBuild) await rm((await changedBuild).out, {recursive: true});
});

// The changed copy and the one that fails build at the same time.
describe('published paths', {concurrency: true}, () => {
  test('a renamed doc: its old path and Markdown copy lead to the new page on nginx, Netlify and Cloudflare Pages, and any host', async () => {
    const {code, output, out} = await changed();
    assert.equal(code, 0, output);
    const redirects = await readFile(path.join(out, '_redirects'), 'utf8');
    assert.match(
      redirects,
      /^\/docs\/operations\/troubleshooting \/docs\/operations\/problems 301$/m,
    );
    assert.match(
      redirects,
      /^\/docs\/operations\/troubleshooting\.md \/docs\/operations\/problems\.md 301$/m,
    );
    // A host that reads no _redirects: a page that sends the browser on, and a copy that says where.
    assert.match(
      await readFile(
        path.join(out, 'docs/operations/troubleshooting/index.html'),
        'utf8',
      ),
      /<meta http-equiv="refresh" content="0; url=\/docs\/operations\/problems">/,
    );
    assert.match(
      await readFile(
        path.join(out, 'docs/operations/troubleshooting.md'),
        'utf8',
      ),
      /its Markdown copy is at https:\/\/docs\.nodekeeper\.example\/docs\/operations\/problems\.md/,
    );
    await withNginx(out, async (origin) => {
      assert.equal(
        await answer(`${origin}/docs/operations/troubleshooting`),
        '301 /docs/operations/problems',
      );
      assert.equal(
        await answer(`${origin}/docs/operations/troubleshooting.md`),
        '301 /docs/operations/problems.md',
      );
      assert.equal(await answer(`${origin}/docs/operations/problems`), '200');
    });
  });

  test('a page whose path has a capital letter is built, as in stock Docusaurus, with a warning naming its file and path', async () => {
    const {code, output} = await changed();
    assert.equal(code, 0, output);
    assert.match(
      output,
      /\[WARNING\] src\/pages\/Release-Notes\.md: the page's path \/Release-Notes has capital letters/,
    );
  });

  test('a removed doc fails the build, naming its path, until the writer records it as gone; then it answers 410', async () => {
    const failed = await buildWith(removeFaq);
    assert.notEqual(failed.code, 0);
    assert.match(
      failed.output,
      /published-paths\.json: these published pages are no longer published[^\n]*\n\s*- \/docs\/operations\/faq \(was docs\/operations\/faq\.md\)\n/,
    );

    const {code, output, out} = await changed();
    assert.equal(code, 0, output);
    assert.match(
      await readFile(path.join(out, '_redirects'), 'utf8'),
      /^\/docs\/operations\/faq \/404\.html 410$/m,
    );
    await withNginx(out, async (origin) => {
      assert.equal(await answer(`${origin}/docs/operations/faq`), '410');
      assert.equal(await answer(`${origin}/docs/operations/faq.md`), '410');
    });
  });
});

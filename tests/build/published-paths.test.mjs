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

/** Takes the FAQ out of the sidebar and the pages that link to it, or points them at `to`. @param {string} site @param {string} to */
async function relinkFaq(site, to) {
  await edit(
    site,
    'sidebars.ts',
    "'operations/faq',",
    to ? `'operations/${to}',` : '',
  );
  await edit(
    site,
    'docs/intro.md',
    '(./operations/faq.md)',
    to ? `(./operations/${to}.md)` : '(./operations/limits.md)',
  );
  await edit(
    site,
    'src/pages/markdown-page.md',
    '(/docs/operations/faq)',
    to ? `(/docs/operations/${to})` : '(/docs/operations/limits)',
  );
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

/** @type {Promise<import('./site-copy.mjs').BuildResult & {out: string}> | undefined} */
let renamedBuild;
/**
 * A copy whose FAQ was renamed in a commit, with a page of its own whose path
 * has capitals (both build, so one build serves both tests), built once.
 */
const renamed = () =>
  (renamedBuild ??= mkdtemp(path.join(tmpdir(), 'nodekeeper-renamed-')).then(
    async (out) => ({
      out,
      ...(await buildWith(
        async (site) => {
          git(
            site,
            'mv',
            'docs/operations/faq.md',
            'docs/operations/questions.md',
          );
          await relinkFaq(site, 'questions');
          git(site, 'commit', '-qam', 'Rename the FAQ');
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
  if (renamedBuild) await rm((await renamedBuild).out, {recursive: true});
});

// The renamed copy and the removed one build at the same time.
describe('published paths', {concurrency: true}, () => {
  test('a renamed doc: its old path and Markdown copy lead to the new page on nginx, Netlify and Cloudflare Pages, and any host', async () => {
    const {code, output, out} = await renamed();
    assert.equal(code, 0, output);
    const redirects = await readFile(path.join(out, '_redirects'), 'utf8');
    assert.match(
      redirects,
      /^\/docs\/operations\/faq \/docs\/operations\/questions 301$/m,
    );
    assert.match(
      redirects,
      /^\/docs\/operations\/faq\.md \/docs\/operations\/questions\.md 301$/m,
    );
    // A host that reads no _redirects: a page that sends the browser on, and a copy that says where.
    assert.match(
      await readFile(path.join(out, 'docs/operations/faq/index.html'), 'utf8'),
      /<meta http-equiv="refresh" content="0; url=\/docs\/operations\/questions">/,
    );
    assert.match(
      await readFile(path.join(out, 'docs/operations/faq.md'), 'utf8'),
      /its Markdown copy is at https:\/\/docs\.nodekeeper\.example\/docs\/operations\/questions\.md/,
    );
    await withNginx(out, async (origin) => {
      assert.equal(
        await answer(`${origin}/docs/operations/faq`),
        '301 /docs/operations/questions',
      );
      assert.equal(
        await answer(`${origin}/docs/operations/faq.md`),
        '301 /docs/operations/questions.md',
      );
      assert.equal(await answer(`${origin}/docs/operations/questions`), '200');
    });
  });

  test('a page whose path has a capital letter is built, as in stock Docusaurus, with a warning naming its file and path', async () => {
    const {code, output} = await renamed();
    assert.equal(code, 0, output);
    assert.match(
      output,
      /\[WARNING\] src\/pages\/Release-Notes\.md: the page's path \/Release-Notes has capital letters/,
    );
  });

  test('a removed doc fails the build, naming its path, until the writer records it as gone; then it answers 410', async () => {
    const remove = async (/** @type {string} */ site) => {
      git(site, 'rm', '-q', 'docs/operations/faq.md');
      await relinkFaq(site, '');
      git(site, 'commit', '-qam', 'Remove the FAQ');
    };
    const failed = await buildWith(remove);
    assert.notEqual(failed.code, 0);
    assert.match(
      failed.output,
      /published-paths\.json: these published pages are no longer published[^\n]*\n\s*- \/docs\/operations\/faq \(was docs\/operations\/faq\.md\)\n/,
    );

    const out = await mkdtemp(path.join(tmpdir(), 'nodekeeper-gone-'));
    try {
      const {code, output} = await buildWith(
        async (site) => {
          await remove(site);
          const file = path.join(site, 'published-paths.json');
          const map = JSON.parse(await readFile(file, 'utf8'));
          map.gone.push('docs/operations/faq');
          await writeFile(file, JSON.stringify(map));
        },
        ['--out-dir', out],
      );
      assert.equal(code, 0, output);
      assert.match(
        await readFile(path.join(out, '_redirects'), 'utf8'),
        /^\/docs\/operations\/faq \/404\.html 410$/m,
      );
      await withNginx(out, async (origin) => {
        assert.equal(await answer(`${origin}/docs/operations/faq`), '410');
        assert.equal(await answer(`${origin}/docs/operations/faq.md`), '410');
      });
    } finally {
      await rm(out, {recursive: true, force: true});
    }
  });
});

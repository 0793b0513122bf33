import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdir, readFile, rename, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {DEFAULT_PARSE_FRONT_MATTER, getFileCommitDate} from '@docusaurus/utils';
import {fileCommitDateModule as gitUtils} from '@nodekeeper/docusaurus-internals';
import * as docusaurus from '@nodekeeper/docusaurus-internals/testing';
import lastUpdate, {
  lastCommitDates,
  readDatesFromOneLog,
} from '../../plugins/content/last-update/index.mjs';
import {repoRoot} from '../../tools/site-copy.mjs';
import {tempDir} from '../support/temp-dir.mjs';

const loadSiteConfig = await docusaurus.loadSiteConfig();
const readLastUpdateData = await docusaurus.readLastUpdateData();

/**
 * A repository whose history has what changes a file's date: an edit, a merge
 * that changed a file beside both its parents, a merge that took one side's
 * edit, a rename; and a file git does not know; removed once the test `t` ends.
 * @param {import('node:test').TestContext} t
 */
async function repositoryWithHistory(t) {
  const dir = await tempDir(t, 'last-update-');
  let second = Date.UTC(2025, 0, 1) / 1000;
  /** @param {string[]} args */
  const git = (...args) => {
    second += 3600;
    execFileSync('git', args, {
      cwd: dir,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Writer',
        GIT_AUTHOR_EMAIL: 'writer@example.com',
        GIT_COMMITTER_NAME: 'Writer',
        GIT_COMMITTER_EMAIL: 'writer@example.com',
        GIT_AUTHOR_DATE: `${second} +0000`,
        GIT_COMMITTER_DATE: `${second} +0000`,
      },
      stdio: 'ignore',
    });
  };
  /** @param {string} file @param {string} text */
  const write = async (file, text) => {
    await mkdir(path.dirname(path.join(dir, file)), {recursive: true});
    await writeFile(path.join(dir, file), `---\ntitle: ${text}\n---\n`);
  };
  git('init', '--initial-branch=main');
  await write('docs/edited.md', 'one');
  await write('docs/merged.md', 'one');
  await write('docs/taken.md', 'one');
  await write('docs/renamed.md', 'one');
  await write('docs/nested/deep.md', 'one');
  await writeFile(path.join(dir, 'docs/_partial.mdx'), 'Shared prose.\n');
  git('add', '.');
  git('commit', '-m', 'first');
  await write('docs/edited.md', 'two');
  git('commit', '-am', 'edit');
  git('checkout', '-b', 'side');
  await write('docs/merged.md', 'side');
  await write('docs/taken.md', 'side');
  git('commit', '-am', 'side');
  git('checkout', 'main');
  await write('docs/nested/deep.md', 'two');
  git('commit', '-am', 'main');
  git('merge', '--no-commit', 'side');
  await write('docs/merged.md', 'both');
  git('commit', '-am', 'merge');
  git('mv', 'docs/renamed.md', 'docs/moved.md');
  git('commit', '-m', 'rename');
  await write('docs/untracked.md', 'new');
  return dir;
}

test("each file's date is the one Docusaurus reads from git for it, one git call for them all", async (t) => {
  const dir = await repositoryWithHistory(t);
  const dates = await lastCommitDates(path.join(dir, 'docs'));
  for (const file of [
    'edited.md',
    'merged.md',
    'taken.md',
    'moved.md',
    'nested/deep.md',
  ]) {
    const absolute = path.join(dir, 'docs', file);
    const {timestamp, author} = await getFileCommitDate(absolute, {
      age: 'newest',
      includeAuthor: true,
    });
    assert.equal(dates.get(absolute)?.timestamp, timestamp, file);
    assert.equal(dates.get(absolute)?.author, author, file);
  }
  assert.equal(dates.get(path.join(dir, 'docs/untracked.md')), undefined);
  assert.deepEqual(await lastCommitDates(tmpdir()), new Map());
});

test("Docusaurus's last-update reader takes every date from the one log, and a writer's own date still wins", async (t) => {
  const dir = await repositoryWithHistory(t);
  const expected = await getFileCommitDate(path.join(dir, 'docs/edited.md'), {
    age: 'newest',
    includeAuthor: true,
  });
  const deep = await getFileCommitDate(path.join(dir, 'docs/nested/deep.md'), {
    age: 'newest',
  });
  const environment = process.env.NODE_ENV;
  const docusaurusCommitDate = gitUtils.getFileCommitDate;
  process.env.NODE_ENV = 'production';
  readDatesFromOneLog(dir);
  try {
    /** @param {string} file @param {{date?: string}} [frontMatter] */
    const read = (file, frontMatter) =>
      readLastUpdateData(
        path.join(dir, file),
        {showLastUpdateTime: true, showLastUpdateAuthor: true},
        frontMatter,
      );
    assert.deepEqual(await read('docs/edited.md'), {
      lastUpdatedAt: expected.timestamp,
      lastUpdatedBy: 'Writer',
    });
    // Without the repository, only the log read before can give a date.
    await rename(path.join(dir, '.git'), path.join(dir, 'moved-git'));
    assert.equal(
      (await read('docs/nested/deep.md')).lastUpdatedAt,
      deep.timestamp,
      "Docusaurus no longer reads a doc's date through the getFileCommitDate of @docusaurus/utils's git module: plugins/content/last-update answers nothing it asks",
    );
    assert.equal(
      (await read('docs/edited.md', {date: '2024-05-06'})).lastUpdatedAt,
      new Date('2024-05-06').getTime(),
    );
  } finally {
    gitUtils.getFileCommitDate = docusaurusCommitDate;
    process.env.NODE_ENV = environment;
  }
});

test("in a production build, the site's config and last-update plugin leave every file's front matter as written, a partial's empty", async (t) => {
  const dir = await repositoryWithHistory(t);
  const {siteConfig} = await loadSiteConfig({siteDir: repoRoot});
  const environment = process.env.NODE_ENV;
  const docusaurusCommitDate = gitUtils.getFileCommitDate;
  process.env.NODE_ENV = 'production';
  lastUpdate(
    /** @type {import('@docusaurus/types').LoadContext} */ ({siteDir: dir}),
  );
  try {
    // What the docs plugin and the MDX loader read, through the site's config.
    /** @param {string} file */
    const frontMatter = async (file) =>
      (
        await siteConfig.markdown.parseFrontMatter({
          filePath: path.join(dir, file),
          fileContent: await readFile(path.join(dir, file), 'utf8'),
          defaultParseFrontMatter: DEFAULT_PARSE_FRONT_MATTER,
        })
      ).frontMatter;
    // A page may render Object.entries(frontMatter); a partial with front
    // matter makes the MDX loader warn.
    assert.deepEqual(await frontMatter('docs/edited.md'), {title: 'two'});
    assert.deepEqual(await frontMatter('docs/nested/deep.md'), {title: 'two'});
    assert.deepEqual(await frontMatter('docs/_partial.mdx'), {});
  } finally {
    gitUtils.getFileCommitDate = docusaurusCommitDate;
    process.env.NODE_ENV = environment;
  }
});

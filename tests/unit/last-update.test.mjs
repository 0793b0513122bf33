import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdir, mkdtemp, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {DEFAULT_PARSE_FRONT_MATTER, getFileCommitDate} from '@docusaurus/utils';
import {
  lastCommitDates,
  withLastUpdateFromGit,
} from '../../plugins/last-update/front-matter.mjs';

/**
 * A repository whose history has what changes a file's date: an edit, a merge
 * that changed a file beside both its parents, a merge that took one side's
 * edit, a rename; and a file git does not know.
 */
async function repositoryWithHistory() {
  const dir = await mkdtemp(path.join(tmpdir(), 'last-update-'));
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

test("each file's date is the one Docusaurus reads from git for it, one git call for them all", async () => {
  const dir = await repositoryWithHistory();
  const dates = await lastCommitDates(path.join(dir, 'docs'));
  for (const file of [
    'edited.md',
    'merged.md',
    'taken.md',
    'moved.md',
    'nested/deep.md',
  ]) {
    const absolute = path.join(dir, 'docs', file);
    const {timestamp} = await getFileCommitDate(absolute, {age: 'newest'});
    assert.equal(dates.get(absolute)?.getTime(), timestamp, file);
  }
  assert.equal(dates.get(path.join(dir, 'docs/untracked.md')), undefined);
  assert.deepEqual(await lastCommitDates(tmpdir()), new Map());
});

test("a production build's front matter gets the date; a writer's own date, an unknown file and the dev server are left alone", async () => {
  const dir = await repositoryWithHistory();
  /** @param {string} file @param {string} fileContent */
  const parse = (file, fileContent) =>
    withLastUpdateFromGit()({
      filePath: path.join(dir, file),
      fileContent,
      defaultParseFrontMatter: DEFAULT_PARSE_FRONT_MATTER,
    });
  const environment = process.env.NODE_ENV;
  try {
    process.env.NODE_ENV = 'production';
    const {timestamp} = await getFileCommitDate(
      path.join(dir, 'docs/edited.md'),
      {age: 'newest'},
    );
    assert.deepEqual(
      (await parse('docs/edited.md', '---\ntitle: Edited\n---\nText'))
        .frontMatter,
      {
        title: 'Edited',
        last_update: {date: new Date(timestamp).toISOString()},
      },
    );
    assert.deepEqual(
      (
        await parse(
          'docs/edited.md',
          '---\nlast_update:\n  author: Ann\n---\nText',
        )
      ).frontMatter,
      {
        last_update: {
          author: 'Ann',
          date: new Date(timestamp).toISOString(),
        },
      },
    );
    const ownDate = '---\nlast_update:\n  date: 2024-05-06\n---\nText';
    assert.deepEqual(
      (await parse('docs/edited.md', ownDate)).frontMatter,
      (
        await DEFAULT_PARSE_FRONT_MATTER({
          filePath: 'edited.md',
          fileContent: ownDate,
        })
      ).frontMatter,
    );
    assert.deepEqual(
      (await parse('docs/untracked.md', '---\ntitle: New\n---\n')).frontMatter,
      {title: 'New'},
    );
    process.env.NODE_ENV = 'development';
    assert.deepEqual(
      (await parse('docs/edited.md', '---\ntitle: Edited\n---\n')).frontMatter,
      {title: 'Edited'},
    );
  } finally {
    process.env.NODE_ENV = environment;
  }
});

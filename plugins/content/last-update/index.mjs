// Each doc's last-update date from one `git log` of the whole repository,
// where Docusaurus reads the date: its git helper, which the docs plugin calls
// for every doc, answers from that log. Docusaurus otherwise starts a shell
// and a git process for every doc, on the build's main thread: some 3 s of a
// 1,000-doc build. The date is the one it would find: the newest commit that
// changed the file. The front matter a writer reads (`frontMatter` in MDX) is
// left as written; a file git does not know is left to Docusaurus.
import {execFile} from 'node:child_process';
import {realpath} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {
  answerFileCommitDates,
  docusaurusFileCommitDate,
} from '@nodekeeper/docusaurus-internals';

const run = promisify(execFile);
/** Marks each commit in the log, so that a file name is never read as a commit. */
const commitMark = 'commit ';

/** @typedef {{date: Date, timestamp: number, author: string}} CommitDate */

/**
 * The newest commit that changed each file of the repository `dir` is in
 * (its date and author, as Docusaurus's `getFileCommitDate` gives them), by
 * absolute path; empty when git or the repository is missing.
 * @param {string} dir
 * @returns {Promise<Map<string, CommitDate>>}
 */
export async function lastCommitDates(dir) {
  /** @type {Map<string, CommitDate>} */
  const dates = new Map();
  let root;
  let log;
  try {
    root = (
      await run('git', ['rev-parse', '--show-toplevel'], {cwd: dir})
    ).stdout.trim();
    log = (
      await run(
        'git',
        [
          '-c',
          'log.showSignature=false',
          'log',
          `--format=%x00${commitMark}%ct %an`,
          '--name-only',
          // A merge that changed a file beside both its parents, as Docusaurus counts it.
          '--diff-merges=dense-combined',
          '-z',
        ],
        {cwd: root, maxBuffer: 1024 ** 3},
      )
    ).stdout;
  } catch {
    return dates;
  }
  /** @type {CommitDate | undefined} */
  let commit;
  for (const field of log.split('\0')) {
    if (field.startsWith(commitMark)) {
      const [seconds, ...author] = field.slice(commitMark.length).split(' ');
      const timestamp = Number(seconds) * 1000;
      commit = {date: new Date(timestamp), timestamp, author: author.join(' ')};
      continue;
    }
    const file = field.replace(/^\n/, '');
    // The log runs from the newest commit: a file's first date is its last change.
    if (file && commit && !dates.has(path.join(root, file)))
      dates.set(path.join(root, file), commit);
  }
  return dates;
}

const docusaurusCommitDate = docusaurusFileCommitDate;

/**
 * Makes Docusaurus's `getFileCommitDate` answer the newest commit of a file
 * from one log of the repository `siteDir` is in; any other question, and a
 * file the log does not hold, go to Docusaurus's own.
 * @param {string} siteDir
 */
export function readDatesFromOneLog(siteDir) {
  /** @type {Promise<Map<string, CommitDate>> | undefined} */
  let dates;
  /**
   * @param {string} file
   * @param {Parameters<typeof docusaurusCommitDate>[1] & {includeAuthor?: boolean}} options
   */
  const fromLog = async (file, options) => {
    if (options.age === 'newest') {
      dates ??= lastCommitDates(siteDir);
      const commit = (await dates).get(await realpath(file).catch(() => file));
      if (commit)
        return options.includeAuthor
          ? commit
          : {date: commit.date, timestamp: commit.timestamp};
    }
    return docusaurusCommitDate(
      file,
      /** @type {{includeAuthor: true}} */ (options),
    );
  };
  answerFileCommitDates(
    /** @type {typeof docusaurusCommitDate} */ (
      /** @type {unknown} */ (fromLog)
    ),
  );
}

/**
 * @param {import('@docusaurus/types').LoadContext} context
 * @returns {import('@docusaurus/types').Plugin}
 */
export default function lastUpdate({siteDir}) {
  readDatesFromOneLog(siteDir);
  return {name: 'last-update'};
}

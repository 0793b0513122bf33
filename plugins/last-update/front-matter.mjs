// Each doc's last-update date from one `git log` of the whole repository,
// handed to Docusaurus as the `last_update` front matter it already reads.
// Docusaurus otherwise starts a shell and a git process for every doc, on the
// build's main thread: some 3 s of a 1,000-doc build. The date is the one
// it would find: the newest commit that changed the file. A writer's own
// `last_update` date wins, and a file git does not know is left to Docusaurus.
import {execFile} from 'node:child_process';
import {realpath} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';

const run = promisify(execFile);

/** Marks each commit in the log, so that a file name is never read as a commit. */
const commitMark = 'commit ';

/**
 * The date of the newest commit that changed each file of the repository
 * `dir` is in, by absolute path; empty when git or the repository is missing.
 * @param {string} dir
 * @returns {Promise<Map<string, Date>>}
 */
export async function lastCommitDates(dir) {
  /** @type {Map<string, Date>} */
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
          `--format=%x00${commitMark}%ct`,
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
  let date;
  for (const field of log.split('\0')) {
    if (field.startsWith(commitMark)) {
      date = new Date(Number(field.slice(commitMark.length)) * 1000);
      continue;
    }
    const file = field.replace(/^\n/, '');
    // The log runs from the newest commit: a file's first date is its last change.
    if (file && date && !dates.has(path.join(root, file)))
      dates.set(path.join(root, file), date);
  }
  return dates;
}

/** @typedef {import('@docusaurus/types').MarkdownConfig['parseFrontMatter']} ParseFrontMatter */

/**
 * A `markdown.parseFrontMatter` that gives every Markdown file git knows its
 * last change as `last_update.date`, in production builds (the dev server
 * shows Docusaurus's placeholder date, as without it).
 * @returns {ParseFrontMatter}
 */
export function withLastUpdateFromGit() {
  /** @type {Promise<Map<string, Date>> | undefined} */
  let dates;
  return async (params) => {
    const result = await params.defaultParseFrontMatter(params);
    const lastUpdate = /** @type {{date?: unknown} | undefined} */ (
      result.frontMatter.last_update
    );
    if (process.env.NODE_ENV !== 'production' || lastUpdate?.date !== undefined)
      return result;
    const file = await realpath(params.filePath);
    dates ??= lastCommitDates(path.dirname(file));
    const date = (await dates).get(file);
    if (!date) return result;
    return {
      ...result,
      frontMatter: {
        ...result.frontMatter,
        last_update: {...lastUpdate, date: date.toISOString()},
      },
    };
  };
}

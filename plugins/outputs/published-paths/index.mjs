// Keeps every published doc path answering after a writer renames or moves
// the doc (./paths.mjs): `_redirects` for Netlify and Cloudflare Pages (the
// nginx set-up, tools/nginx, reads it too), and at each old path a page and
// a Markdown copy that send the reader on, for hosts that read neither. The
// build records new paths in published-paths.json, beside the config: commit
// it with the docs.
import {execFile} from 'node:child_process';
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {
  parseRenames,
  redirectMarkdown,
  redirectPage,
  redirectsFile,
  resolvePaths,
} from './paths.mjs';
import {emittingFiles} from '../emitted-files.mjs';

const run = promisify(execFile);

/** The map's file, in the site's folder. */
export const mapFile = 'published-paths.json';

/**
 * The renames git knows of in `dir`, committed and staged, oldest first;
 * none where git or the history is missing (a shallow clone: the map's
 * `moved` then holds what earlier builds found).
 * @param {string} dir
 */
async function gitRenames(dir) {
  const git = async (/** @type {string[]} */ ...args) =>
    (await run('git', args, {cwd: dir, maxBuffer: 1024 ** 3})).stdout;
  try {
    const committed = await git(
      'log',
      '--format=',
      '--name-status',
      '-M',
      '--diff-filter=R',
      '--relative',
    );
    const staged = await git(
      'diff',
      '--cached',
      '--name-status',
      '-M',
      '--diff-filter=R',
      '--relative',
    );
    return [...parseRenames(committed), ...parseRenames(staged)];
  } catch {
    return [];
  }
}

/**
 * @param {import('@docusaurus/types').LoadContext} context
 * @returns {import('@docusaurus/types').Plugin}
 */
export default function publishedPaths({siteDir, siteConfig, baseUrl, i18n}) {
  const origin = siteConfig.url.replace(/\/$/, '');
  const language = i18n.localeConfigs[i18n.currentLocale]?.htmlLang ?? 'en';
  /** @type {Map<string, string>} */
  let outputs = new Map();

  return {
    name: 'published-paths',

    async allContentLoaded({allContent}) {
      const {loadedVersions} =
        /** @type {import('@docusaurus/plugin-content-docs').LoadedContent} */ (
          allContent['docusaurus-plugin-content-docs'].default
        );
      /** @type {Map<string, string>} */
      const published = new Map();
      /** @type {Map<string, string>} */
      const titles = new Map();
      // Drafts, which `npm start` shows, are never published.
      for (const doc of loadedVersions
        .flatMap((version) => version.docs)
        .filter((candidate) => !candidate.draft)) {
        const page = doc.permalink.slice(baseUrl.length);
        published.set(page, doc.source.replace(/^@site\//, ''));
        titles.set(page, doc.title);
      }
      const file = path.join(siteDir, mapFile);
      const text = await readFile(file, 'utf8').catch(() => undefined);
      const recorded = {
        pages: {},
        moved: {},
        gone: [],
        ...(text === undefined ? {} : JSON.parse(text)),
      };
      const {redirects, gone, missing, next} = resolvePaths({
        recorded,
        published,
        renames: await gitRenames(siteDir),
      });
      if (missing.length > 0)
        throw new Error(
          `${mapFile}: these published pages are no longer published, and neither git nor ${mapFile} says where they went:\n${missing
            .map(
              ({path: page, file: source}) =>
                `- ${baseUrl}${page} (was ${source})`,
            )
            .join(
              '\n',
            )}\nKeep them answering: add each to "moved" with the path that replaces it ("moved": {"docs/old": "docs/new"}), or to "gone" if nothing replaces it (it then answers 410 Gone).`,
        );
      if (JSON.stringify(next) !== JSON.stringify(recorded)) {
        await writeFile(file, `${JSON.stringify(next, null, 2)}\n`);
        console.info(
          `[published-paths] ${mapFile} records this build's paths: commit it with the docs.`,
        );
      }
      /** @type {typeof outputs} */
      const files = new Map([
        ['_redirects', redirectsFile({baseUrl, redirects, gone})],
      ]);
      for (const [from, to] of Object.entries(redirects)) {
        const title = titles.get(to) ?? to;
        files.set(
          `${from}/index.html`,
          redirectPage({
            url: origin + baseUrl + to,
            path: baseUrl + to,
            title,
            language,
          }),
        );
        files.set(
          `${from}.md`,
          redirectMarkdown({url: `${origin}${baseUrl}${to}.md`, title}),
        );
      }
      outputs = files;
    },

    configureWebpack: emittingFiles('published-paths', () => outputs),
  };
}

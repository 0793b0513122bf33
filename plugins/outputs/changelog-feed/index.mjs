// Publishes the changelog doc as an Atom feed (./feed.mjs), built from its
// Markdown copy (plugins/outputs/llms-txt), so that links in it are absolute, and
// names the feed in every page's head. The feed is emitted by the client
// bundler, so that it is in the build before any plugin's postBuild runs.
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {docToMarkdown} from '../llms-txt/markdown.mjs';
import {atomFeed, releases} from './feed.mjs';
import {changelogDocId, product} from '../../../src/product.mjs';
import {emittingFiles} from '../emitted-files.mjs';

/** Where the feed is published, relative to the base URL. */
export const feedPath = 'changelog.atom';

/**
 * @param {import('@docusaurus/types').LoadContext} context
 * @returns {import('@docusaurus/types').Plugin}
 */
export default function changelogFeed(context) {
  const docId = changelogDocId;
  const title = `${product.name} changelog`;
  const {siteDir, siteConfig, baseUrl, i18n} = context;
  const origin = siteConfig.url.replace(/\/$/, '');
  const language = i18n.localeConfigs[i18n.currentLocale]?.htmlLang ?? 'en';
  const {magicComments} =
    /** @type {{magicComments: import('../llms-txt/markdown.mjs').MagicComments}} */ (
      siteConfig.themeConfig.prism
    );
  let feed = '';

  return {
    name: 'changelog-feed',

    injectHtmlTags: () => ({
      headTags: [
        {
          tagName: 'link',
          attributes: {
            rel: 'alternate',
            type: 'application/atom+xml',
            title,
            href: baseUrl + feedPath,
          },
        },
      ],
    }),

    async allContentLoaded({allContent}) {
      const {loadedVersions} =
        /** @type {import('@docusaurus/plugin-content-docs').LoadedContent} */ (
          allContent['docusaurus-plugin-content-docs'].default
        );
      const {docs} = loadedVersions[0];
      const doc = docs.find((candidate) => candidate.id === docId);
      if (!doc)
        throw new Error(
          `changelog-feed: no published doc has the id "${docId}"; name the changelog's doc in src/product.mjs (changelogDocId)`,
        );
      /** @param {{source: string}} d */
      const fileOf = (d) =>
        path.resolve(siteDir, d.source.replace(/^@site\//, ''));
      const urlBySourceFile = new Map(
        docs.map((d) => [fileOf(d), origin + d.permalink]),
      );
      const file = fileOf(doc);
      const pageUrl = origin + doc.permalink;
      const {markdown} = docToMarkdown({
        source: await readFile(file, 'utf8'),
        file,
        title: doc.title,
        url: pageUrl,
        origin,
        baseUrl,
        urlOfDoc: (target) => urlBySourceFile.get(target),
        magicComments,
      });
      const found = releases(markdown);
      if (found.length === 0)
        throw new Error(
          `changelog-feed: ${path.relative(siteDir, file)} has no heading or table row with a date ("### 1.4, 7 April 2025"), so the feed would be empty`,
        );
      feed = atomFeed({
        title,
        subtitle: doc.description,
        author: product.name,
        authorUrl: origin + baseUrl,
        feedUrl: origin + baseUrl + feedPath,
        pageUrl,
        language,
        updated: doc.lastUpdatedAt ? new Date(doc.lastUpdatedAt) : undefined,
        releases: found,
      });
    },

    configureWebpack: emittingFiles('changelog-feed', () => [[feedPath, feed]]),
  };
}

// Publishes the docs for language models and other readers of plain text
// (https://llmstxt.org): a Markdown copy of every doc at its URL plus `.md`,
// `llms.txt` (the site's name, a summary, and a link to each copy, in sidebar
// order, one section a sidebar category), and `llms-full.txt` (every copy in
// sidebar order). It reads the docs the docs plugin loaded, so drafts, which a
// production build does not load, never appear. The files are emitted by the
// client bundler, so that they are in the build before any plugin's postBuild
// runs (plugins/security-headers lists the build's files) and `npm start`
// serves them too.
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {docToMarkdown} from './markdown.mjs';

/** @typedef {import('@docusaurus/plugin-content-docs').DocMetadata} DocMetadata */
/** @typedef {import('@docusaurus/plugin-content-docs').LoadedVersion['sidebars'][string]} Sidebar */
/** @typedef {{label: string, docs: {title: string, markdownUrl: string, description: string}[]}} LinkSection */

/**
 * Where the copy of the page at `permalink` is, relative to the base URL.
 * @param {string} permalink
 * @param {string} baseUrl
 */
export function markdownPath(permalink, baseUrl) {
  const page = permalink.slice(baseUrl.length);
  return page === '' || page.endsWith('/') ? `${page}index.md` : `${page}.md`;
}

/**
 * The sidebar's docs in order, in sections: one a top-level category (its
 * label, then its docs and those of its subcategories), and one for each run
 * of docs outside any category, named `topLevelLabel`.
 * @param {Sidebar} items
 * @param {string} topLevelLabel
 */
export function sidebarSections(items, topLevelLabel) {
  /** @type {(item: Sidebar[number]) => string[]} */
  const docIds = (item) => {
    if (item.type === 'doc' || item.type === 'ref') return [item.id];
    if (item.type !== 'category') return [];
    return [
      ...(item.link?.type === 'doc' ? [item.link.id] : []),
      ...item.items.flatMap(docIds),
    ];
  };
  /** @type {{label: string, docIds: string[], topLevel?: true}[]} */
  const sections = [];
  for (const item of items) {
    if (item.type === 'category') {
      sections.push({label: item.label, docIds: docIds(item)});
    } else if (docIds(item).length > 0) {
      if (sections.at(-1)?.topLevel !== true)
        sections.push({label: topLevelLabel, docIds: [], topLevel: true});
      sections[sections.length - 1].docIds.push(...docIds(item));
    }
  }
  return sections
    .map(({label, docIds: ids}) => ({label, docIds: [...new Set(ids)]}))
    .filter(({docIds: ids}) => ids.length > 0);
}

/** @param {string} text */
const oneLine = (text) => text.replace(/\s+/g, ' ').trim();
/** @param {string} text */
const linkText = (text) => text.replace(/[[\]\\]/g, '\\$&');

/**
 * llms.txt: the site's name, its summary, then a section of links a sidebar section.
 * @param {{title: string, summary: string, sections: LinkSection[]}} site
 */
export function llmsTxt({title, summary, sections}) {
  /** @param {LinkSection} section */
  const section = ({label, docs}) =>
    [
      `## ${label}`,
      '',
      ...docs.map(
        (doc) =>
          `- [${linkText(doc.title)}](${doc.markdownUrl})${doc.description ? `: ${oneLine(doc.description)}` : ''}`,
      ),
    ].join('\n');
  return (
    [`# ${title}`, `> ${oneLine(summary)}`, ...sections.map(section)].join(
      '\n\n',
    ) + '\n'
  );
}

/**
 * llms-full.txt: the site's name, its summary, then every doc's Markdown.
 * @param {{title: string, summary: string, docs: {markdown: string}[]}} site
 */
export function llmsFullTxt({title, summary, docs}) {
  return (
    [
      `# ${title}`,
      `> ${oneLine(summary)}`,
      ...docs.map((doc) => doc.markdown.trim()),
    ].join('\n\n') + '\n'
  );
}

/**
 * @param {import('@docusaurus/types').LoadContext} context
 * @param {{summary: string, topLevelLabel?: string}} options
 * @returns {import('@docusaurus/types').Plugin}
 */
export default function llmsTxtPlugin(
  context,
  {summary, topLevelLabel = 'Docs'},
) {
  const {siteDir, siteConfig, baseUrl} = context;
  const origin = siteConfig.url.replace(/\/$/, '');
  // The theme fills in its default magic comments when the site names none.
  const {magicComments} =
    /** @type {{magicComments: import('./markdown.mjs').MagicComments}} */ (
      siteConfig.themeConfig.prism
    );
  // Output path (relative to the build folder) => contents.
  /** @type {Map<string, string | Buffer>} */
  let outputs = new Map();

  return {
    name: 'llms-txt',

    async allContentLoaded({allContent}) {
      const docsContent =
        /** @type {import('@docusaurus/plugin-content-docs').LoadedContent} */ (
          allContent['docusaurus-plugin-content-docs'].default
        );
      const version = docsContent.loadedVersions[0];
      /** @param {DocMetadata} doc */
      const sourceFile = (doc) =>
        path.resolve(siteDir, doc.source.replace(/^@site\//, ''));
      const urlBySourceFile = new Map(
        version.docs.map((doc) => [sourceFile(doc), origin + doc.permalink]),
      );

      /** @type {typeof outputs} */
      const next = new Map();
      // Doc ID => the doc and its Markdown copy.
      /** @type {Map<string, {doc: DocMetadata, markdown: string}>} */
      const copies = new Map();
      for (const doc of version.docs) {
        const file = sourceFile(doc);
        const {markdown, assets} = docToMarkdown({
          source: await readFile(file, 'utf8'),
          file,
          title: doc.title,
          url: origin + doc.permalink,
          origin,
          baseUrl,
          urlOfDoc: (target) => urlBySourceFile.get(target),
          magicComments,
        });
        copies.set(doc.id, {doc, markdown});
        next.set(markdownPath(doc.permalink, baseUrl), markdown);
        for (const asset of assets)
          next.set(
            new URL(asset.url).pathname.slice(baseUrl.length),
            await readFile(asset.file),
          );
      }

      const sections = Object.values(version.sidebars)
        .flatMap((items) => sidebarSections(items, topLevelLabel))
        .map(({label, docIds}) => ({
          label,
          copies: docIds
            .map((id) => copies.get(id))
            .filter((copy) => copy !== undefined),
        }));
      const listed = sections.flatMap((section) => section.copies);
      /** @param {{doc: DocMetadata}} copy */
      const entry = ({doc}) => ({
        title: doc.title,
        description: doc.description,
        markdownUrl: origin + baseUrl + markdownPath(doc.permalink, baseUrl),
      });
      next.set(
        'llms.txt',
        llmsTxt({
          title: siteConfig.title,
          summary,
          sections: sections.map((section) => ({
            label: section.label,
            docs: section.copies.map(entry),
          })),
        }),
      );
      next.set(
        'llms-full.txt',
        llmsFullTxt({
          title: siteConfig.title,
          summary,
          docs: [...new Set(listed)],
        }),
      );
      outputs = next;
    },

    configureWebpack(config, isServer) {
      if (isServer) return {};
      return {
        plugins: [
          {
            apply(compiler) {
              const {Compilation, sources} = compiler.webpack;
              compiler.hooks.thisCompilation.tap('llms-txt', (compilation) => {
                compilation.hooks.processAssets.tap(
                  {
                    name: 'llms-txt',
                    stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
                  },
                  () => {
                    for (const [name, contents] of outputs)
                      compilation.emitAsset(
                        name,
                        new sources.RawSource(contents),
                      );
                  },
                );
              });
            },
          },
        ],
      };
    },
  };
}

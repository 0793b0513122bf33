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

/** Where the copy of the page at `permalink` is, relative to the base URL. */
export function markdownPath(permalink, baseUrl) {
  const page = permalink.slice(baseUrl.length);
  return page === '' || page.endsWith('/') ? `${page}index.md` : `${page}.md`;
}

/**
 * The sidebar's docs in order, in sections: one a top-level category (its
 * label, then its docs and those of its subcategories), and one for each run
 * of docs outside any category, named `topLevelLabel`.
 */
export function sidebarSections(items, topLevelLabel) {
  const docIds = (item) => {
    if (item.type === 'doc' || item.type === 'ref') return [item.id];
    if (item.type !== 'category') return [];
    return [...(item.link?.type === 'doc' ? [item.link.id] : []), ...item.items.flatMap(docIds)];
  };
  const sections = [];
  for (const item of items) {
    if (item.type === 'category') {
      sections.push({label: item.label, docIds: docIds(item)});
    } else if (docIds(item).length > 0) {
      if (sections.at(-1)?.topLevel !== true) sections.push({label: topLevelLabel, docIds: [], topLevel: true});
      sections.at(-1).docIds.push(...docIds(item));
    }
  }
  return sections.map(({label, docIds: ids}) => ({label, docIds: [...new Set(ids)]})).filter(({docIds: ids}) => ids.length > 0);
}

const oneLine = (text) => text.replace(/\s+/g, ' ').trim();
const linkText = (text) => text.replace(/[[\]\\]/g, '\\$&');

/** llms.txt: the site's name, its summary, then a section of links a sidebar section. */
export function llmsTxt({title, summary, sections}) {
  const section = ({label, docs}) =>
    [`## ${label}`, '', ...docs.map((doc) => `- [${linkText(doc.title)}](${doc.markdownUrl})${doc.description ? `: ${oneLine(doc.description)}` : ''}`)].join('\n');
  return [`# ${title}`, `> ${oneLine(summary)}`, ...sections.map(section)].join('\n\n') + '\n';
}

/** llms-full.txt: the site's name, its summary, then every doc's Markdown. */
export function llmsFullTxt({title, summary, docs}) {
  return [`# ${title}`, `> ${oneLine(summary)}`, ...docs.map((doc) => doc.markdown.trim())].join('\n\n') + '\n';
}

/** @type {import('@docusaurus/types').PluginModule<unknown>} */
export default function llmsTxtPlugin(context, {summary, topLevelLabel = 'Docs'}) {
  const {siteDir, siteConfig, baseUrl} = context;
  const origin = siteConfig.url.replace(/\/$/, '');
  // Output path (relative to the build folder) => contents.
  let outputs = new Map();

  return {
    name: 'llms-txt',

    async allContentLoaded({allContent}) {
      const version = allContent['docusaurus-plugin-content-docs'].default.loadedVersions[0];
      const docsById = new Map(version.docs.map((doc) => [doc.id, doc]));
      const sourceFile = (doc) => path.resolve(siteDir, doc.source.replace(/^@site\//, ''));
      const urlBySourceFile = new Map(version.docs.map((doc) => [sourceFile(doc), origin + doc.permalink]));

      const next = new Map();
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
        });
        copies.set(doc.id, markdown);
        next.set(markdownPath(doc.permalink, baseUrl), markdown);
        for (const asset of assets) next.set(new URL(asset.url).pathname.slice(baseUrl.length), await readFile(asset.file));
      }

      const sections = Object.values(version.sidebars)
        .flatMap((items) => sidebarSections(items, topLevelLabel))
        .map(({label, docIds}) => ({label, docs: docIds.map((id) => docsById.get(id)).filter(Boolean)}));
      const listed = sections.flatMap((section) => section.docs);
      const entry = (doc) => ({
        title: doc.title,
        description: doc.description,
        markdownUrl: origin + baseUrl + markdownPath(doc.permalink, baseUrl),
      });
      next.set('llms.txt', llmsTxt({
        title: siteConfig.title,
        summary,
        sections: sections.map(({label, docs}) => ({label, docs: docs.map(entry)})),
      }));
      next.set('llms-full.txt', llmsFullTxt({
        title: siteConfig.title,
        summary,
        docs: [...new Set(listed)].map((doc) => ({markdown: copies.get(doc.id)})),
      }));
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
                  {name: 'llms-txt', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL},
                  () => {
                    for (const [name, contents] of outputs) compilation.emitAsset(name, new sources.RawSource(contents));
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

// Publishes the docs for language models and other readers of plain text
// (https://llmstxt.org): a Markdown copy of every doc at its URL plus `.md`,
// `llms.txt` (the site's name, a summary, and a link to each copy, in sidebar
// order, one section a sidebar category), and `llms-full.txt` (every copy in
// sidebar order). It reads the docs the docs plugin loaded, so drafts, which a
// production build does not load, never appear. The files are emitted by the
// client bundler, so that they are in the build before any plugin's postBuild
// runs (plugins/outputs/security-headers lists the build's files) and `npm start`
// serves them too.
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {docToMarkdown, docusaurusReading} from './markdown.mjs';
import {llmsSummary} from '../../../src/product.mjs';
import {feedPath} from '../changelog-feed/index.mjs';
import {emittingFiles} from '../emitted-files.mjs';

/** @typedef {import('@docusaurus/plugin-content-docs').DocMetadata} DocMetadata */
/** @typedef {import('@docusaurus/plugin-content-docs').LoadedVersion['sidebars'][string]} Sidebar */
/** @typedef {{label: string, docs: {title: string, markdownUrl: string, description: string}[]}} LinkSection */

/** The label of llms.txt's section for the pages outside the docs' sidebar sections. */
export const pagesLabel = 'Site pages';

/**
 * The line near the top of every page and every Markdown copy that tells an
 * agent where the index is and that each page has a copy in Markdown.
 * @param {string} llmsTxtUrl
 */
export function agentDirective(llmsTxtUrl) {
  return `For AI agents: the index of these docs is at ${llmsTxtUrl}, and every page has a Markdown copy at its address with .md added.`;
}

/**
 * `markdown` with the agent directive as a quote under its H1.
 * @param {string} markdown
 * @param {string} llmsTxtUrl
 */
export function withDirective(markdown, llmsTxtUrl) {
  const [heading, ...rest] = markdown.split('\n');
  return [heading, '', `> ${agentDirective(llmsTxtUrl)}`, ...rest].join('\n');
}

/**
 * The Markdown copy of a category's generated index page: its title, its
 * description, and a link to each of its docs with the doc's description, as
 * the page shows them.
 * @param {{title: string, description?: string, docs: {title: string, url: string, description: string}[]}} category
 */
export function categoryMarkdown({title, description, docs}) {
  return (
    [
      `# ${title}`,
      ...(description ? [oneLine(description)] : []),
      docs
        .map(
          (doc) =>
            `- [${linkText(doc.title)}](${doc.url})${doc.description ? `: ${oneLine(doc.description)}` : ''}`,
        )
        .join('\n'),
    ].join('\n\n') + '\n'
  );
}

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
 * What an agent can use beyond the copies, for llms.txt.
 * @param {string} feedUrl the changelog's feed
 */
export function agentNote(feedUrl) {
  return `Every page names its Markdown copy in a Link header, and each doc in its head too (<link rel="alternate" type="text/markdown">) with schema.org JSON-LD; the changelog has an Atom feed at ${feedUrl}. In a browser with WebMCP, every page registers tools to list, read and open these docs.`;
}

/**
 * llms.txt: the site's name, its summary, a note for agents, then a section
 * of links a sidebar section.
 * @param {{title: string, summary: string, note?: string, sections: LinkSection[]}} site
 */
export function llmsTxt({title, summary, note, sections}) {
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
    [
      `# ${title}`,
      `> ${oneLine(summary)}`,
      ...(note ? [note] : []),
      ...sections.map(section),
    ].join('\n\n') + '\n'
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
 * How the docs plugin reads its files: the site's `markdown` config and the
 * `admonitions` option of the docs, wherever the config sets them (the
 * classic preset's `docs`, or the docs plugin itself).
 * @param {import('@docusaurus/types').DocusaurusConfig} siteConfig
 * @returns {import('./markdown.mjs').Reading}
 */
export function readingOf(siteConfig) {
  /** @type {unknown[]} */
  const entries = [...siteConfig.presets, ...siteConfig.plugins];
  /** @type {{admonitions?: unknown} | undefined} */
  const docs = entries
    .map((entry) => {
      if (!Array.isArray(entry)) return undefined;
      const [name, options] = entry;
      if (typeof name !== 'string' || !options) return undefined;
      if (/(^|[/-])preset-classic$|^classic$/.test(name)) return options.docs;
      if (/plugin-content-docs$|^content-docs$/.test(name)) return options;
      return undefined;
    })
    .find((options) => options && typeof options === 'object');
  const {format, mdx1Compat, preprocessor} = {
    ...docusaurusReading,
    ...siteConfig.markdown,
  };
  return {
    format,
    mdx1Compat: {...docusaurusReading.mdx1Compat, ...mdx1Compat},
    preprocessor,
    admonitions: docs?.admonitions ?? docusaurusReading.admonitions,
  };
}

/**
 * A page's copy as its source has it, for a page whose copy cannot be made:
 * the file without its front matter, under the page's title.
 * @param {string} source
 * @param {string} title
 */
export function sourceCopy(source, title) {
  const body = source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '').trim();
  return /^# /.test(body) ? `${body}\n` : `# ${title}\n\n${body}\n`;
}

/**
 * The Markdown copy of a page, or, when it cannot be made, its source as it
 * is, with a warning naming the file: the page itself is built as ever.
 * @param {Parameters<typeof docToMarkdown>[0]} doc
 * @returns {ReturnType<typeof docToMarkdown>}
 */
function copyOf(doc) {
  try {
    return docToMarkdown(doc);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(
      `[WARNING] ${reason.startsWith(doc.file) ? reason : `${doc.file}: ${reason}`}; its Markdown copy is its source as written.`,
    );
    return {markdown: sourceCopy(doc.source, doc.title), assets: []};
  }
}

/**
 * @param {import('@docusaurus/types').LoadContext} context
 * @param {{summary?: string, topLevelLabel?: string}} options the summary is the product's (src/product.mjs) unless given
 * @returns {import('@docusaurus/types').Plugin}
 */
export default function llmsTxtPlugin(
  context,
  {summary = llmsSummary, topLevelLabel = 'Docs'} = {},
) {
  const {siteDir, siteConfig, baseUrl} = context;
  const origin = siteConfig.url.replace(/\/$/, '');
  const reading = readingOf(siteConfig);
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
      const llmsTxtUrl = `${origin}${baseUrl}llms.txt`;

      /** @type {typeof outputs} */
      const next = new Map();
      // Doc ID => the doc and its Markdown copy.
      /** @type {Map<string, {doc: DocMetadata, markdown: string}>} */
      const copies = new Map();
      for (const doc of version.docs) {
        const file = sourceFile(doc);
        const {markdown, assets} = copyOf({
          source: await readFile(file, 'utf8'),
          file,
          title: doc.title,
          url: origin + doc.permalink,
          origin,
          baseUrl,
          urlOfDoc: (target) => urlBySourceFile.get(target),
          magicComments,
          reading,
        });
        copies.set(doc.id, {doc, markdown});
        next.set(
          markdownPath(doc.permalink, baseUrl),
          withDirective(markdown, llmsTxtUrl),
        );
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
      // The pages outside the docs get copies too: the Markdown pages from
      // their source, each category's index from the sidebar.
      /** @type {LinkSection['docs']} */
      const pages = [];
      const pagesContent =
        /** @type {import('@docusaurus/plugin-content-pages').LoadedContent} */ (
          allContent['docusaurus-plugin-content-pages']?.default ?? []
        );
      // The home page is React; its text, as Markdown, is in src/home.md (a
      // test holds the two to the same words).
      const homeFile = path.join(siteDir, 'src/home.md');
      const {markdown: home} = copyOf({
        source: await readFile(homeFile, 'utf8'),
        file: homeFile,
        title: siteConfig.tagline,
        url: origin + baseUrl,
        origin,
        baseUrl,
        urlOfDoc: (target) => urlBySourceFile.get(target),
        magicComments,
        reading,
      });
      next.set(markdownPath(baseUrl, baseUrl), withDirective(home, llmsTxtUrl));
      pages.push({
        title: siteConfig.tagline,
        description: '',
        markdownUrl: origin + baseUrl + markdownPath(baseUrl, baseUrl),
      });
      for (const page of pagesContent) {
        if (page.type !== 'mdx') continue;
        const file = path.resolve(siteDir, page.source.replace(/^@site\//, ''));
        const title = String(page.frontMatter.title ?? page.title ?? '');
        const {markdown} = copyOf({
          source: await readFile(file, 'utf8'),
          file,
          title,
          url: origin + page.permalink,
          origin,
          baseUrl,
          urlOfDoc: (target) => urlBySourceFile.get(target),
          magicComments,
          reading,
        });
        const copyPath = markdownPath(page.permalink, baseUrl);
        next.set(copyPath, withDirective(markdown, llmsTxtUrl));
        pages.push({
          title,
          description: String(page.frontMatter.description ?? ''),
          markdownUrl: origin + baseUrl + copyPath,
        });
      }
      /** @type {(item: Sidebar[number]) => Sidebar} */
      const categories = (item) =>
        item.type === 'category'
          ? [item, ...item.items.flatMap(categories)]
          : [];
      const generatedIndices = Object.values(version.sidebars)
        .flat()
        .flatMap(categories)
        .flatMap((category) =>
          category.type === 'category' &&
          category.link?.type === 'generated-index'
            ? [{category, link: category.link}]
            : [],
        );
      for (const {category, link} of generatedIndices) {
        const index = {
          title: link.title ?? category.label,
          description: link.description,
          permalink: link.permalink,
        };
        // The index page names each doc by its sidebar label.
        /** @type {Map<string, string | undefined>} */
        const labels = new Map(
          category.items.flatMap((item) =>
            item.type === 'doc' ? [[item.id, item.label]] : [],
          ),
        );
        const docs = sidebarSections([category], topLevelLabel)
          .flatMap(({docIds}) => docIds)
          .map((id) => copies.get(id)?.doc)
          .filter((doc) => doc !== undefined)
          .map((doc) => ({
            title: labels.get(doc.id) ?? doc.title,
            url: origin + doc.permalink,
            description: doc.description,
          }));
        const copyPath = markdownPath(index.permalink, baseUrl);
        next.set(
          copyPath,
          withDirective(
            categoryMarkdown({
              title: index.title,
              description: index.description,
              docs,
            }),
            llmsTxtUrl,
          ),
        );
        pages.push({
          title: index.title,
          description: index.description ?? '',
          markdownUrl: origin + baseUrl + copyPath,
        });
      }
      next.set(
        'llms.txt',
        llmsTxt({
          title: siteConfig.title,
          summary,
          note: agentNote(`${origin}${baseUrl}${feedPath}`),
          sections: [
            ...sections.map((section) => ({
              label: section.label,
              docs: section.copies.map(entry),
            })),
            {label: pagesLabel, docs: pages},
          ],
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

    configureWebpack: emittingFiles('llms-txt', () => outputs),
  };
}

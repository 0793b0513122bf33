// What every doc's page says about itself beyond its text: schema.org JSON-LD
// (./structured-data.mjs) and a link to report a problem with it in the
// docs' repository, both written into the doc's content by ./remark.mjs. The
// link's address names the page's title and address; a click adds the
// heading in view (`reportSectionScript`).
import path from 'node:path';
import remarkDocPage from './remark.mjs';
import {
  addingRemarkStep,
  toSidebarsProp,
} from '@nodekeeper/docusaurus-internals';
import {product} from '../../../src/product.mjs';
import {
  reportUrl,
  scriptJson,
  sidebarBreadcrumbs,
  structuredData,
} from './structured-data.mjs';

/** The link's text; the site has one locale. */
export const reportLabel = 'Report a problem with this page';

/**
 * Adds the heading in view, the one the table of contents highlights, to a
 * report's address when the reader clicks its link; the link keeps its first
 * address in data-report-problem. A few lines inline in every page (allowed
 * by the policy's hash, plugins/outputs/security-headers) rather than in the
 * JavaScript a page loads first, which is at its budget.
 */
export const reportSectionScript = `document.addEventListener('click',function(e){var l=e.target instanceof Element&&e.target.closest('a[data-report-problem]'),h=document.querySelector('a.table-of-contents__link--active');if(l)l.href=l.dataset.reportProblem+(h?encodeURIComponent('\\nSection: '+h.href):'')})`;

/**
 * @param {import('@docusaurus/types').LoadContext} context
 * @returns {import('@docusaurus/types').Plugin}
 */
export default function docIdentity(context) {
  const repository = product.docsRepository;
  const {siteDir, siteConfig, baseUrl, i18n} = context;
  const origin = siteConfig.url.replace(/\/$/, '');
  const language = i18n.localeConfigs[i18n.currentLocale]?.htmlLang ?? 'en';
  /** @type {Map<string, import('./remark.mjs').DocPageData>} */
  let pageData = new Map();
  const remarkPlugin = [
    remarkDocPage,
    {dataOf: (/** @type {string} */ file) => pageData.get(file)},
  ];
  const addRemarkStep = addingRemarkStep(remarkPlugin);

  return {
    name: 'doc-identity',
    injectHtmlTags: () => ({
      postBodyTags: [{tagName: 'script', innerHTML: reportSectionScript}],
    }),

    async allContentLoaded({allContent}) {
      const docsContent =
        /** @type {import('@docusaurus/plugin-content-docs').LoadedContent} */ (
          allContent['docusaurus-plugin-content-docs'].default
        );
      /** @type {typeof pageData} */
      const next = new Map();
      for (const version of docsContent.loadedVersions) {
        const sidebars = toSidebarsProp(version);
        for (const doc of version.docs) {
          const url = origin + doc.permalink;
          const file = path.resolve(
            siteDir,
            doc.source.replace(/^@site\//, ''),
          );
          next.set(file, {
            reportUrl: reportUrl({repository, title: doc.title, url}),
            reportLabel,
            jsonLd: scriptJson(
              structuredData({
                title: doc.title,
                description: doc.description,
                url,
                lastUpdatedAt: doc.lastUpdatedAt,
                language,
                publisher: {name: product.name, url: origin + baseUrl},
                origin,
                breadcrumbs: doc.sidebar
                  ? sidebarBreadcrumbs(
                      sidebars[doc.sidebar] ?? [],
                      doc.permalink,
                    )
                  : [],
              }),
            ),
          });
        }
      }
      pageData = next;
    },

    configureWebpack(config) {
      addRemarkStep(config);
      return {};
    },
  };
}

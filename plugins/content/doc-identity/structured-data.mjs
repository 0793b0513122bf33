// What a doc says about itself to search engines and assistants, as
// schema.org JSON-LD: a TechArticle (its title, description, last change and
// publisher) and a BreadcrumbList that lists what the page's breadcrumb
// links to, as Docusaurus 3.8 does: a breadcrumb with no link, a category
// without a page, is left out, as search engines require every item to have
// an address.

/** @typedef {import('@docusaurus/plugin-content-docs').PropSidebarItem} PropSidebarItem */
/** @typedef {{label: string, href?: string}} Breadcrumb */

/**
 * The breadcrumb a doc's page shows, as the theme finds it
 * (useSidebarBreadcrumbs): the categories from the sidebar's top down to the
 * doc, then the doc; a category whose own page is the doc ends it. Empty
 * when the doc is in no sidebar, where the page shows none.
 * @param {readonly PropSidebarItem[]} items the sidebar, as the theme gets it
 * @param {string} permalink
 * @returns {Breadcrumb[]}
 */
export function sidebarBreadcrumbs(items, permalink) {
  for (const item of items) {
    if (item.type === 'category') {
      if (item.href === permalink)
        return [{label: item.label, href: item.href}];
      const below = sidebarBreadcrumbs(item.items, permalink);
      if (below.length > 0)
        return [{label: item.label, href: item.href}, ...below];
    } else if (item.type === 'link' && item.href === permalink) {
      return [{label: item.label, href: item.href}];
    }
  }
  return [];
}

/**
 * The page's JSON-LD: a TechArticle, and the BreadcrumbList when the
 * breadcrumb links anywhere.
 * @param {{
 *   title: string,
 *   description: string,
 *   url: string,
 *   lastUpdatedAt?: number | null,
 *   language: string,
 *   publisher: {name: string, url: string},
 *   origin: string,
 *   breadcrumbs: Breadcrumb[],
 * }} doc
 */
export function structuredData({
  title,
  description,
  url,
  lastUpdatedAt,
  language,
  publisher,
  origin,
  breadcrumbs,
}) {
  const linked = breadcrumbs.filter((crumb) => crumb.href);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'TechArticle',
        headline: title,
        ...(description && {description}),
        url,
        mainEntityOfPage: url,
        inLanguage: language,
        ...(lastUpdatedAt && {
          dateModified: new Date(lastUpdatedAt).toISOString(),
        }),
        publisher: {
          '@type': 'Organization',
          name: publisher.name,
          url: publisher.url,
        },
      },
      ...(linked.length > 0
        ? [
            {
              '@type': 'BreadcrumbList',
              itemListElement: linked.map((crumb, index) => ({
                '@type': 'ListItem',
                position: index + 1,
                name: crumb.label,
                item: origin + crumb.href,
              })),
            },
          ]
        : []),
    ],
  };
}

/**
 * JSON as the text of a <script> element: "<" escaped, so that no "</script>"
 * or "<!--" in a title ends or changes the element.
 * @param {unknown} value
 */
export function scriptJson(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The address of a new issue about a page in the docs' repository, with the
 * page's title and address filled in. The body comes last, so that the
 * browser can add the section in view to it (./report-section.ts).
 * @param {{repository: string, title: string, url: string}} page
 */
export function reportUrl({repository, title, url}) {
  const query = new URLSearchParams({
    title: `Problem with "${title}"`,
    body: `What is wrong, and what did you expect?\n\n\nPage: ${url}`,
  });
  return `${repository}/issues/new?${query.toString().replace(/\+/g, '%20')}`;
}

import assert from 'node:assert/strict';
import {test} from 'node:test';
import {
  reportUrl,
  scriptJson,
  sidebarBreadcrumbs,
  structuredData,
} from '../../plugins/content/doc-identity/structured-data.mjs';

/** @type {import('@docusaurus/plugin-content-docs').PropSidebarItem[]} */
const sidebar = [
  {type: 'link', label: 'Intro', href: '/docs/intro'},
  {
    type: 'category',
    label: 'Projects',
    href: '/docs/category/projects',
    collapsed: false,
    collapsible: true,
    items: [{type: 'link', label: 'CLI reference', href: '/docs/projects/cli'}],
  },
  {
    type: 'category',
    label: 'Alerts',
    collapsed: false,
    collapsible: true,
    items: [{type: 'link', label: 'Webhooks', href: '/docs/alerts/webhooks'}],
  },
];

test('the breadcrumb is the categories down to the doc, then the doc', () => {
  assert.deepEqual(sidebarBreadcrumbs(sidebar, '/docs/projects/cli'), [
    {label: 'Projects', href: '/docs/category/projects'},
    {label: 'CLI reference', href: '/docs/projects/cli'},
  ]);
  assert.deepEqual(sidebarBreadcrumbs(sidebar, '/docs/alerts/webhooks'), [
    {label: 'Alerts', href: undefined},
    {label: 'Webhooks', href: '/docs/alerts/webhooks'},
  ]);
  assert.deepEqual(sidebarBreadcrumbs(sidebar, '/docs/category/projects'), [
    {label: 'Projects', href: '/docs/category/projects'},
  ]);
  assert.deepEqual(sidebarBreadcrumbs(sidebar, '/docs/elsewhere'), []);
});

const doc = {
  title: 'Webhooks',
  description: 'How webhooks work.',
  url: 'https://docs.example/docs/alerts/webhooks',
  lastUpdatedAt: Date.UTC(2025, 3, 7, 12),
  language: 'en',
  publisher: {name: 'Nodekeeper', url: 'https://docs.example/'},
  origin: 'https://docs.example',
  breadcrumbs: sidebarBreadcrumbs(sidebar, '/docs/alerts/webhooks'),
};

test("a doc's JSON-LD has the properties schema.org and search engines require", () => {
  const {'@context': context, '@graph': graph} = structuredData(doc);
  assert.equal(context, 'https://schema.org');
  const [article, breadcrumbs] = graph;
  assert.deepEqual(article, {
    '@type': 'TechArticle',
    headline: 'Webhooks',
    description: 'How webhooks work.',
    url: doc.url,
    mainEntityOfPage: doc.url,
    inLanguage: 'en',
    dateModified: '2025-04-07T12:00:00.000Z',
    publisher: {
      '@type': 'Organization',
      name: 'Nodekeeper',
      url: 'https://docs.example/',
    },
  });
  // A breadcrumb without a page (the Alerts category) is left out.
  assert.deepEqual(breadcrumbs, {
    '@type': 'BreadcrumbList',
    itemListElement: [
      {
        '@type': 'ListItem',
        position: 1,
        name: 'Webhooks',
        item: 'https://docs.example/docs/alerts/webhooks',
      },
    ],
  });
});

test('a doc with no date, no description and no breadcrumb leaves them out', () => {
  const {'@graph': graph} = structuredData({
    ...doc,
    description: '',
    lastUpdatedAt: undefined,
    breadcrumbs: [],
  });
  assert.equal(graph.length, 1);
  assert.equal('dateModified' in graph[0], false);
  assert.equal('description' in graph[0], false);
});

test('JSON-LD cannot end its script element', () => {
  const text = scriptJson({headline: '</script><!-- x'});
  assert.equal(text.includes('<'), false);
  assert.deepEqual(JSON.parse(text), {headline: '</script><!-- x'});
});

test("a report's address names the page's title and address, the body last", () => {
  const url = new URL(
    reportUrl({
      repository: 'https://github.com/nodekeeper/docs',
      title: 'A & B',
      url: 'https://docs.example/docs/a',
    }),
  );
  assert.equal(url.pathname, '/nodekeeper/docs/issues/new');
  assert.equal(url.searchParams.get('title'), 'Problem with "A & B"');
  assert.match(
    url.searchParams.get('body') ?? '',
    /Page: https:\/\/docs\.example\/docs\/a$/,
  );
  assert.deepEqual([...url.searchParams.keys()], ['title', 'body']);
});

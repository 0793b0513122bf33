// The site-structure records (docs, the docs version, the locale) and the
// site's constants, read from what the production build generated (.docusaurus/ beside build/).
import {readFile} from 'node:fs/promises';
import {test, expect} from '@playwright/test';

const generated = async (file: string) =>
  JSON.parse(await readFile(`.docusaurus/${file}`, 'utf8'));

test('docs have one version, "Next" at /docs, with intro as its main doc and the drafts held back', async () => {
  const globalData = await generated('globalData.json');
  const {versions} = globalData['docusaurus-plugin-content-docs'].default;
  expect(versions).toHaveLength(1);
  const [version] = versions;
  expect(version).toMatchObject({
    name: 'current',
    label: 'Next',
    isLast: true,
    path: '/docs',
    mainDocId: 'intro',
  });
  expect(version.draftIds.sort()).toEqual([
    'integrations/subgraph',
    'tutorials/update-node-key',
  ]);
  expect(Object.keys(version.sidebars)).toEqual(['tutorialSidebar']);
  expect(version.docs.map((doc: {id: string}) => doc.id).sort()).toEqual([
    '/category/getting-started',
    '/category/projects',
    'alerts/overview',
    'alerts/silencing',
    'alerts/webhook-receiver',
    'alerts/webhooks',
    'getting-started/single-rpc',
    'intro',
    'operations/changelog',
    'operations/exposing-nodes',
    'operations/faq',
    'operations/limits',
    'operations/security',
    'operations/troubleshooting',
    'projects/bundles',
    'projects/checks',
    'projects/ci',
    'projects/cli',
    'projects/intro',
    'projects/yaml',
  ]);
  for (const doc of version.docs) {
    expect(doc, doc.id).toMatchObject({
      sidebar: 'tutorialSidebar',
      path: `/docs/${doc.id.replace(/^\//, '')}`,
    });
  }
});

test('the only locale is English, left to right', async () => {
  const i18n = await generated('i18n.json');
  expect(i18n.locales).toEqual(['en']);
  expect(i18n.localeConfigs.en).toEqual({
    label: 'English',
    direction: 'ltr',
    htmlLang: 'en',
    calendar: 'gregory',
    path: 'en',
  });
});

test('the site constants', async () => {
  const {default: config} = await import(
    `${process.cwd()}/.docusaurus/docusaurus.config.mjs`
  );
  expect(config).toMatchObject({
    title: 'Nodekeeper Documentation',
    titleDelimiter: '|',
    tagline: 'Monitor your nodes with Nodekeeper',
    baseUrl: '/',
    onBrokenLinks: 'throw',
    onBrokenMarkdownLinks: 'warn',
    future: {experimental_storage: {type: 'localStorage', namespace: false}},
  });
  expect(config.trailingSlash).toBeUndefined();
  expect(config.themeConfig).toMatchObject({
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    navbar: {hideOnScroll: false},
    footer: {style: 'dark'},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
  });
  const codeBlocks = config.plugins.find(
    (plugin: unknown) =>
      Array.isArray(plugin) && String(plugin[0]).includes('code-blocks'),
  );
  expect(
    codeBlocks?.[1].additionalLanguages,
    'the languages highlighted beyond the bundled ones',
  ).toEqual(expect.arrayContaining(['yaml', 'php']));
  const {version} = JSON.parse(
    await readFile('node_modules/@docusaurus/core/package.json', 'utf8'),
  );
  expect(version).toBe('3.7.0');
});

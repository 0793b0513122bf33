import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {announcement, product} from './src/product';
import magicComments from './src/magic-comments.json';

// Where the site is deployed; see "Deploy" in the README.
const siteUrl = process.env.SITE_URL ?? product.siteUrl;
const baseUrl = process.env.BASE_URL ?? '/';
// Rspack, SWC and Lightning CSS by default; BUNDLER=webpack builds the reference.
const useFasterBundler = process.env.BUNDLER !== 'webpack';

// A path ending in .html or /index.html gets the host's 404.html, or the page's
// HTML under a path React does not expect: hydration fails and React 19 can
// leave the prerendered copy beside its own. Going to the normalised path first
// hydrates the HTML that was prerendered for it.
const normaliseHtmlPath = `(function (l) {
  var path = l.pathname.replace(/(?:\\/index)?\\.html$/, '') || '/';
  if (path !== l.pathname) l.replace(path + l.search + l.hash);
})(location);`;

const config = {
  title: `${product.name} Documentation`,
  titleDelimiter: '|',
  tagline: `Monitor your nodes with ${product.name}`,
  favicon: 'img/favicon.svg',
  url: siteUrl,
  baseUrl,
  trailingSlash: undefined,

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onBrokenMarkdownLinks: 'warn',
  onDuplicateRoutes: 'throw',

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {
      en: {label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory'},
    },
  },

  future: {
    experimental_faster: useFasterBundler,
    experimental_storage: {type: 'localStorage', namespace: false},
  },

  customFields: {product},

  headTags: [{tagName: 'script', attributes: {}, innerHTML: normaliseHtmlPath}],

  plugins: [
    './plugins/normalise-odd-paths/index.mjs',
    './plugins/security-headers/index.mjs',
    // Code highlighted when the site is built; the languages are Prism's
    // beyond those prism-react-renderer has.
    ['./plugins/code-blocks/index.mjs', {additionalLanguages: ['bash', 'php']}],
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          showLastUpdateTime: true,
          editUrl: `${product.docsRepository}/edit/main/`,
        },
        blog: false,
        pages: {},
        theme: {customCss: './src/css/custom.css'},
      } satisfies Preset.Options,
    ],
  ],

  themeConfig: {
    image: 'img/social-card.png',
    metadata: [{name: 'theme-color', content: '#0b6e4f'}],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    announcementBar: announcement
      ? {...announcement, isCloseable: true}
      : undefined,
    navbar: {
      title: product.name,
      hideOnScroll: false,
      logo: {
        alt: `${product.name} logo`,
        src: 'img/logo.svg',
        width: 32,
        height: 32,
      },
      items: [
        {
          type: 'docSidebar',
          sidebarId: 'tutorialSidebar',
          position: 'left',
          label: 'Tutorial',
        },
        {type: 'search', position: 'right'},
        {href: product.github, label: 'GitHub', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {title: 'Docs', items: [{label: 'Tutorial', to: '/docs/intro'}]},
        {
          title: 'Community',
          items: [
            {label: 'Discord', href: product.discord},
            {label: 'X', href: product.x},
          ],
        },
        {
          title: 'More',
          items: [
            {label: 'Explorer', href: product.explorer},
            {label: 'GitHub', href: product.github},
          ],
        },
      ],
      copyright: `Copyright © ${product.copyrightYear} ${product.name}.`,
    },
    docs: {sidebar: {hideable: false, autoCollapseCategories: false}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    // The theme's highlight comments, and error-next-line for a line that
    // shows a mistake (its colours are in src/css/custom.css). In a file of
    // their own, so that the docs' checks read code blocks as readers see them.
    prism: {magicComments},
  } satisfies Preset.ThemeConfig,
} satisfies Config;

export default config;

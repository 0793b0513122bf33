import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {announcement, product} from './src/product.mjs';
import magicComments from './src/magic-comments.json';
import staticComponents from './src/static-components.mjs';
import {
  darkCodeTheme,
  lightCodeTheme,
} from './plugins/content/code-blocks/themes.mjs';
import {
  keepImageText,
  restoreImageText,
} from './plugins/content/image-text/remark.mjs';

// Where the site is deployed; see HOSTING.md.
const siteUrl = process.env.SITE_URL ?? product.siteUrl;
const baseUrl = process.env.BASE_URL ?? '/';
// STOCK_RENDERING=1 leaves out what changes how pages are built and run (code
// highlighted at build time, static content, dates read from git), so that
// the tests compare the site's pages with the same pages built the stock way.
const stockRendering = process.env.STOCK_RENDERING === '1';
const additionalLanguages = ['yaml', 'php', 'bash', 'diff'];

// An image's alt text and title as written, around Docusaurus's own image
// transform, which escapes them once too often.
const imageText = {
  beforeDefaultRemarkPlugins: [keepImageText],
  remarkPlugins: [restoreImageText],
};

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
      en: {
        label: 'English',
        direction: 'ltr',
        htmlLang: 'en',
        calendar: 'gregory',
      },
    },
  },

  future: {
    // Every faster part. The HTML minifier keeps the end tags HTML lets a
    // page leave out (</p>, </li>, </td>) and attributes' quotes (patches/):
    // browsers do without them, but loose parsers, as agents and their tools
    // use, misread a page (the article and tables lost).
    experimental_faster: {
      swcJsLoader: true,
      swcJsMinimizer: true,
      swcHtmlMinimizer: true,
      lightningCssMinimizer: true,
      rspackBundler: true,
      mdxCrossCompilerCache: true,
    },
    experimental_storage: {type: 'localStorage', namespace: false},
  },

  // What the theme reads in the browser (the footer's report link): every
  // reader downloads customFields, so the rest stays in src/product.mjs.
  customFields: {docsRepository: product.docsRepository},

  clientModules: [
    './src/clientModules/printable.ts',
    './src/clientModules/route-preload.ts',
    './src/clientModules/shown-page.ts',
  ],

  plugins: [
    './plugins/build-at-scale/index.mjs',
    './plugins/page-scripts/odd-paths/index.mjs',
    './plugins/outputs/security-headers/index.mjs',
    ...(stockRendering
      ? []
      : [
          // The content pipeline: dates from one read of git history, each
          // doc's text sent once as HTML, code highlighted when the site is
          // built in the languages prism-react-renderer has and these (it has
          // yaml already: naming it keeps it if that changes).
          './plugins/content/last-update/index.mjs',
          // The site's own components that doc content renders and that
          // stay static: the package reads the rest of the theme itself.
          ['@nodekeeper/static-content', {staticComponents}],
          ['./plugins/content/code-blocks/index.mjs', {additionalLanguages}],
          './plugins/bundle-trims/index.mjs',
          // A tap before the page hydrates, replayed once it has.
          './plugins/page-scripts/early-taps/index.mjs',
        ]),
    // What the build writes for hosts and agents. Plugins that need to know
    // of the product read src/product.mjs themselves: a plugin's options are
    // in every page's main bundle.
    './plugins/outputs/social-cards/index.mjs',
    './plugins/outputs/robots-txt/index.mjs',
    './plugins/outputs/favicon-ico/index.mjs',
    './plugins/outputs/llms-txt/index.mjs',
    // Each doc's JSON-LD and its link to report a problem.
    './plugins/content/doc-identity/index.mjs',
    './plugins/outputs/changelog-feed/index.mjs',
    // Old doc paths answer after a rename (published-paths.json).
    './plugins/outputs/published-paths/index.mjs',
    './plugins/outputs/precompress/index.mjs',
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          ...imageText,
          sidebarPath: './sidebars.ts',
          showLastUpdateTime: true,
          editUrl: `${product.docsRepository}/edit/main/`,
        },
        blog: false,
        pages: imageText,
        theme: {customCss: './src/css/custom.css'},
        // Each page's last change, from git; search engines ignore the other hints.
        sitemap: {lastmod: 'date', changefreq: null, priority: null},
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
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      magicComments,
      ...(stockRendering && {additionalLanguages}),
    },
  } satisfies Preset.ThemeConfig,
} satisfies Config;

export default config;

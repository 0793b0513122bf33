// What the tests load of Docusaurus's internals, each named when it is not
// where Docusaurus 3.7 has it.
import {createRequire} from 'node:module';

/**
 * @param {string} specifier
 * @param {string} reliedOnFor
 * @returns {Promise<any>}
 */
export async function internal(specifier, reliedOnFor) {
  try {
    return await import(specifier);
  } catch (error) {
    const code = /** @type {{code?: string}} */ (error).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND')
      throw error;
    throw new Error(
      `Docusaurus internal not found: ${specifier}, relied on for ${reliedOnFor}.`,
      {cause: error},
    );
  }
}

/** Docusaurus's reading of a site's config, as a build loads it. */
export const loadSiteConfig = async () =>
  (
    await internal(
      '@docusaurus/core/lib/server/config.js',
      "loading a site's config",
    )
  ).loadSiteConfig;

/** The docs plugin's reading of a doc's last update. */
export const readLastUpdateData = async () =>
  (
    await internal(
      '@docusaurus/utils/lib/lastUpdateUtils.js',
      "reading a doc's last update as the docs plugin does",
    )
  ).readLastUpdateData;

const require = createRequire(import.meta.url);

/**
 * Where an internal module is, or a named failure.
 * @param {string} specifier
 * @param {string} reliedOnFor
 */
function located(specifier, reliedOnFor) {
  try {
    return require.resolve(specifier);
  } catch (error) {
    throw new Error(
      `Docusaurus internal not found: ${specifier}, relied on for ${reliedOnFor}.`,
      {cause: error},
    );
  }
}

/** Docusaurus's client entry, which puts `window.docusaurus` on the page. */
export const clientEntryModule = () =>
  located(
    '@docusaurus/core/lib/client/clientEntry.js',
    'links prefetching through window.docusaurus',
  );

/** The classic theme's progress-bar client module, which calls nprogress. */
export const themeProgressBarModule = () =>
  located(
    '@docusaurus/theme-classic/lib/nprogress.js',
    "the progress bar's calls of nprogress",
  );

/**
 * What the canary calls to compile a doc and load a site and its bundler
 * config as a build does.
 */
export async function siteLoading() {
  const {mdxLoader} = await internal(
    '@docusaurus/mdx-loader/lib/loader.js',
    'compiling a doc as the docs plugin does',
  );
  const {DEFAULT_CONFIG} = await internal(
    '@docusaurus/core/lib/server/configValidation.js',
    "Docusaurus's default config",
  );
  const {loadSite} = await internal(
    '@docusaurus/core/lib/server/site.js',
    'loading the site as a build does',
  );
  const {createBuildClientConfig} = await internal(
    '@docusaurus/core/lib/webpack/client.js',
    "the browser's bundler config",
  );
  const {createConfigureWebpackUtils, executePluginsConfigureWebpack} =
    await internal(
      '@docusaurus/core/lib/webpack/configure.js',
      "the plugins' configureWebpack",
    );
  return {
    mdxLoader,
    DEFAULT_CONFIG,
    loadSite,
    createBuildClientConfig,
    createConfigureWebpackUtils,
    executePluginsConfigureWebpack,
  };
}

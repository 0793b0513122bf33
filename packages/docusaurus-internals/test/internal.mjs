// An internal module of Docusaurus for the canary, or a named failure when it
// is not where Docusaurus 3.7 has it.
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

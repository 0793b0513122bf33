// The product's names and links, in one place, for the site and its tests
// alike (plain JavaScript, so that Node runs it as it is). The config publishes
// to the browser, as `customFields`, only what the theme reads. A real
// deployment changes the `.example` addresses here; the Markdown pages and the
// schema write them out, and tests/unit/product-links.test.mjs names each line
// that still holds one that is not here, so that one change and one test run
// update them all. The probe ranges are facts of the service, in
// src/facts/regions.json.
export const product = /** @type {const} */ ({
  name: 'Nodekeeper',
  siteUrl: 'https://docs.nodekeeper.example',
  github: 'https://github.com/nodekeeper',
  docsRepository: 'https://github.com/nodekeeper/docs',
  explorer: 'https://explorer.nodekeeper.example',
  // The dashboard's address appears in the docs' webhook payload example.
  dashboard: 'https://app.nodekeeper.example',
  // The status page, which the alerts docs point to for Nodekeeper's own outages.
  status: 'https://status.nodekeeper.example',
  // The sender of alert email, which readers allow in their mail filters.
  alertsEmail: 'alerts@nodekeeper.example',
  // Where a member asks to recover an environment whose owners are all gone.
  supportEmail: 'support@nodekeeper.example',
  discord: 'https://discord.gg/nodekeeper',
  x: 'https://x.com/nodekeeper',
  cli: 'nodekeeper',
  projectFile: 'nodekeeper.yaml',
  copyrightYear: 2025,
});

/**
 * The announcement bar: set to null to switch it off. Change the id whenever
 * the text changes, so that readers who dismissed the old one see the new one.
 * @type {{id: string; content: string} | null}
 */
export const announcement = {
  id: 'preview-2025',
  content: `Nodekeeper is in public preview: these docs follow the preview CLI. Found a mistake? <a href="${product.docsRepository}/issues" target="_blank" rel="noopener noreferrer">Tell us on GitHub</a>.`,
};

/**
 * The summary that opens llms.txt and llms-full.txt (plugins/outputs/llms-txt).
 */
export const llmsSummary = `${product.name} monitors the RPC endpoints of blockchain nodes: a hosted service and a CLI, \`${product.cli}\`, driven by a project file, \`${product.projectFile}\`. These docs show how to start, how to manage projects and bundles, and every key of the project file.`;

/** The changelog's doc, which plugins/outputs/changelog-feed publishes as a feed. */
export const changelogDocId = 'operations/changelog';

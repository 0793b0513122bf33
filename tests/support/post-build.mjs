import assert from 'node:assert/strict';

/** @typedef {Parameters<NonNullable<import('@docusaurus/types').Plugin['postBuild']>>[0]} PostBuildProps */

/**
 * Runs a plugin's postBuild with only the props it reads, of all that
 * Docusaurus gives a plugin after a build.
 * @param {import('@docusaurus/types').Plugin} plugin
 * @param {Record<string, unknown>} props
 */
export async function runPostBuild(plugin, props) {
  assert.ok(plugin.postBuild, `${plugin.name} has a postBuild`);
  await plugin.postBuild(/** @type {PostBuildProps} */ (props));
}

// The loader that runs on what @docusaurus/mdx-loader outputs for docs and
// pages: the server's build marks their islands, the browser's keeps only
// those (./islands.mjs). A page the islands cannot hold hydrates as a whole,
// and the build says why.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {getWebpackLoaderCompilerName} from '@docusaurus/utils';
import {NotStatic, splitIslands, withComponents} from './islands.mjs';

/**
 * @this {import('webpack').LoaderContext<{runtime: string, siteDir: string}>}
 * @param {string} source
 */
export default function staticContentLoader(source) {
  const {runtime, siteDir} = this.getOptions();
  // The builds share the MDX rule, and so these options.
  const compiler = getWebpackLoaderCompilerName(this);
  try {
    return splitIslands(source, {compiler, runtime});
  } catch (error) {
    if (!(error instanceof NotStatic)) throw error;
    if (compiler === 'server') return source;
    console.warn(
      `[WARNING] ${whereIn(this.resourcePath, siteDir, error.construct)}its content hydrates as a whole, as ${error.message}.`,
    );
    return withComponents(source, true);
  }
}

/**
 * The file, and the line and construct when one thing is the cause:
 * "docs/a.mdx:12: <Tabs lazy>: ".
 * @param {string} file
 * @param {string} siteDir
 * @param {NotStatic['construct']} construct
 */
function whereIn(file, siteDir, construct) {
  const shown = path.relative(siteDir, file);
  if (!construct) return `${shown}: `;
  const {component, prop} = construct;
  const tag = new RegExp(`<${component}\\b[^>]*\\b${prop}\\b`);
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((text) => tag.test(text));
  return `${shown}${line === -1 ? '' : `:${line + 1}`}: <${component} ${prop}>: `;
}

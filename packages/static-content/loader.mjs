// The loader that runs on what @docusaurus/mdx-loader outputs for docs and
// pages: the server's build marks their islands, the browser's keeps only
// those (./islands.mjs). A page the islands cannot hold, or that the split
// fails on, hydrates as a whole, as in stock Docusaurus, and the build says
// why.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {getWebpackLoaderCompilerName} from '@docusaurus/utils';
import {NotStatic, splitIslands, withComponents} from './islands.mjs';

/**
 * @this {import('webpack').LoaderContext<{runtime: string, siteDir: string, liveElements?: string[], whole?: string}>}
 * @param {string} source
 */
export default function staticContentLoader(source) {
  const {runtime, siteDir, liveElements = [], whole} = this.getOptions();
  // The builds share the MDX rule, and so these options.
  const compiler = getWebpackLoaderCompilerName(this);
  // The site's theme could not be read: the plugin has said so, once.
  if (whole)
    return compiler === 'server' ? source : withComponents(source, true);
  try {
    return splitIslands(source, {
      compiler,
      runtime,
      liveElements,
    });
  } catch (error) {
    // Whatever the split does not understand, the page is built as stock
    // builds it: rendered on the server as written, hydrated as a whole.
    if (compiler === 'server') return source;
    const reason =
      error instanceof NotStatic
        ? error.message
        : `the build could not split it into static content and islands (${error instanceof Error ? error.message : error})`;
    console.warn(
      `[WARNING] ${whereIn(this.resourcePath, siteDir, error instanceof NotStatic ? error.construct : undefined)}its content hydrates as a whole, as ${reason}.`,
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

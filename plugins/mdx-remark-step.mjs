// A plugin's remark step added to the docs' and pages' MDX loaders (the
// preset's plugins come before the site's), after their own remark plugins.
import {createRequire} from 'node:module';

const mdxLoader = createRequire(import.meta.url).resolve(
  '@docusaurus/mdx-loader',
);

/**
 * What adds `remarkPlugin` to every MDX loader of a bundler config, once:
 * one options object per loader, so that the client and server builds share
 * its MDX processors.
 * @param {unknown} remarkPlugin
 * @returns {(config: import('webpack').Configuration) => void}
 */
export function addingRemarkStep(remarkPlugin) {
  /** @type {WeakMap<object, object>} */
  const withRemarkPlugin = new WeakMap();
  return (config) => {
    for (const rule of config.module?.rules ?? []) {
      for (const use of rule &&
      typeof rule === 'object' &&
      Array.isArray(rule.use)
        ? rule.use
        : []) {
        if (
          !use ||
          typeof use !== 'object' ||
          use.loader !== mdxLoader ||
          typeof use.options !== 'object' ||
          use.options.remarkPlugins?.includes(remarkPlugin)
        )
          continue;
        if (!withRemarkPlugin.has(use.options)) {
          const {processors: _built, ...options} = use.options;
          withRemarkPlugin.set(use.options, {
            ...options,
            remarkPlugins: [...(options.remarkPlugins ?? []), remarkPlugin],
          });
        }
        use.options = withRemarkPlugin.get(use.options);
      }
    }
  };
}

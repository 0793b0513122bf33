// Gives every published doc its own social card, the image a link preview
// shows: the doc's title under the product's mark, drawn after each build into
// img/social-cards/ (src/theme/DocItem/Metadata names it in the doc's meta
// tags). Other pages keep the site's card, static/img/social-card.png.
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {renderCard} from './card.mjs';
import {socialCardPath} from './card-path.mjs';

/**
 * The published docs (drafts are not among them in a production build) of every docs plugin.
 * @param {{name: string, content: unknown}[]} plugins
 */
export function publishedDocs(plugins) {
  return plugins
    .filter(({name}) => name === 'docusaurus-plugin-content-docs')
    .flatMap(
      ({content}) =>
        /** @type {import('@docusaurus/plugin-content-docs').LoadedContent} */ (
          content
        ).loadedVersions,
    )
    .flatMap((version) => version.docs);
}

/** @returns {import('@docusaurus/types').Plugin} */
export default function socialCardsPlugin() {
  return {
    name: 'social-cards',
    async postBuild({outDir, siteConfig, plugins}) {
      for (const doc of publishedDocs(plugins)) {
        const file = path.join(outDir, socialCardPath(doc.id));
        await mkdir(path.dirname(file), {recursive: true});
        await writeFile(
          file,
          renderCard({title: doc.title, subtitle: siteConfig.title}),
        );
      }
    },
  };
}

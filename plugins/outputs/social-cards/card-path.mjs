// Where a doc's social card is published, relative to the base URL: the plugin
// writes it there and src/theme/DocItem/Metadata names it in the page's meta tags.

/** @param {string} docId a doc's id, such as `projects/yaml` */
export function socialCardPath(docId) {
  return `img/social-cards/${docId}.png`;
}

// An image's alt text and title as the writer wrote them. Docusaurus's image
// transform (@docusaurus/mdx-loader, transformImage) escapes them as HTML in
// the element it makes of a local image, and React escapes that again: `'`
// reached the page as `&amp;#39;`, read aloud so. The first step, before the
// transform, keeps each image's text; the second, after it, puts the text back
// in the element the transform made of that same node.

/** @typedef {import('mdast').Nodes | import('mdast-util-mdx-jsx').MdxJsxTextElement} Node */

/** @type {WeakMap<object, {alt?: string | null, title?: string | null}>} */
const written = new WeakMap();

/**
 * @param {Node} node
 * @param {(node: Node) => void} each
 */
function walk(node, each) {
  each(node);
  if ('children' in node)
    for (const child of /** @type {Node[]} */ (node.children))
      walk(child, each);
}

export function keepImageText() {
  /** @param {import('mdast').Root} tree */
  return (tree) =>
    walk(tree, (node) => {
      if (node.type === 'image')
        written.set(node, {alt: node.alt, title: node.title});
    });
}

export function restoreImageText() {
  /** @param {import('mdast').Root} tree */
  return (tree) =>
    walk(tree, (node) => {
      const text = written.get(node);
      if (!text || node.type !== 'mdxJsxTextElement') return;
      for (const attribute of node.attributes)
        if (
          attribute.type === 'mdxJsxAttribute' &&
          (attribute.name === 'alt' || attribute.name === 'title') &&
          typeof attribute.value === 'string'
        )
          attribute.value = text[attribute.name] ?? attribute.value;
    });
}

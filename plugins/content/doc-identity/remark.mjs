// Ends each doc's content with what the page says about itself: the link to
// report a problem with it, and its JSON-LD. Both are part of the content, so
// a build with static content (packages/static-content) sends them as HTML and
// no JavaScript, and a client-side navigation brings the new page's along
// with its text.
import {parse} from 'acorn';

/** @typedef {import('mdast').Root} Root */
/** @typedef {{reportUrl: string, reportLabel: string, jsonLd: string}} DocPageData */

/**
 * An MDX expression's syntax tree, as MDX keeps it beside the expression's text.
 * @param {string} source
 */
function estree(source) {
  return /** @type {import('estree').Program} */ (
    /** @type {unknown} */ (
      parse(source, {ecmaVersion: 'latest', sourceType: 'module'})
    )
  );
}

/**
 * The remark step; `dataOf(file)` is the page data of the doc at that path,
 * undefined for any other MDX file.
 * @param {{dataOf: (file: string) => DocPageData | undefined}} options
 */
export default function remarkDocPage({dataOf}) {
  /**
   * @param {Root} tree
   * @param {import('vfile').VFile} file
   */
  return (tree, file) => {
    const data = dataOf(file.path);
    if (!data) return;
    const html = `({__html: ${JSON.stringify(data.jsonLd)}})`;
    tree.children.push(
      {
        type: 'paragraph',
        // The page's chrome, not the doc's text: not in its Markdown copy.
        data: {
          hProperties: {
            className: ['report-problem'],
            'data-markdown-ignore': '',
          },
        },
        children: [
          {
            type: 'link',
            url: data.reportUrl,
            data: {hProperties: {'data-report-problem': data.reportUrl}},
            children: [{type: 'text', value: data.reportLabel}],
          },
        ],
      },
      {
        type: 'mdxJsxFlowElement',
        name: 'script',
        attributes: [
          {type: 'mdxJsxAttribute', name: 'type', value: 'application/ld+json'},
          {
            type: 'mdxJsxAttribute',
            name: 'dangerouslySetInnerHTML',
            value: {
              type: 'mdxJsxAttributeValueExpression',
              value: html.slice(1, -1),
              data: {estree: estree(html)},
            },
          },
        ],
        children: [],
      },
    );
  };
}

// Highlights every fenced code block of the docs and pages when the site is
// built, with the Prism that the classic theme uses in the browser, and hands
// the highlighted lines to src/theme/CodeBlock as `highlightedHtml`. The markup
// is the theme's own (`token-line` lines of `token <type>` spans); colours come
// from src/css/custom.css, by token type and colour mode. CommonJS, because
// the end-to-end tests load docusaurus.config.ts, which imports it, as such.
const {Prism, normalizeTokens} = require('prism-react-renderer');

/** Registers Prism's extra languages, as the theme's prism-include-languages does in the browser. */
function includeLanguages(languages) {
  const before = globalThis.Prism;
  globalThis.Prism = Prism;
  for (const language of languages) {
    if (language === 'php') require('prismjs/components/prism-markup-templating.js');
    require(`prismjs/components/prism-${language}`);
  }
  if (before === undefined) delete globalThis.Prism;
  else globalThis.Prism = before;
}

const escapes = {'&': '&amp;', '<': '&lt;', '>': '&gt;'};
const escape = (text) => text.replace(/[&<>]/g, (character) => escapes[character]);

/** The lines of `code` as HTML, highlighted as `language` (plain text when Prism has no grammar for it). */
function highlight(code, language) {
  const grammar = Prism.languages[language];
  const tokens = grammar ? Prism.tokenize(code, grammar) : [code];
  return normalizeTokens(tokens)
    .map((line) => {
      const spans = line
        .filter(({content}) => content !== '' || line.length === 1)
        .map(({types, content, empty}) => `<span class="token ${types.join(' ')}">${empty ? '' : escape(content)}</span>`)
        .join('');
      return `<span class="token-line">${spans}<br></span>`;
    })
    .join('');
}

// What the theme's code block would do in the browser and this one does not:
// line highlighting and line numbers.
const unsupportedMeta = /\{[\d,\s-]+\}|showLineNumbers/;
const magicComment = /\bhighlight-(?:next-line|start|end)\b/;

/** @type {import('unified').Plugin<[{additionalLanguages: string[]}]>} */
function remarkHighlight({additionalLanguages}) {
  includeLanguages(additionalLanguages);
  return (tree, file) => {
    const visit = (node) => {
      if (node.type === 'code') {
        const where = `${file.path}:${node.position?.start.line ?? '?'}`;
        if (unsupportedMeta.test(node.meta ?? '') || magicComment.test(node.value)) {
          throw new Error(
            `${where}: this code block asks for line highlighting or line numbers, which the site does not show (code is highlighted when the site is built). Remove "${node.meta ?? 'highlight-…'}".`,
          );
        }
        node.data = {...node.data, hProperties: {...node.data?.hProperties, highlightedHtml: highlight(node.value, node.lang ?? 'text')}};
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}

module.exports = {remarkHighlight, highlight};

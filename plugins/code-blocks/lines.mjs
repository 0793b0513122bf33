// The lines of a code block as HTML: the markup of the theme's CodeBlock/Line
// (`token-line` lines of `token <type>` spans, a magic comment's classes on its
// lines, and with line numbers the theme's codeLine, codeLineNumber and
// codeLineContent), without the inline colours: those come from
// code-blocks.css. Shared by the build (remark.mjs) and the browser
// (theme/CodeBlock/HighlightedLines.tsx), so that both give the same markup.
import {normalizeTokens} from 'prism-react-renderer';

/** @type {Record<string, string>} */
const escapes = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'};
/** @param {string} text */
const escape = (text) =>
  text.replace(/[&<>"]/g, (character) => escapes[character]);

/**
 * A token's types with those no theme styles first: the theme's colour is
 * its last styled type's (prism-react-renderer merges the types' styles in
 * order), and the CSS (themes.mjs) finds that type at the end of the class.
 * @param {string[]} types
 * @param {ReadonlySet<string>} [styledTypes]
 */
function inCascadeOrder(types, styledTypes) {
  if (!styledTypes) return types;
  return [
    ...types.filter((type) => !styledTypes.has(type)),
    ...types.filter((type) => styledTypes.has(type)),
  ];
}

/**
 * @param {typeof import('prism-react-renderer').Prism} prism Prism, with the grammars of the site's languages
 * @param {string} code the code, magic comments removed
 * @param {object} options
 * @param {string} options.language Prism's name for the language; one it has no grammar for is plain text
 * @param {Record<number, string[]>} options.lineClassNames classes by 0-based line, from parseLines
 * @param {number} [options.firstLineNumber] the number of the first line, or undefined for no numbers
 * @param {ReadonlySet<string>} [options.styledTypes] the token types the code themes style
 * @returns {string}
 */
export function highlightedLines(
  prism,
  code,
  {language, lineClassNames, firstLineNumber, styledTypes},
) {
  const grammar = prism.languages[language];
  const tokens = grammar ? prism.tokenize(code, grammar) : [code];
  return normalizeTokens(tokens)
    .map((line, index) => {
      const spans = line
        .filter(({content}) => content !== '' || line.length === 1)
        .map(
          ({types, content, empty}) =>
            `<span class="token ${inCascadeOrder(types, styledTypes).join(' ')}">${empty ? '' : escape(content)}</span>`,
        )
        .join('');
      const classes = ['token-line', ...(lineClassNames[index] ?? [])];
      if (firstLineNumber === undefined)
        return `<span class="${classes.join(' ')}">${spans}<br></span>`;
      return (
        `<span class="${[...classes, 'codeLine'].join(' ')}">` +
        `<span class="codeLineNumber" data-line="${firstLineNumber + index}"></span>` +
        `<span class="codeLineContent">${spans}</span><br></span>`
      );
    })
    .join('');
}

// The lines of a code block as HTML: the markup of the theme's CodeBlock/Line
// (`token-line` lines of `token <type>` spans, a magic comment's classes on its
// lines, and with line numbers the theme's codeLine, codeLineNumber and
// codeLineContent), without the inline colours: each token has the classes
// of its style instead (themes.mjs). Shared by the build (remark.mjs) and the browser
// (theme/CodeBlock/HighlightedLines.tsx), so that both give the same markup.
import {normalizeTokens} from 'prism-react-renderer';

/** @type {Record<string, string>} */
const escapes = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'};
/** @param {string} text */
const escape = (text) =>
  text.replace(/[&<>"]/g, (character) => escapes[character]);

/**
 * A token's classes: its types, then the style classes they give it.
 * @param {string[]} types
 * @param {import('./themes.mjs').TypeClasses} [typeClasses]
 */
function classesOf(types, typeClasses) {
  if (!typeClasses) return types;
  const styles = Object.assign(
    {},
    ...types.map((type) => typeClasses[type] ?? {}),
  );
  return [...types, ...Object.values(styles)];
}

/**
 * The tokens of `code`, as prism-react-renderer makes them: with Prism's
 * tokenize hooks, by which a grammar such as jsx's finishes its tokens.
 * @param {typeof import('prism-react-renderer').Prism} prism
 * @param {string} code
 * @param {string} language
 */
function tokenized(prism, code, language) {
  const grammar = prism.languages[language];
  if (!grammar) return [code];
  /** @type {{code: string, grammar: import('prismjs').Grammar, language: string, tokens: (string | import('prismjs').Token)[]}} */
  const env = {code, grammar, language, tokens: []};
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(code, grammar);
  prism.hooks.run('after-tokenize', env);
  return env.tokens;
}

/**
 * @param {typeof import('prism-react-renderer').Prism} prism Prism, with the grammars of the site's languages
 * @param {string} code the code, magic comments removed
 * @param {object} options
 * @param {string} options.language Prism's name for the language; one it has no grammar for is plain text
 * @param {Record<number, string[]>} options.lineClassNames classes by 0-based line, from parseLines
 * @param {number} [options.firstLineNumber] the number of the first line, or undefined for no numbers
 * @param {import('./themes.mjs').TypeClasses} [options.typeClasses] the style classes of each token type (themes.mjs)
 * @returns {string}
 */
export function highlightedLines(
  prism,
  code,
  {language, lineClassNames, firstLineNumber, typeClasses},
) {
  return normalizeTokens(tokenized(prism, code, language))
    .map((line, index) => {
      const spans = line
        .filter(({content}) => content !== '' || line.length === 1)
        .map(
          ({types, content, empty}) =>
            `<span class="token ${classesOf(types, typeClasses).join(' ')}">${empty ? '' : escape(content)}</span>`,
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

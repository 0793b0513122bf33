// What a code block's metastring and props ask for, read the same way when
// the site is built (remark.mjs) and in the browser (theme/CodeBlock).

/** Languages that are plain text on purpose: no grammar, and no warning. */
export const plainLanguages = ['text', 'plain', 'plaintext', 'txt'];

/**
 * The language a className names (`language-bash`), as the theme's
 * parseLanguage reads it.
 * @param {string} className
 * @returns {string | undefined}
 */
export const languageOfClassName = (className) =>
  className
    .split(' ')
    .find((name) => name.startsWith('language-'))
    ?.replace(/language-/, '');

/**
 * The metastring without its title, whose text may hold anything.
 * @param {string | null | undefined} metastring
 * @returns {string}
 */
export const withoutTitle = (metastring) =>
  (metastring ?? '').replace(/title=(["']).*?\1/, '');

/**
 * The number of a block's first line: from the showLineNumbers prop (true is
 * 1), else from the metastring's showLineNumbers or showLineNumbers=N;
 * undefined for no line numbers, NaN when N is not a whole number.
 * @param {string | undefined} metastring
 * @param {boolean | number} [showLineNumbers]
 * @returns {number | undefined}
 */
export function firstLineNumber(metastring, showLineNumbers) {
  if (typeof showLineNumbers === 'number') return showLineNumbers;
  if (showLineNumbers !== undefined) return showLineNumbers ? 1 : undefined;
  const match = /\bshowLineNumbers(?:=(\S*))?/.exec(withoutTitle(metastring));
  if (!match) return undefined;
  if (match[1] === undefined) return 1;
  return /^\d+$/.test(match[1]) ? Number(match[1]) : NaN;
}

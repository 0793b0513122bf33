// The key of a code block's lines (lines.mjs), which the server's render
// writes beside the lines it makes and the browser computes again to find
// them in the page (theme/CodeBlock). A module of its own: lines.mjs brings
// prism-react-renderer, and with it Prism, into the chunk of whatever
// imports it.

/**
 * A key naming the lines `highlightedLines` makes of `code` with these
 * options, the same in the server's render and in the browser's: a 53-bit
 * hash (cyrb53) of what they are made from.
 * @param {string} code
 * @param {{language: string, lineClassNames: Record<number, string[]>, firstLineNumber?: number}} options
 * @returns {string}
 */
export function linesKey(code, {language, lineClassNames, firstLineNumber}) {
  const text = JSON.stringify([
    language,
    firstLineNumber ?? null,
    lineClassNames,
    code,
  ]);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ unit, 2654435761);
    h2 = Math.imul(h2 ^ unit, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

// Reading a static content's HTML as the build wrote it, without parsing it:
// React's server render escapes every `<` of text and attribute values, and
// the build's minifier keeps attribute values quoted, so that a tag is told
// apart by its text. HTML holding markup such a reading could misread is left
// to the parser.

/** A comment other than React's empty ones, or raw text. */
const unreadable =
  /<!--(?! -->)|<!\[CDATA\[|<(script|style|textarea|title|template|noscript|iframe|xmp|plaintext)\b/i;

/**
 * The top-level pieces of a content's HTML, each whole elements with the text
 * between them, whose parses one after the other give the parse of the whole;
 * the whole as one piece where a tag cannot be told apart.
 */
export function topLevelPieces(html: string): string[] {
  if (unreadable.test(html)) return [html];
  const tags =
    /<(\/?)([a-zA-Z][^\s/>]*)(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>|<!-- -->/g;
  const pieces: string[] = [];
  let depth = 0;
  let start = 0;
  for (const tag of html.matchAll(tags)) {
    const [, closing, name, selfClosing] = tag;
    if (
      name === undefined ||
      selfClosing ||
      voidElements.has(name.toLowerCase())
    )
      continue;
    depth += closing ? -1 : 1;
    if (depth < 0) return [html];
    if (depth === 0 && closing) {
      pieces.push(html.slice(start, tag.index + tag[0].length));
      start = tag.index + tag[0].length;
    }
  }
  if (depth !== 0) return [html];
  if (start < html.length) pieces.push(html.slice(start));
  return pieces;
}

const voidElements = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * The static contents of a page's HTML, by id: parsing every page a first
 * load prefetches was a long task each. A content ends at the `</div>` that
 * closes its own; undefined when a content could be misread, or none is found.
 */
export function cutContents(html: string): Map<string, string> | undefined {
  const contents = new Map<string, string>();
  const openings = /<div\b[^>]*\sdata-static-content="([^"]+)"[^>]*>/g;
  for (const opening of html.matchAll(openings)) {
    const tags = /<(\/?)div\b[^>]*>/g;
    tags.lastIndex = opening.index + opening[0].length;
    let depth = 1;
    let end = -1;
    for (let tag; depth > 0 && (tag = tags.exec(html));)
      if (tag[1] && --depth === 0) end = tag.index;
      else if (!tag[1]) depth += 1;
    if (end === -1) return undefined;
    const content = html.slice(opening.index + opening[0].length, end);
    if (unreadable.test(content)) return undefined;
    contents.set(opening[1]!, content);
  }
  return contents.size > 0 ? contents : undefined;
}

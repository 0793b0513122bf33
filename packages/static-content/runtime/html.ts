// Reading a static content's HTML as the build wrote it, without parsing it:
// React's server render escapes every `<` of text and attribute values, and
// the build's minifier keeps attribute values quoted, so that a tag is told
// apart by its text. HTML holding markup such a reading could misread is left
// to the parser.

/**
 * A comment other than React's empty ones, or raw text; a script of JSON-LD
 * is read, as the build escapes every `<` in it (plugins/content/doc-identity).
 */
const unreadable =
  /<!--(?! -->)|<!\[CDATA\[|<(script(?![^>]*\stype="application\/ld\+json")|style|textarea|title|template|noscript|iframe|xmp|plaintext)\b/i;

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
 * The HTML inside the `tag` element whose opening tag ends at `start`, up to
 * the end tag that closes it; undefined when none does, or it could be
 * misread.
 */
function inside(html: string, tag: string, start: number): string | undefined {
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  tags.lastIndex = start;
  let depth = 1;
  for (let found; (found = tags.exec(html));) {
    depth += found[1] ? -1 : 1;
    if (depth > 0) continue;
    const inner = html.slice(start, found.index);
    return unreadable.test(inner) ? undefined : inner;
  }
  return undefined;
}

/**
 * The static contents of a page's HTML, by id: parsing every page a first
 * load prefetches was a long task each. Undefined when a content could be
 * misread, or none is found.
 */
export function cutContents(html: string): Map<string, string> | undefined {
  const contents = new Map<string, string>();
  const openings = /<div\b[^>]*\sdata-static-content="([^"]+)"[^>]*>/g;
  for (const opening of html.matchAll(openings)) {
    const content = inside(html, 'div', opening.index + opening[0].length);
    if (content === undefined) return undefined;
    contents.set(opening[1]!, content);
  }
  return contents.size > 0 ? contents : undefined;
}

/**
 * The inner HTML of the page's first element whose opening tag is `opening`,
 * as the build wrote it (the table of contents' list beside a doc, the
 * last-updated line): undefined when there is none, or it could be misread.
 */
export function cutInside(html: string, opening: string): string | undefined {
  const tag = /^<([a-z]+)[\s>]/.exec(opening)?.[1];
  const start = html.indexOf(opening);
  return tag === undefined || start === -1
    ? undefined
    : inside(html, tag, start + opening.length);
}

/**
 * The inner HTML of the page's first element whose opening tag holds
 * `marker`, an attribute as the build writes it (`data-built-html="…"`): the
 * build escapes every `<` and `>` of attribute values, so the tag is the one
 * around it. Undefined when there is none, or it could be misread.
 */
export function cutInsideMarked(
  html: string,
  marker: string,
): string | undefined {
  const at = html.indexOf(marker);
  const end = html.indexOf('>', at);
  return at === -1 || end === -1
    ? undefined
    : cutInside(html, html.slice(html.lastIndexOf('<', at), end + 1));
}

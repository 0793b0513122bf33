// The pages whose HTML holds the static content of docs the reader has not
// opened yet: each fetched once, when Docusaurus prefetches the doc's route
// (../prefetch.ts) or when the route loads, whichever comes first. A
// prefetched page is read, and its content parsed into elements, in time the
// main thread has free, a few blocks at a time, so that a click finds the
// content ready to put in the page; a route that loads first reads it at once
// and leaves the parse to the page.
import {cutContents, cutInside, cutInsideMarked, topLevelPieces} from './html';
import {whenIdle} from './idle';

type Page = {
  readonly html: Promise<string>;
  /** The page's HTML, once it has come. */
  text?: string;
  /** The page's static contents, by id, once read. */
  contents?: ReadonlyMap<string, string>;
};

const pages = new Map<string, Page>();

/** The page at `permalink`, fetched if need be; a failed fetch is not kept. */
function fetchPage(permalink: string): Page {
  const known = pages.get(permalink);
  if (known) return known;
  const html = fetch(permalink)
    .catch((error: Error) => {
      throw new Error(
        `Loading the content of ${permalink} failed: ${error.message}`,
      );
    })
    .then((response) => {
      if (!response.ok)
        throw new Error(
          `Loading the content of ${permalink} failed: ${response.status}`,
        );
      return response.text();
    });
  const page: Page = {html};
  pages.set(permalink, page);
  html.then(
    (text) => {
      page.text = text;
    },
    () => pages.delete(permalink),
  );
  return page;
}

function read(page: Page, html: string): ReadonlyMap<string, string> {
  page.contents ??=
    cutContents(html) ??
    new Map(
      Array.from(
        new DOMParser()
          .parseFromString(html, 'text/html')
          .querySelectorAll('[data-static-content]'),
        (content) => [
          content.getAttribute('data-static-content')!,
          content.innerHTML,
        ],
      ),
    );
  return page.contents;
}

/** The main-thread time one idle task spends parsing, in ms. */
const parseBudget = 8;

/**
 * A content's parse: its HTML, the pieces left to parse, and the elements
 * parsed so far, held in a template's inert document, where no image loads,
 * until a page takes them.
 */
type Parse = {
  readonly id: string;
  readonly html: string;
  readonly pieces: string[];
  readonly into: DocumentFragment;
};
/** The contents parsed whole, by id. */
const parsed = new Map<string, Parse>();
/** The contents being parsed, in turn. */
const parsing: Parse[] = [];
let parseScheduled = false;

/** The parse's cost of a character of HTML, in ms, learnt from the tasks before. */
let msPerCharacter: number | undefined;

/**
 * Parses the queued pieces in idle tasks, each within its budget: a piece
 * the cost of its length would take past it waits for the next task, unless
 * it is the task's first.
 */
function parseInIdleTime(): void {
  if (parseScheduled || parsing.length === 0) return;
  parseScheduled = true;
  whenIdle(() => {
    parseScheduled = false;
    const start = performance.now();
    const scratch = document.createElement('template');
    let characters = 0;
    while (parsing.length > 0) {
      const next = parsing[0]!;
      const piece = next.pieces[0]!;
      const spent = performance.now() - start;
      if (
        characters > 0 &&
        spent + piece.length * (msPerCharacter ?? 0) > parseBudget
      )
        break;
      scratch.innerHTML = piece;
      next.into.append(scratch.content);
      next.pieces.shift();
      characters += piece.length;
      if (next.pieces.length === 0) {
        parsing.shift();
        parsed.set(next.id, next);
      }
    }
    const cost = (performance.now() - start) / characters;
    msPerCharacter =
      msPerCharacter === undefined ? cost : (msPerCharacter + cost) / 2;
    parseInIdleTime();
  });
}

function parseAhead(contents: ReadonlyMap<string, string>): void {
  contents.forEach((html, id) => {
    if (parsed.has(id) || parsing.some((queued) => queued.id === id)) return;
    parsing.push({
      id,
      html,
      pieces: topLevelPieces(html),
      into: document.createElement('template').content,
    });
  });
  parseInIdleTime();
}

/**
 * The elements of the content `id`, parsed ahead from `html`, for the page to
 * take in place of parsing it; undefined when they are not ready yet. Each
 * parse is taken once: a return to the page parses its HTML again.
 */
export function takeParsedContent(
  id: string,
  html: string,
): DocumentFragment | undefined {
  const parse = parsed.get(id);
  parsed.delete(id);
  const queued = parsing.findIndex((entry) => entry.id === id);
  if (queued !== -1) parsing.splice(queued, 1);
  return parse?.html === html ? parse.into : undefined;
}

/** Fetches the page at `permalink` and reads it when the main thread is free. */
export function prefetchPage(permalink: string): void {
  const page = fetchPage(permalink);
  page.html.then(
    (html) => whenIdle(() => parseAhead(read(page, html))),
    // The route's load fetches it again, and reports its failure.
    () => undefined,
  );
}

/** The static contents of the page at `permalink`, by id. */
export async function pageContents(
  permalink: string,
): Promise<ReadonlyMap<string, string>> {
  const page = fetchPage(permalink);
  return page.contents ?? read(page, await page.html);
}

/**
 * The inner HTML of the element whose opening tag is `opening` in the page at
 * `permalink`, as the build wrote it, if the page has come.
 */
export function builtInner(
  permalink: string,
  opening: string,
): string | undefined {
  const text = pages.get(permalink)?.text;
  return text === undefined ? undefined : cutInside(text, opening);
}

/**
 * The inner HTML of the element whose opening tag holds the attribute
 * `marker` (`data-built-html="…"`) in the page at `permalink`, as the build
 * wrote it, if the page has come.
 */
export function builtMarked(
  permalink: string,
  marker: string,
): string | undefined {
  const text = pages.get(permalink)?.text;
  return text === undefined ? undefined : cutInsideMarked(text, marker);
}

// The pages whose HTML holds the static content of docs the reader has not
// opened yet: each fetched once, when Docusaurus prefetches the doc's route
// (../prefetch.ts) or when the route loads, whichever comes first. A
// prefetched page is read in time the main thread has free, so that a click
// finds its content ready; a route that loads first reads it at once.
import {whenIdle} from './idle';

type Page = {
  readonly html: Promise<string>;
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
  html.catch(() => pages.delete(permalink));
  return page;
}

/**
 * The static contents of a page's HTML, by id, cut out of the HTML as the
 * build wrote it: parsing every page a first load prefetches was a long task
 * each. React's server render escapes every `<` of text and attribute
 * values, so a content ends at the `</div>` that closes its own; a content
 * holding markup such a count could misread (a comment other than React's
 * empty ones, raw text) is left to the parser, as is a page where none is
 * found.
 */
function cutContents(html: string): Map<string, string> | undefined {
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
    if (
      /<!--(?! -->)|<!\[CDATA\[|<(script|style|textarea|title|template|noscript|iframe|xmp|plaintext)\b/i.test(
        content,
      )
    )
      return undefined;
    contents.set(opening[1]!, content);
  }
  return contents.size > 0 ? contents : undefined;
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

let dateFormatsLoaded = false;

/**
 * Loads the browser's date formats, which the next doc's last-updated line
 * needs (the theme formats it as the doc renders): some 30 ms of main thread
 * the first time, better spent now than in the click's task.
 */
function loadDateFormats(): void {
  if (dateFormatsLoaded) return;
  dateFormatsLoaded = true;
  new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(0);
}

/** Fetches the page at `permalink` and reads it when the main thread is free. */
export function prefetchPage(permalink: string): void {
  const page = fetchPage(permalink);
  page.html.then(
    (html) =>
      whenIdle(() => {
        read(page, html);
        loadDateFormats();
      }),
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

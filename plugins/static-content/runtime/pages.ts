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

function read(page: Page, html: string): ReadonlyMap<string, string> {
  page.contents ??= new Map(
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

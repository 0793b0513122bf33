// What the WebMCP tools (./index.ts) know of the docs, read from the site's
// own files: the list of docs from llms.txt, and a doc's sections from its
// Markdown copy. Pure functions, so that unit tests run them under Node.

/** A page the site publishes, as llms.txt lists it. */
export type DocEntry = {
  readonly title: string;
  /** The page's path on this site, base URL included. */
  readonly path: string;
  readonly description: string;
  /** The llms.txt section it is listed under: its sidebar category. */
  readonly section: string;
};

/** The path of the page whose Markdown copy is at `markdownUrl`. */
export function pagePath(markdownUrl: string): string {
  const {pathname} = new URL(markdownUrl, 'https://site.invalid');
  return pathname.replace(/\/index\.md$/, '/').replace(/\.md$/, '');
}

/** The pages llms.txt lists (`- [title](url): description` under `## section`). */
export function parseLlmsTxt(llmsTxt: string): DocEntry[] {
  const entries: DocEntry[] = [];
  let section = '';
  for (const line of llmsTxt.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) section = heading[1]!.trim();
    const link = /^- \[(.+?)\]\((\S+?)\)(?:: (.*))?$/.exec(line);
    if (link)
      entries.push({
        title: link[1]!.replace(/\\([[\]])/g, '$1'),
        path: pagePath(link[2]!),
        description: link[3]?.trim() ?? '',
        section,
      });
  }
  return entries;
}

/** A heading of a Markdown copy: its level and the index of its line. */
type MarkdownHeading = {readonly level: number; readonly line: number};

/** The headings of `markdown` below its title, outside code fences. */
export function markdownHeadings(markdown: string): MarkdownHeading[] {
  const headings: MarkdownHeading[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) {
      fence = fence ? undefined : marker;
      return;
    }
    const level = fence ? 0 : (/^(#{2,6}) /.exec(text)?.[1]?.length ?? 0);
    if (level) headings.push({level, line});
  });
  return headings;
}

/** A heading of the rendered page: its level and its id. */
export type PageHeading = {readonly level: number; readonly id: string};

/**
 * The section of `markdown` under the heading with `id`, from that heading to
 * the next heading at its level or above. The page's headings (`onPage`, in
 * order) give each heading its id: the Markdown copy has the same headings, in
 * the same order. Undefined when the page has no such heading or the copy
 * does not match the page.
 */
export function markdownSection(
  markdown: string,
  onPage: readonly PageHeading[],
  id: string,
): string | undefined {
  const index = onPage.findIndex((heading) => heading.id === id);
  const headings = markdownHeadings(markdown);
  const heading = headings[index];
  if (
    index < 0 ||
    headings.length !== onPage.length ||
    heading?.level !== onPage[index]!.level
  )
    return undefined;
  const end = headings
    .slice(index + 1)
    .find((next) => next.level <= heading.level)?.line;
  return markdown.split('\n').slice(heading.line, end).join('\n').trim() + '\n';
}

/** The page `path` names among `docs`: a path as listed, with or without `.md`, or a URL of this site. */
export function findDoc(
  docs: readonly DocEntry[],
  path: unknown,
): DocEntry | undefined {
  if (typeof path !== 'string' || path === '') return undefined;
  const wanted = pagePath(path);
  return docs.find(
    (doc) => doc.path === wanted || doc.path === wanted.replace(/\/$/, ''),
  );
}

// Read-only tools for browser agents (WebMCP, `document.modelContext`): list
// the docs, read one as Markdown, say where the reader is, and open a doc in
// this tab through the site's own navigation. Loaded only where the browser
// has the API (src/theme/Root.tsx); the answers come from the site's own
// files (llms.txt, the Markdown copies, the pages), nothing else.
import {
  findDoc,
  markdownSection,
  parseLlmsTxt,
  type DocEntry,
  type PageHeading,
} from './docs';
import {onRouteShown, shownLocation} from '@site/src/clientModules/shown-page';

/** The input a tool refused, and why, said to the agent. */
class BadInput extends Error {}

const text = (answer: string): ModelContextToolResult => ({
  content: [{type: 'text', text: answer}],
});

const json = (answer: unknown): ModelContextToolResult =>
  text(JSON.stringify(answer, null, 2));

/** The headings of an article with an id, as the reader's page has them. */
const headingsOf = (root: ParentNode): HTMLElement[] =>
  Array.from(
    root.querySelectorAll<HTMLElement>(
      'main article :is(h2, h3, h4, h5, h6)[id]',
    ),
  );

const pageHeadingsOf = (root: ParentNode): PageHeading[] =>
  headingsOf(root).map((heading) => ({
    level: Number(heading.localName[1]),
    id: heading.id,
  }));

/** Runs `go`, a navigation, and resolves once the route it leads to has rendered. */
const shownAfter = (go: () => void) =>
  new Promise<void>((resolve) => {
    const stop = onRouteShown(() => {
      stop();
      resolve();
    });
    go();
  });

/** Scrolls the element `id` into view unless it is; after the frame that lays the page out. */
async function bringIntoView(id: string): Promise<void> {
  await new Promise(requestAnimationFrame);
  const element = document.getElementById(id);
  const box = element?.getBoundingClientRect();
  if (box && (box.top < 0 || box.bottom > innerHeight))
    element!.scrollIntoView();
}

async function fetchText(path: string): Promise<string> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.text();
}

export function registerTools({
  baseUrl,
  navigate,
}: {
  baseUrl: string;
  navigate: (to: string) => void;
}): void {
  const modelContext = document.modelContext!;
  let docs: Promise<DocEntry[]> | undefined;
  const listDocs = () =>
    (docs ??= fetchText(`${baseUrl}llms.txt`).then(parseLlmsTxt));

  const docAt = async (path: unknown): Promise<DocEntry> => {
    const doc = findDoc(await listDocs(), path);
    if (!doc)
      throw new BadInput(
        `No page at ${JSON.stringify(path)}: give a path as list_docs gives it, such as "${baseUrl}docs/intro".`,
      );
    return doc;
  };

  /** The ids of the headings of `doc`'s page, read from the page itself. */
  const headingsOfDoc = async (doc: DocEntry): Promise<PageHeading[]> =>
    pageHeadingsOf(
      doc.path === location.pathname
        ? document
        : new DOMParser().parseFromString(
            await fetchText(doc.path),
            'text/html',
          ),
    );

  const headingIn = async (
    doc: DocEntry,
    id: unknown,
  ): Promise<PageHeading[]> => {
    const headings = await headingsOfDoc(doc);
    if (typeof id !== 'string' || !headings.some((h) => h.id === id))
      throw new BadInput(
        `${doc.path} has no heading with the id ${JSON.stringify(id)}; its headings' ids: ${headings.map((h) => h.id).join(', ')}.`,
      );
    return headings;
  };

  const pathProperty = {
    type: 'string',
    description: `The page's path, as list_docs gives it (such as "${baseUrl}docs/intro").`,
  };
  const headingProperty = {
    type: 'string',
    description:
      'The id of one of the page’s headings: the part of its URL after #.',
  };
  const noInput = {type: 'object', properties: {}};
  const pageInput = {
    type: 'object',
    properties: {path: pathProperty, heading: headingProperty},
    required: ['path'],
  };

  const tools: ModelContextTool[] = [
    {
      name: 'list_docs',
      description:
        'Lists every page of these docs in reading order: its title, path, description and the section it belongs to.',
      inputSchema: noInput,
      annotations: {readOnlyHint: true},
      execute: async () => json(await listDocs()),
    },
    {
      name: 'read_doc',
      description:
        'Gives a page of these docs as Markdown: the whole page, or the one section under a heading.',
      inputSchema: pageInput,
      annotations: {readOnlyHint: true},
      execute: async ({path, heading}) => {
        const doc = await docAt(path);
        const markdownPath = doc.path.endsWith('/')
          ? `${doc.path}index.md`
          : `${doc.path}.md`;
        const markdown = await fetchText(markdownPath);
        if (heading === undefined) return text(markdown);
        const section = markdownSection(
          markdown,
          await headingIn(doc, heading),
          heading as string,
        );
        if (section === undefined)
          throw new Error(`${markdownPath} does not match the page's headings`);
        return text(section);
      },
    },
    {
      name: 'current_page',
      description:
        'Says which page the reader has open: its title, path and URL, and the heading of the section in view.',
      inputSchema: noInput,
      annotations: {readOnlyHint: true},
      execute: async () => {
        // The section in view: the last heading above the top third of the
        // window, none above the first heading.
        const inView = headingsOf(document)
          .filter((h) => h.getBoundingClientRect().top < innerHeight / 3)
          .at(-1);
        // The page shown: the address changes before the next page shows.
        const shown = shownLocation() ?? location;
        return json({
          title: document.querySelector('h1')?.textContent ?? document.title,
          path: shown.pathname,
          url: new URL(
            shown.pathname + shown.search + shown.hash,
            location.origin,
          ).href,
          heading: inView
            ? {id: inView.id, text: inView.textContent?.replace(/\u200b/g, '')}
            : null,
        });
      },
    },
    {
      name: 'open_doc',
      description:
        'Opens a page of these docs in this tab, at one of its headings if given, as a reader’s click on a link would; answers once the page is shown.',
      inputSchema: pageInput,
      // It changes what the tab shows, and nothing else.
      annotations: {readOnlyHint: false},
      execute: async ({path, heading}) => {
        const doc = await docAt(path);
        if (heading !== undefined) await headingIn(doc, heading);
        const to = heading === undefined ? doc.path : `${doc.path}#${heading}`;
        // Answered once the doc is shown, at its heading: an agent reads
        // the page next.
        await shownAfter(() => navigate(to));
        if (heading !== undefined) await bringIntoView(heading as string);
        return text(`Opened ${doc.title} at ${new URL(to, location.href)}`);
      },
    },
  ];

  for (const {execute, ...tool} of tools)
    void modelContext.registerTool({
      ...tool,
      execute: (input) =>
        execute(input ?? {}).catch((error: unknown) => {
          if (!(error instanceof BadInput)) throw error;
          return {...text(error.message), isError: true};
        }),
    });
}

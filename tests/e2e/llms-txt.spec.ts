import type {APIRequestContext} from '@playwright/test';
import {test, expect} from '../support/test';
import {servers, subPathOrigin} from '../support/servers';
import {drafts, sidebarDocs, sidebarSections} from '../support/sidebar-docs';
import {product} from '@site/src/product.mjs';
import config from '../../docusaurus.config';

// llms.txt (https://llmstxt.org) and llms-full.txt, as plugins/outputs/llms-txt writes
// them into the production build, at the root and under a base URL.

/** The path on the test server of an absolute URL of the site built for `origin`. */
function localPath(url: string, origin: string): string {
  expect(url.startsWith(origin), `${url} is on ${origin}`).toBe(true);
  return url.slice(origin.length);
}

async function getText(
  request: APIRequestContext,
  path: string,
  type: string,
): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type'], path).toBe(
    `${type}; charset=utf-8`,
  );
  return response.text();
}

// build-sub is built for another origin (SITE_URL): every address follows it.
for (const {name, server, base, origin} of [
  {
    name: 'at the root',
    server: servers.site,
    base: '/',
    origin: product.siteUrl,
  },
  {
    name: 'under /sub/, for another origin',
    server: servers.subPath,
    base: '/sub/',
    origin: subPathOrigin,
  },
]) {
  test.describe(name, () => {
    test.use({baseURL: server.url});

    test("llms.txt names the site, sums it up, and links every doc's Markdown copy in sidebar order", async ({
      request,
    }) => {
      const text = await getText(request, `${base}llms.txt`, 'text/plain');
      const [title, summary, note, ...parts] = text.trimEnd().split('\n\n');
      // The pages outside the docs come last, in a section of their own.
      const sections = parts.slice(0, -2);
      expect(title).toBe(`# ${config.title}`);
      expect(summary, 'a one-paragraph summary').toMatch(
        /^> Nodekeeper monitors the RPC endpoints of blockchain nodes: [^\n]+\.$/,
      );
      // What else an agent can use, in a line.
      expect(note).toBe(
        `Every page names its Markdown copy in a Link header, and each doc in its head too (<link rel="alternate" type="text/markdown">) with schema.org JSON-LD; the changelog has an Atom feed at ${origin}${base}changelog.atom. In a browser with WebMCP, every page registers tools to list, read and open these docs.`,
      );

      // A heading a sidebar section, then one line a doc: "- [title](url of its copy): description".
      expect(sections.filter((_, index) => index % 2 === 0)).toEqual(
        sidebarSections.map(({label}) => `## ${label}`),
      );
      const lines = sections
        .filter((_, index) => index % 2 === 1)
        .flatMap((list) => list.split('\n'));
      expect(lines).toHaveLength(sidebarDocs.length);
      for (const [index, line] of lines.entries()) {
        const doc = sidebarDocs[index];
        const [, linkTitle, url, description] =
          /^- \[(.+)\]\((\S+)\): (.+)$/.exec(line) ?? [];
        expect(linkTitle, line).toBe(doc.title);
        expect(url, line).toBe(`${origin}${base}${doc.path.slice(1)}.md`);
        expect(description.length, line).toBeGreaterThan(20);
        const copy = await getText(
          request,
          localPath(url, origin),
          'text/markdown',
        );
        expect(copy.split('\n')[0], url).toBe(`# ${doc.title}`);
      }
    });

    test("llms-full.txt holds every doc's Markdown copy, in sidebar order, and no draft", async ({
      request,
    }) => {
      const full = await getText(request, `${base}llms-full.txt`, 'text/plain');
      expect(full.startsWith(`# ${config.title}\n\n> `)).toBe(true);
      let from = 0;
      for (const doc of sidebarDocs) {
        const copy = (
          await getText(
            request,
            `${base}${doc.path.slice(1)}.md`,
            'text/markdown',
          )
        )
          .trim()
          // The directive to agents opens each copy served alone, not each in the whole.
          .replace(/^(# .+\n)\n> For AI agents: .+\n/, '$1');
        const at = full.indexOf(`\n\n${copy}\n`, from);
        expect(
          at,
          `${doc.path} follows the doc before it`,
        ).toBeGreaterThanOrEqual(from);
        from = at + `\n\n${copy}`.length;
      }
      expect(full.slice(from).trim()).toBe('');
      for (const draft of drafts) expect(full).not.toContain(draft.title);
    });

    test('llms.txt links a Markdown copy of every page of the sitemap, the pages outside the docs in a section of their own', async ({
      request,
    }) => {
      const text = await getText(request, `${base}llms.txt`, 'text/plain');
      const parts = text.trimEnd().split('\n\n');
      expect(parts.at(-2)).toBe('## Site pages');
      const linked = [...text.matchAll(/^- \[.+\]\((\S+)\)/gm)].map(
        ([, url]) => url,
      );
      const sitemap = await (await request.get(`${base}sitemap.xml`)).text();
      const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
        ([, url]) => url,
      );
      expect(pages.length).toBeGreaterThan(sidebarDocs.length);
      for (const page of pages) {
        const copy = page.endsWith('/') ? `${page}index.md` : `${page}.md`;
        expect(linked, page).toContain(copy);
        const markdown = await getText(
          request,
          localPath(copy, origin),
          'text/markdown',
        );
        expect(markdown, copy).toMatch(/^# .+\n\n> For AI agents: /);
      }
      expect(linked).toHaveLength(pages.length);
    });

    test('no draft is listed or has a Markdown copy', async ({request}) => {
      const text = await getText(request, `${base}llms.txt`, 'text/plain');
      for (const draft of drafts) {
        expect(text).not.toContain(draft.title);
        expect(text).not.toContain(draft.path);
        expect(
          (await request.get(`${base}${draft.path.slice(1)}.md`)).status(),
          draft.path,
        ).toBe(404);
      }
    });
  });
}

import type {APIRequestContext} from '@playwright/test';
import {test, expect} from '../support/test';
import {servers} from '../support/servers';
import {drafts, sidebarDocs, sidebarSections} from '../support/sidebar-docs';
import {product} from '@site/src/product.mjs';
import config from '../../docusaurus.config';

// llms.txt (https://llmstxt.org) and llms-full.txt, as plugins/llms-txt writes
// them into the production build, at the root and under a base URL.

/** The path on the test server of an absolute URL of the built site. */
function localPath(url: string): string {
  expect(
    url.startsWith(product.siteUrl),
    `${url} is on ${product.siteUrl}`,
  ).toBe(true);
  return url.slice(product.siteUrl.length);
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

for (const {name, server, base} of [
  {name: 'at the root', server: servers.site, base: '/'},
  {name: 'under /sub/', server: servers.subPath, base: '/sub/'},
]) {
  test.describe(name, () => {
    test.use({baseURL: server.url});

    test("llms.txt names the site, sums it up, and links every doc's Markdown copy in sidebar order", async ({
      request,
    }) => {
      const text = await getText(request, `${base}llms.txt`, 'text/plain');
      const [title, summary, ...sections] = text.trimEnd().split('\n\n');
      expect(title).toBe(`# ${config.title}`);
      expect(summary, 'a one-paragraph summary').toMatch(
        /^> Nodekeeper monitors the RPC endpoints of blockchain nodes: [^\n]+\.$/,
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
        expect(url, line).toBe(
          `${product.siteUrl}${base}${doc.path.slice(1)}.md`,
        );
        expect(description.length, line).toBeGreaterThan(20);
        const copy = await getText(request, localPath(url), 'text/markdown');
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
        ).trim();
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

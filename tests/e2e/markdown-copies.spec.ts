import {readFile} from 'node:fs/promises';
import type {APIRequestContext} from '@playwright/test';
import {test, expect} from '../support/test';
import {servers, subPathOrigin} from '../support/servers';
import {sidebarDocs} from '../support/sidebar-docs';
import {product} from '@site/src/product.mjs';

// Every doc has a Markdown copy at its URL plus .md (plugins/outputs/llms-txt): it reads
// on its own, and every link in it leads to a page and anchor of the site.

async function markdownCopy(
  request: APIRequestContext,
  path: string,
): Promise<string> {
  const response = await request.get(`${path}.md`);
  expect(response.status(), `${path}.md`).toBe(200);
  expect(response.headers()['content-type']).toBe(
    'text/markdown; charset=utf-8',
  );
  return response.text();
}

/** `markdown` without its code blocks and code spans. */
const prose = (markdown: string) =>
  markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');

/** The targets of the Markdown links and images in `markdown`, outside code. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map(
    ([, target]) => target,
  );
}

test('/docs/projects/yaml.md is the page as plain Markdown', async ({
  request,
}) => {
  const markdown = await markdownCopy(request, '/docs/projects/yaml');
  const site = product.siteUrl;

  expect(markdown.split('\n')[0], 'the title as the one H1').toBe(
    '# nodekeeper.yaml reference',
  );
  expect(prose(markdown).match(/^# /gm)).toHaveLength(1);
  const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(
    await readFile('docs/projects/yaml.md', 'utf8'),
  )![1];
  for (const line of frontMatter.split('\n'))
    expect(markdown, 'no front matter').not.toContain(line);
  expect(markdown, 'no admonition fences').not.toMatch(/^:::/m);
  expect(markdown, 'admonitions as blockquotes').toContain(
    '> **Danger: Secrets do not belong in the file**\n>\n> The project file lives',
  );
  expect(markdown, 'code blocks keep their language and title').toContain(
    '```yaml title="nodekeeper.yaml"\n# yaml-language-server: $schema=https://docs.nodekeeper.example/schemas/nodekeeper.schema.json\n',
  );

  const targets = linkTargets(markdown);
  expect(targets).toContain(`${site}/docs/projects/bundles#which-settings-win`);
  expect(targets).toContain(`${site}/docs/projects/intro#environments`);
  expect(targets).toContain(
    `${site}/docs/projects/yaml#how-the-cli-checks-a-file`,
  );
  expect(targets).toContain(`${site}/schemas/nodekeeper.schema.json`);
  expect(
    targets.filter((target) => !/^https:\/\//.test(target)),
    'links that are not absolute',
  ).toEqual([]);
});

test("/docs/alerts/webhook-receiver.md holds the receiver's PHP as the page shows it", async ({
  request,
}) => {
  const markdown = await markdownCopy(request, '/docs/alerts/webhook-receiver');
  expect(markdown.split('\n')[0]).toBe('# Webhook receiver');
  expect(markdown).toContain('```php title="receiver.php"\n<?php\n');
});

test.describe('with a browser', () => {
  // Chromium asks for /favicon.ico beside a text file; the site's is at /img/favicon.svg.
  test.use({allowConsoleErrors: /status of 404/});

  test('a Markdown copy shows as text, its characters intact', async ({
    page,
  }) => {
    await page.goto('/docs/projects/bundles.md');
    const text = await page.locator('body').innerText();
    expect(text.startsWith('# Bundles\n')).toBe(true);
    expect(text).toContain('| `client_version` | — |');
  });
});

// A reader's agent fetches a copy whole: past about 50,000 characters its fetch
// cuts the page off, so each doc stays well under that, with a fifth to spare.
const copyCharacters = 30_000;

for (const doc of sidebarDocs) {
  test(`${doc.path}.md has at most ${copyCharacters} characters`, async ({
    request,
  }) => {
    const markdown = await markdownCopy(request, doc.path);
    expect([...markdown].length).toBeLessThanOrEqual(copyCharacters);
  });

  test(`${doc.path}.md opens with its title, and each of its links to the site leads to a page and anchor that exist`, async ({
    request,
  }) => {
    const markdown = await markdownCopy(request, doc.path);
    expect(markdown.split('\n')[0]).toBe(`# ${doc.title}`);

    const onSite = linkTargets(markdown)
      .filter((target) => target.startsWith(`${product.siteUrl}/`))
      .map(
        (target) =>
          new URL(target.slice(product.siteUrl.length), 'http://site'),
      );
    expect(onSite.length).toBeGreaterThan(0);
    const anchors = new Map<string, Set<string>>();
    for (const {pathname, hash} of onSite) {
      if (!anchors.has(pathname)) anchors.set(pathname, new Set());
      if (hash) anchors.get(pathname)!.add(hash.slice(1));
    }
    // The page as served: what an agent following the link reads, and what
    // the browser keeps of a doc's content.
    for (const [pathname, ids] of anchors) {
      const response = await request.get(pathname);
      expect(response.status(), pathname).toBe(200);
      const html = await response.text();
      for (const id of ids)
        expect(html.split(` id="${id}"`).length - 1, `${pathname}#${id}`).toBe(
          1,
        );
    }
  });
}

test.describe('under /sub/, for another origin', () => {
  test.use({baseURL: servers.subPath.url});

  test('a Markdown copy links to the site under its base URL, at the origin it was built for', async ({
    request,
  }) => {
    const markdown = await markdownCopy(request, '/sub/docs/projects/yaml');
    const targets = linkTargets(markdown).filter((target) =>
      target.startsWith(subPathOrigin),
    );
    expect(targets).toContain(
      `${subPathOrigin}/sub/docs/projects/bundles#which-settings-win`,
    );
    expect(targets).toContain(
      `${subPathOrigin}/sub/schemas/nodekeeper.schema.json`,
    );
    expect(
      targets.filter((target) => !target.startsWith(`${subPathOrigin}/sub/`)),
      'links without the base URL',
    ).toEqual([]);
  });
});

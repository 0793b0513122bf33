import type {Page, Request} from '@playwright/test';
import {test, expect, gotoHydrated} from '../support/test';
import {chromiumLaunchOptions, servers} from '../support/servers';
import {sidebarDocs, sidebarSections} from '../support/sidebar-docs';

// Browser agents call the site's WebMCP tools (src/webmcp) where Chromium
// offers `document.modelContext`, behind its WebMCP feature; elsewhere the
// site registers nothing and never loads the tools' chunk.

type ToolResult = ModelContextToolResult;
type ListedTool = RegisteredModelContextTool;

const withWebMcp = {
  ...chromiumLaunchOptions,
  args: [...(chromiumLaunchOptions.args ?? []), '--enable-features=WebMCP'],
};

/** The tools the page has registered, once it has registered them all. */
async function listedTools(page: Page): Promise<ListedTool[]> {
  await expect
    .poll(() =>
      page.evaluate(
        async () => (await document.modelContext!.getTools()).length,
      ),
    )
    .toBe(4);
  return page.evaluate(async () =>
    (await document.modelContext!.getTools()).map(
      ({name, description, inputSchema}) => ({name, description, inputSchema}),
    ),
  );
}

/** Calls the tool `name` with `input` as an agent does, through the browser. */
function call(
  page: Page,
  name: string,
  input: Record<string, unknown> = {},
): Promise<ToolResult> {
  return page.evaluate(
    async ({name, input}) => {
      const tools = await document.modelContext!.getTools();
      const tool = tools.find((registered) => registered.name === name)!;
      return JSON.parse(await document.modelContext!.executeTool(tool, input));
    },
    {name, input},
  );
}

const answer = (result: ToolResult) => {
  expect(result.isError, result.content[0]?.text).toBeFalsy();
  return result.content[0]!.text;
};

const refusal = (result: ToolResult) => {
  expect(result.isError).toBe(true);
  return result.content[0]!.text;
};

/** The site's script files the page requested. */
const scriptsRequested = (page: Page) => {
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script')
      scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
};

test.use({launchOptions: withWebMcp});

test.describe('with WebMCP', () => {
  test('the page registers four tools, each described, with an input schema', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/projects/cli');
    const tools = await listedTools(page);
    expect(tools.map(({name}) => name).sort()).toEqual([
      'current_page',
      'list_docs',
      'open_doc',
      'read_doc',
    ]);
    for (const {description, inputSchema} of tools) {
      expect(description).toMatch(/^[A-Z].{30,}\.$/);
      expect(inputSchema).toMatchObject({type: 'object'});
    }
  });

  test('list_docs gives every doc of the sidebar with its title, path, description and section, from the site’s own files', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    await listedTools(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const docs = JSON.parse(answer(await call(page, 'list_docs'))) as {
      title: string;
      path: string;
      description: string;
      section: string;
    }[];
    for (const {label, docs: inSection} of sidebarSections)
      for (const {path, title} of inSection)
        expect(docs).toContainEqual({
          title,
          path,
          description: expect.stringMatching(/\.$/),
          section: label,
        });
    const origin = new URL(page.url()).origin;
    expect(requests).toContain(`${origin}/llms.txt`);
    expect(
      requests.filter((url) => !url.startsWith(`${origin}/`)),
      'requests beyond the site’s files',
    ).toEqual([]);
  });

  test('read_doc gives a doc’s Markdown copy, or the section under each of its headings; bad input is refused, saying why', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await gotoHydrated(page, '/');
    await listedTools(page);
    const markdown = await (await request.get('/docs/projects/cli.md')).text();
    expect(
      answer(await call(page, 'read_doc', {path: '/docs/projects/cli'})),
    ).toBe(markdown);
    // Every heading of every doc, by the id its URL uses: each doc's
    // headings are read from its page as served, and each section is asked
    // for in one pass inside the page.
    for (const {path} of sidebarDocs) {
      const doc = await (await request.get(`${path}.md`)).text();
      const sections = await page.evaluate(async (docPath) => {
        const html = await (await fetch(docPath)).text();
        const headings = new DOMParser()
          .parseFromString(html, 'text/html')
          .querySelectorAll('article :is(h2, h3, h4, h5, h6)[id]');
        const tool = (await document.modelContext!.getTools()).find(
          ({name}) => name === 'read_doc',
        )!;
        const read = [];
        for (const heading of Array.from(headings))
          read.push({
            id: heading.id,
            line: `${'#'.repeat(Number(heading.localName[1]))} ${heading.textContent!.replace(/\u200b/g, '').trim()}`,
            result: JSON.parse(
              await document.modelContext!.executeTool(tool, {
                path: docPath,
                heading: heading.id,
              }),
            ) as ToolResult,
          });
        return read;
      }, path);
      expect(sections.length, `${path}: headings`).toBeGreaterThan(0);
      for (const {id, line, result} of sections) {
        const section = answer(result);
        expect(
          section.split('\n')[0]!.replace(/[`*]|\\(?=.)/g, ''),
          `${path}#${id}`,
        ).toBe(line);
        expect(doc).toContain(section.trim());
      }
    }
    expect(
      refusal(await call(page, 'read_doc', {path: '/docs/nothing'})),
    ).toMatch(
      /^No page at "\/docs\/nothing": give a path as list_docs gives it/,
    );
    expect(refusal(await call(page, 'read_doc', {path: 42}))).toMatch(
      /^No page at 42/,
    );
    expect(
      refusal(
        await call(page, 'read_doc', {
          path: '/docs/projects/cli',
          heading: 'x',
        }),
      ),
    ).toMatch(
      /^\/docs\/projects\/cli has no heading with the id "x"; its headings' ids: install-and-pin, /,
    );
  });

  test('current_page says where the reader is: the page, and the heading of the section in view', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/projects/cli');
    await listedTools(page);
    expect(JSON.parse(answer(await call(page, 'current_page')))).toEqual({
      title: 'CLI reference',
      path: '/docs/projects/cli',
      url: page.url(),
      heading: null,
    });
    await page
      .getByRole('heading', {name: /^Offline and online/})
      .evaluate((heading) => heading.scrollIntoView());
    expect(JSON.parse(answer(await call(page, 'current_page')))).toMatchObject({
      heading: {id: 'offline-and-online', text: 'Offline and online'},
    });
  });

  test('open_doc opens a doc, at a heading if given, through the site’s navigation; a page or heading that is not there is refused', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/intro');
    await listedTools(page);
    const documents = await page.evaluate(() => performance.timeOrigin);
    expect(
      answer(
        await call(page, 'open_doc', {
          path: '/docs/projects/cli',
          heading: 'sign-in',
        }),
      ),
    ).toBe(
      `Opened CLI reference at ${new URL('/docs/projects/cli#sign-in', page.url())}`,
    );
    await expect(page).toHaveURL(/\/docs\/projects\/cli#sign-in$/);
    await expect(
      page.getByRole('heading', {level: 1, name: 'CLI reference'}),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', {name: /^Sign in/}),
    ).toBeInViewport();
    expect(
      await page.evaluate(() => performance.timeOrigin),
      'no page load',
    ).toBe(documents);
    expect(refusal(await call(page, 'open_doc', {path: '/nowhere'}))).toMatch(
      /^No page at "\/nowhere"/,
    );
    expect(
      refusal(
        await call(page, 'open_doc', {path: '/docs/intro', heading: 'x'}),
      ),
    ).toMatch(/^\/docs\/intro has no heading with the id "x"/);
    await expect(page).toHaveURL(/\/docs\/projects\/cli#sign-in$/);
  });

  test('open_doc answers once the doc is shown, at its heading, and current_page called next reads that doc', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/intro');
    await listedTools(page);
    // One call right after the other, as an agent makes them: nothing waits
    // between them but the tools themselves.
    const [opened, current] = await page.evaluate(async () => {
      const tools = await document.modelContext!.getTools();
      const run = async (name: string, input: Record<string, unknown>) =>
        JSON.parse(
          await document.modelContext!.executeTool(
            tools.find((tool) => tool.name === name)!,
            input,
          ),
        ) as ModelContextToolResult;
      const opened = await run('open_doc', {
        path: '/docs/operations/security',
        heading: 'how-secrets-are-stored',
      });
      return [opened, await run('current_page', {})];
    });
    expect(answer(opened)).toBe(
      `Opened Security at ${new URL('/docs/operations/security#how-secrets-are-stored', page.url())}`,
    );
    expect(JSON.parse(answer(current))).toEqual({
      title: 'Security',
      path: '/docs/operations/security',
      url: new URL(
        '/docs/operations/security#how-secrets-are-stored',
        page.url(),
      ).href,
      heading: {
        id: 'how-secrets-are-stored',
        text: 'How secrets are stored',
      },
    });
  });

  test('the tools’ chunk is small, and the only script the feature adds', async ({
    page,
  }) => {
    const scripts = scriptsRequested(page);
    await gotoHydrated(page, '/docs/projects/cli');
    await listedTools(page);
    const chunk = scripts.find((path) => /\/webmcp\.[0-9a-f]+\.js$/.test(path));
    expect(chunk, scripts.join('\n')).toBeDefined();
    // Its gzip file, as nginx sends it to a browser that takes gzip.
    const response = await page.request.get(chunk!, {
      headers: {'accept-encoding': 'gzip'},
    });
    expect(response.headers()['content-encoding']).toBe('gzip');
    expect(Number(response.headers()['content-length'])).toBeLessThanOrEqual(
      4 * 1024,
    );
  });
});

test('without WebMCP, nothing is registered and the tools’ chunk is never loaded', async ({
  playwright,
}) => {
  const browser = await playwright.chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({baseURL: servers.site.url});
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const scripts = scriptsRequested(page);
    await gotoHydrated(page, '/docs/projects/cli');
    expect(await page.evaluate(() => 'modelContext' in document)).toBe(false);
    expect(scripts.filter((path) => /\/webmcp\./.test(path))).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});

import {readFileSync} from 'node:fs';
import type {Locator, Page} from '@playwright/test';
import {
  test,
  expect,
  axe,
  copiedBy,
  gotoHydrated,
  gotoInMode,
  settled,
} from '../support/test';
import {servers} from '../support/servers';
import {measureFirstLoad} from '../../tools/page-weight.mjs';

// Every code-block feature, on the pages of tests/fixtures/code-blocks: a copy
// of the site built with them (build-fixtures), served with its _headers, so
// that a style or script the policy does not allow fails the test.
test.use({baseURL: servers.fixtures.url});

const fenced = '/docs/code-blocks/fenced';
const component = '/docs/code-blocks/component';
const example = readFileSync(
  'tests/fixtures/code-blocks/docs/code-blocks/example.yaml',
  'utf8',
).replace(/\n$/, '');

/** The code block with this title. */
function block(page: Page, title: string): Locator {
  return page
    .locator('.theme-code-block')
    .filter({has: page.getByText(title, {exact: true})});
}

/** The texts of the block's highlighted lines. */
async function highlightedLines(
  codeBlock: Locator,
  className = 'theme-code-block-highlighted-line',
): Promise<string[]> {
  // Where a reader sees it: the browser skips a block out of view, and
  // renders it in a frame after it comes into view.
  await codeBlock.first().scrollIntoViewIfNeeded();
  const lines = codeBlock.locator(`.token-line.${className}`);
  await expect
    .poll(async () => (await lines.allInnerTexts()).includes(''))
    .toBe(false);
  return (await lines.allInnerTexts()).map((text) => text.trim());
}

/** The line numbers the block shows (drawn by CSS, from each line's data-line). */
async function lineNumbers(codeBlock: Locator): Promise<string[]> {
  return codeBlock
    .locator('.codeLineNumber')
    .evaluateAll((numbers) =>
      numbers.map((number) =>
        getComputedStyle(number, '::before').content.replace(/"/g, ''),
      ),
    );
}

/** What the copy button of the block puts on the clipboard. */
async function copied(page: Page, codeBlock: Locator): Promise<string> {
  await codeBlock.hover();
  return copiedBy(page, () =>
    codeBlock.getByRole('button', {name: 'Copy code to clipboard'}).click(),
  );
}

test.describe('fenced code blocks', () => {
  test.beforeEach(async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, fenced);
  });

  test('a range highlights its lines, beside a title and line numbers written in any order', async ({
    page,
  }) => {
    const range = block(page, 'range.yaml');
    expect(await highlightedLines(range)).toEqual([
      'project: range',
      '- name: one',
      'url: https://rpc.example.com',
    ]);
    expect(await lineNumbers(range)).toEqual(['1', '2', '3', '4', '5']);
    await expect(range.locator('.token.atrule').first()).toHaveText('version');
    const alone = page
      .locator('.theme-code-block')
      .filter({hasText: 'project: alone'});
    expect(await highlightedLines(alone)).toEqual(['version: 1', 'nodes: []']);
    await expect(alone.locator('.codeLineNumber')).toHaveCount(0);
  });

  test('showLineNumbers=5 counts from 5', async ({page}) => {
    expect(await lineNumbers(block(page, 'from-five.sh'))).toEqual([
      '5',
      '6',
      '7',
    ]);
  });

  for (const [title, lines] of [
    ['comments.js', ['const b = 2;', 'const c = 3;', 'const d = 4;']],
    ['comments.tsx', ['<span>b</span>']],
    ['comments.yaml', ['project: comments', 'nodes: []']],
    ['comments.sh', ['nodekeeper login']],
    ['comments.py', ['b = 2']],
    ['comments.html', ['<p>b</p>']],
    ['comments.css', ['b {}']],
    ['comments.php', ['$b = 2;']],
    ['comments.sql', ['select 2;']],
    ['comments.lua', ['b = 2']],
    ['comments.tex', ['b']],
  ] as const) {
    test(`magic comments in ${title} highlight their lines and never show`, async ({
      page,
    }) => {
      const codeBlock = block(page, title);
      expect(await highlightedLines(codeBlock)).toEqual(lines);
      await expect(codeBlock.locator('pre')).not.toContainText('highlight-');
    });
  }

  test('the copy button copies the code without its magic comments', async ({
    page,
  }) => {
    expect(await copied(page, block(page, 'comments.js'))).toBe(
      'const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 5;',
    );
    expect(await copied(page, block(page, 'comments.yaml'))).toBe(
      'version: 1\nproject: comments\nnodes: []',
    );
  });

  test("the copy button copies through the browser's Clipboard API, adding nothing to the page", async ({
    page,
  }) => {
    const codeBlock = block(page, 'comments.yaml');
    await codeBlock.hover();
    const added = await page.evaluateHandle(() => {
      const nodes: string[] = [];
      new MutationObserver((mutations) => {
        for (const mutation of mutations)
          mutation.addedNodes.forEach((node) => nodes.push(node.nodeName));
      }).observe(document.body, {childList: true});
      return nodes;
    });
    expect(
      await copiedBy(page, () =>
        codeBlock.getByRole('button', {name: 'Copy code to clipboard'}).click(),
      ),
    ).toBe('version: 1\nproject: comments\nnodes: []');
    expect(await added.jsonValue(), 'elements added to the page').toEqual([]);
  });

  test('the copy button still copies where the Clipboard API refuses', async ({
    page,
  }) => {
    await page.evaluate(async () => {
      await navigator.clipboard.writeText('Nothing copied yet');
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('Refused', 'NotAllowedError'));
    });
    const codeBlock = block(page, 'comments.yaml');
    await codeBlock.hover();
    await codeBlock
      .getByRole('button', {name: 'Copy code to clipboard'})
      .click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe('version: 1\nproject: comments\nnodes: []');
  });

  test('error-next-line marks its line in a colour of its own, in both colour modes', async ({
    page,
  }) => {
    const codeBlock = block(page, 'error.yaml');
    expect(await highlightedLines(codeBlock, 'code-block-error-line')).toEqual([
      'project: Not A Slug',
    ]);
    expect(await highlightedLines(codeBlock)).toEqual([]);
    const errorLine = codeBlock.locator('.code-block-error-line');
    const colours = async () => ({
      line: await errorLine.evaluate(
        (line) => getComputedStyle(line).backgroundColor,
      ),
      block: await codeBlock
        .locator('pre')
        .evaluate((pre) => getComputedStyle(pre).backgroundColor),
    });
    const light = await colours();
    await page.getByRole('button', {name: 'Switch to dark mode'}).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const dark = await colours();
    for (const mode of [light, dark])
      expect(mode.line).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^transparent$/);
    expect(dark.line).not.toBe(light.line);
    expect(dark.block).not.toBe(light.block);
  });

  test('text and a language the site does not know show as written, with no tokens but plain ones', async ({
    page,
  }) => {
    for (const [title, text] of [
      ['plain.txt', 'plain <text> & more'],
      ['unknown.txt', 'shown as it is'],
    ]) {
      const codeBlock = block(page, title);
      await expect(codeBlock.locator('pre')).toHaveText(text);
      await expect(codeBlock.locator('.token:not(.plain)')).toHaveCount(0);
    }
  });

  test('file= shows the lines it names of a file in the repository, highlighted', async ({
    page,
  }) => {
    const codeBlock = block(page, 'example.yaml');
    expect(await copied(page, codeBlock)).toBe(
      example.split('\n').slice(1, 4).join('\n'),
    );
    await expect(codeBlock.locator('.token.atrule').first()).toHaveText(
      'version',
    );
  });

  test('code blocks in an admonition and in details are highlighted', async ({
    page,
  }) => {
    const admonition = page
      .locator('.theme-admonition')
      .locator('.theme-code-block');
    expect(await highlightedLines(admonition)).toEqual(['project: admonition']);
    await page.getByText('Highlighted in details').click();
    const details = page.locator('details .theme-code-block');
    await expect(details).toBeVisible();
    expect(await highlightedLines(details)).toEqual(['project: details']);
  });

  test('a block whose code scrolls sideways has its word-wrap button once in view, before the reader reaches it, as the theme gives it', async ({
    page,
  }) => {
    const codeBlock = block(page, 'long.sh');
    await codeBlock.evaluate((element) => element.scrollIntoView());
    await expect(
      codeBlock.getByRole('button', {name: 'Toggle word wrap'}),
    ).toHaveCount(1);
    const shortBlock = block(page, 'range.yaml');
    await shortBlock.evaluate((element) => element.scrollIntoView());
    await expect(shortBlock.getByRole('button', {name: 'Copy'})).toHaveCount(1);
    await expect(
      shortBlock.getByRole('button', {name: 'Toggle word wrap'}),
    ).toHaveCount(0);
  });

  // Reached, the buttons are rendered and measure the code themselves; in
  // view only, the island's ask to render near the view is read again.
  for (const reached of [true, false])
    test(`a block whose code comes to scroll sideways, its window the same size, gets its word-wrap button ${reached ? 'once the reader reaches it' : 'while in view, before the reader reaches it'}`, async ({
      page,
    }) => {
      const shortBlock = block(page, 'range.yaml');
      if (reached) await shortBlock.hover();
      // Scrolled to by a script: neither the pointer nor the focus is on it.
      else await shortBlock.evaluate((element) => element.scrollIntoView());
      await expect(shortBlock.getByRole('button', {name: 'Copy'})).toHaveCount(
        1,
      );
      const wordWrap = shortBlock.getByRole('button', {
        name: 'Toggle word wrap',
      });
      await expect(wordWrap).toHaveCount(0);
      // Narrower than its longest line, as a wider sidebar or a font that
      // loads late would make it.
      await shortBlock.evaluate((element) => {
        (element as HTMLElement).style.width = '8em';
      });
      await expect(wordWrap).toHaveCount(1);
    });

  test('the word-wrap button wraps a long line', async ({page}) => {
    const codeBlock = block(page, 'long.sh');
    await codeBlock.hover();
    await codeBlock.getByRole('button', {name: 'Toggle word wrap'}).click();
    await expect(codeBlock.locator('code')).toHaveCSS(
      'white-space',
      'pre-wrap',
    );
  });
});

// A page's first load, measured from a fresh page: the other tests of these
// pages open them before each test.
test.describe('first load', () => {
  test('the page loads no highlighter', async ({page}) => {
    const {files} = await measureFirstLoad(page, fenced, settled);
    const scripts = files.filter((file) => file.kind === 'javascript');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts)
      expect(script.body.toString('utf8'), script.path).not.toContain(
        'tokenize',
      );
  });

  test('with code only known as the page renders: highlighted in the page as built, and no highlighter loads', async ({
    page,
  }) => {
    const {files} = await measureFirstLoad(page, component, settled);
    for (const file of files.filter(({kind}) => kind === 'javascript'))
      expect(file.body.toString('utf8'), file.path).not.toContain('tokenize');
    const codeBlock = block(page, 'browser.yaml');
    expect(await highlightedLines(codeBlock)).toEqual(['project: browser']);
    expect(await lineNumbers(codeBlock)).toEqual(['1', '2', '3']);
    await expect(codeBlock.locator('.token.atrule').first()).toHaveText(
      'version',
    );
  });
});

test.describe('the CodeBlock component', () => {
  test.beforeEach(async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, component);
  });

  test('with a string: highlighted, titled and numbered like a fenced block', async ({
    page,
  }) => {
    const codeBlock = block(page, 'literal.yaml');
    expect(await lineNumbers(codeBlock)).toEqual(['1', '2', '3']);
    await expect(codeBlock.locator('.token.atrule').first()).toHaveText(
      'version',
    );
  });

  test('with a constant the file exports: its magic comments highlight and are not copied', async ({
    page,
  }) => {
    const codeBlock = block(page, 'exported.yaml');
    expect(await highlightedLines(codeBlock)).toEqual(['project: exported']);
    expect(await copied(page, codeBlock)).toBe(
      'version: 1\nproject: exported\nnodes: []',
    );
  });

  test('with a file imported as raw text, numbered from showLineNumbers={3}', async ({
    page,
  }) => {
    const codeBlock = block(page, 'raw.yaml');
    expect(await lineNumbers(codeBlock)).toEqual(
      example.split('\n').map((_, index) => String(index + 3)),
    );
    expect(await copied(page, codeBlock)).toBe(example);
  });

  test('a fenced jsx block in MDX reads {/* */} magic comments', async ({
    page,
  }) => {
    expect(await highlightedLines(block(page, 'fenced.jsx'))).toEqual([
      '<span>b</span>',
    ]);
  });

  test('code changed in the browser is highlighted by a highlighter chunk that loads then, not in main.js', async ({
    page,
  }) => {
    const codeBlock = block(page, 'counted.yaml');
    await expect(codeBlock.locator('.token.atrule').first()).toHaveText(
      'version',
    );
    const highlighters: string[] = [];
    page.on('response', async (response) => {
      if (
        response.url().endsWith('.js') &&
        (await response.text()).includes('tokenize')
      )
        highlighters.push(new URL(response.url()).pathname);
    });
    await page.getByRole('button', {name: 'Add a node'}).click();
    await expect(codeBlock.locator('pre')).toHaveText(
      'version: 1project: countednodes: 2',
    );
    await expect(codeBlock.locator('.token.number')).toHaveText(['1', '2']);
    expect(highlighters.length).toBeGreaterThan(0);
    for (const file of highlighters)
      expect(file).not.toMatch(/\/main\.[0-9a-f]+\.js$/);
  });

  test('code blocks in tabs are highlighted', async ({page}) => {
    expect(await highlightedLines(block(page, 'tab.yaml'))).toEqual([
      'project: tab',
    ]);
    await page.getByRole('tab', {name: 'Shell'}).click();
    const shell = block(page, 'tab.sh');
    await expect(shell).toBeVisible();
    expect(await highlightedLines(shell)).toEqual(['nodekeeper check']);
  });
});

test.describe('in pages', () => {
  test('a Markdown page: a range and line numbers from 10', async ({page}) => {
    await gotoHydrated(page, '/code-blocks');
    const codeBlock = block(page, 'page.yaml');
    expect(await highlightedLines(codeBlock)).toEqual(['project: page']);
    expect(await lineNumbers(codeBlock)).toEqual(['10', '11']);
  });

  test('an MDX page: the CodeBlock component with a magic comment', async ({
    page,
  }) => {
    await gotoHydrated(page, '/code-blocks-component');
    const codeBlock = block(page, 'page.php');
    expect(await highlightedLines(codeBlock)).toEqual([
      "$body = file_get_contents('php://input');",
    ]);
    await expect(codeBlock.locator('.token.variable')).toHaveText('$body');
  });
});

test('read without JavaScript, lines come highlighted and numbered, code only known as the page renders too', async ({
  browser,
}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto(fenced);
  expect(await highlightedLines(block(page, 'range.yaml'))).toHaveLength(3);
  expect(await lineNumbers(block(page, 'from-five.sh'))).toEqual([
    '5',
    '6',
    '7',
  ]);
  await page.goto(component);
  expect(await highlightedLines(block(page, 'exported.yaml'))).toEqual([
    'project: exported',
  ]);
  expect(await highlightedLines(block(page, 'browser.yaml'))).toEqual([
    'project: browser',
  ]);
  await context.close();
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe finds nothing on the fixtures in ${mode} mode: highlighted and error lines keep their contrast`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    for (const path of [fenced, component]) {
      await gotoInMode(page, path, mode);
      const {violations} = await axe(page, {include: 'article'});
      expect(
        violations.flatMap((violation) =>
          violation.nodes.map(
            (node) => `${violation.id}: ${node.target.join(' ')}`,
          ),
        ),
        path,
      ).toEqual([]);
    }
  });
}

import type {Locator, Page} from '@playwright/test';
import {extractTextItems, getDocumentProxy} from 'unpdf';
import {test, expect, gotoHydrated, layOutInFull} from '../support/test';

// A doc printed for a binder: Chromium prints it to PDF, and the text read
// back from the PDF is what is checked. The webhook receiver's page has long
// code lines and a collapsed section.
const doc = '/docs/alerts/webhook-receiver';

/** Text without its whitespace: the PDF breaks lines where the screen does not, and spaces inline code. */
function squash(text: string): string {
  return text.replace(/\s+/g, '');
}

/** Whether `text`, read back from the PDF, holds `phrase`. */
function isPrinted(text: string, phrase: string): boolean {
  return text.includes(squash(phrase));
}

type TextItem = {str: string; x: number; y: number};

/** A page's lines in reading order: top to bottom (inline code sits a point off its line), each left to right. */
function readingOrder(items: TextItem[]): string[] {
  const lines: TextItem[][] = [];
  for (const item of [...items].sort((a, b) => b.y - a.y)) {
    const line = lines.at(-1);
    if (line && line[0].y - item.y < 3) line.push(item);
    else lines.push([item]);
  }
  return lines.map((line) =>
    squash(
      [...line]
        .sort((a, b) => a.x - b.x)
        .map((item) => item.str)
        .join(''),
    ),
  );
}

/** Prints the open page to an A4 PDF and reads back its text, whole and line by line. */
async function printToPdf(page: Page) {
  const pdf = await getDocumentProxy(
    new Uint8Array(await page.pdf({format: 'A4'})),
  );
  const lines = (await extractTextItems(pdf)).items.flatMap(readingOrder);
  return {text: lines.join(''), lines, pages: pdf.numPages};
}

/** How many times `phrase` occurs in `text`. */
function occurrences(text: string, phrase: string): number {
  return text.split(phrase).length - 1;
}

test.beforeEach(async ({page}) => {
  await gotoHydrated(page, doc);
});

test('a doc prints its title, its text and its address, and nothing around it', async ({
  page,
}) => {
  const article = page.locator('article .theme-doc-markdown');
  const title = await page.getByRole('heading', {level: 1}).innerText();
  const firstParagraph = await article
    .getByRole('paragraph')
    .first()
    .innerText();
  const address = await page
    .locator('link[rel="canonical"]')
    .getAttribute('href');
  expect(address).toMatch(/^https?:\/\/.+\/docs\/alerts\/webhook-receiver$/);

  // Every line of text around the article, read on screen before printing.
  const around: Record<string, Locator> = {
    'the navbar': page.getByRole('navigation', {name: 'Main'}),
    'the announcement bar': page.getByRole('banner'),
    'the sidebar': page.getByRole('navigation', {name: 'Docs sidebar'}),
    'the breadcrumbs': page.getByRole('navigation', {name: 'Breadcrumbs'}),
    'the table of contents': page.getByRole('navigation', {
      name: 'On this page',
    }),
    'the edit link': page.getByRole('link', {name: 'Edit this page'}),
    'the pagination': page.getByRole('navigation', {name: 'Docs pages'}),
    'the footer': page.getByRole('contentinfo'),
    'the report line': page.getByRole('complementary', {
      name: 'Report a mistake',
    }),
  };
  const lines: [string, string][] = [];
  for (const [region, locator] of Object.entries(around)) {
    await expect(locator, `${region} is on the page`).toBeVisible();
    for (const line of (await locator.innerText()).split('\n')) {
      if (line.trim()) lines.push([region, squash(line)]);
    }
  }
  const articleText = squash((await article.textContent()) ?? '');
  const tableHeadings = squash(
    (await article.locator('thead').allTextContents()).join(''),
  );

  const {text, pages} = await printToPdf(page);
  expect(isPrinted(text, title), 'the title is printed').toBe(true);
  expect(
    isPrinted(text, firstParagraph),
    'the first paragraph is printed',
  ).toBe(true);
  expect(
    isPrinted(text, address!),
    `the page's address ${address} is printed`,
  ).toBe(true);
  // Text of a region may also be in the article (a heading is in the table
  // of contents too): it may be printed as often as the article has it, and
  // a table's heading row again on each page the table runs on to.
  for (const [region, line] of lines) {
    const inArticle =
      occurrences(articleText, line) +
      occurrences(tableHeadings, line) * (pages - 1);
    expect(
      occurrences(text, line),
      `"${line}" from ${region} is printed`,
    ).toBeLessThanOrEqual(inArticle);
  }
});

test('code wraps on paper instead of running off its edge', async ({page}) => {
  await layOutInFull(page);
  const codeLines = (await page.locator('article pre').allInnerTexts()).flatMap(
    (code) => code.split('\n'),
  );
  const longest = codeLines.reduce((a, b) => (b.length > a.length ? b : a));
  expect(
    longest.length,
    'the page has a code line too long for one printed line',
  ).toBeGreaterThan(100);

  const {text, lines} = await printToPdf(page);
  expect(isPrinted(text, longest), `the whole of "${longest}" is printed`).toBe(
    true,
  );
  // Chromium shrinks a page whose content is wider than the paper: then the
  // code line fits on one printed line, and every letter of the page is smaller.
  expect(
    lines.filter((line) => line.includes(squash(longest))),
    'the code line printed on one line',
  ).toEqual([]);
});

test('a collapsed section prints open', async ({page}) => {
  const details = page.locator('article details');
  await expect(
    details.first(),
    'the page has a collapsed section',
  ).toBeVisible();
  const hidden: string[] = [];
  for (const section of await details.all()) {
    await expect(section).not.toHaveAttribute('open');
    const paragraph = section
      .getByRole('paragraph', {includeHidden: true})
      .first();
    await expect(paragraph).toBeHidden();
    hidden.push((await paragraph.textContent()) ?? '');
  }

  const {text} = await printToPdf(page);
  for (const paragraph of hidden)
    expect(isPrinted(text, paragraph), `"${paragraph}" is printed`).toBe(true);
  for (const section of await details.all())
    await expect(section, 'closed again on screen').not.toHaveAttribute('open');
});

test('a page read in dark mode prints in light mode, and stays dark on screen', async ({
  page,
  colourToggle,
}) => {
  await colourToggle('dark').click();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const paragraph = page.locator('article p').first();
  const onScreen = await paragraph.evaluate(
    (element) => getComputedStyle(element).color,
  );

  // Read the text's colour while the page is being printed.
  await paragraph.evaluate((element) => {
    addEventListener('beforeprint', () => {
      document.body.dataset.printedColour = getComputedStyle(element).color;
    });
  });
  await printToPdf(page);
  const printed = await page
    .locator('body')
    .getAttribute('data-printed-colour');

  expect(printed, 'the text is printed in the light mode colour').not.toBe(
    onScreen,
  );
  const [red, green, blue] = printed!.match(/\d+/g)!.map(Number);
  expect(
    Math.max(red, green, blue),
    `printed text ${printed} is dark on white paper`,
  ).toBeLessThan(80);
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

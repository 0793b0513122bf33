// A page's Markdown copy, which agents read in its place, holds every text
// its content shows.
import type {APIRequestContext, Page} from '@playwright/test';
import {expect} from '../test';

/**
 * Text as both a page and its Markdown copy can be compared: no Markdown
 * marks, link targets or extra spaces, nor what the theme adds (the heading
 * anchors' zero-width space, the category cards' icons).
 */
const comparable = (text: string) =>
  text
    .replace(/\u200b|\u{1F4C4}|\u{1F5C3}|\uFE0F/gu, '')
    .replace(/\]\([^)]*\)/g, '')
    .replace(/[[\]*_`\\|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The Markdown copy of the route at `path`, loaded in `page`, holds every
 * text its content shows: headings, paragraphs, lists, tables, code,
 * collapsed sections.
 */
export async function expectMarkdownCopyHoldsContent(
  page: Page,
  request: APIRequestContext,
  path: string,
): Promise<void> {
  const content = page
    .locator('.theme-doc-markdown, main:not(:has(.theme-doc-markdown))')
    .first();
  const texts = await content
    .locator(
      'h1, h2, h3, p, li, th, td, summary, pre code .token-line, .admonition-heading',
    )
    .evaluateAll((elements) =>
      elements
        .filter(
          (element) =>
            !element.closest('[data-markdown-ignore], nav, button') &&
            !element.querySelector('p, li, pre, table'),
        )
        .map(
          (element) =>
            (element.querySelector('[class*="codeLineContent"]') ?? element)
              .textContent ?? '',
        ),
    );
  expect(texts.length, 'texts found on the page').toBeGreaterThan(2);
  const copyPath = path === '/' ? '/index.md' : `${path}.md`;
  const copy = comparable(await (await request.get(copyPath)).text());
  const missing = texts
    .map(comparable)
    .filter((text) => text !== '' && !copy.includes(text));
  expect(missing, `texts of ${path} missing from ${copyPath}`).toEqual([]);
}

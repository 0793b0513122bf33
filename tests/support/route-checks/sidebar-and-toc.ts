// A doc at desktop width shows the one sidebar, and its table of contents
// lists its headings of levels 2 and 3.
import type {Page} from '@playwright/test';
import {expect} from '../test';

/**
 * The doc in `page` shows the one sidebar, tutorialSidebar, and lists its
 * headings of levels 2 and 3, the only levels below the h1.
 */
export async function expectSidebarAndToc(page: Page): Promise<void> {
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  await expect(
    sidebar.getByRole('link', {name: 'Introduction'}),
  ).toHaveAttribute('href', '/docs/intro');
  await expect(
    sidebar.getByRole('link', {name: 'Getting started'}),
  ).toBeVisible();
  await expect(
    sidebar.getByRole('link', {name: 'Projects', exact: true}).first(),
  ).toBeVisible();

  const article = page.locator('article');
  const expected = await article
    .locator('h2[id], h3[id]')
    .evaluateAll((headings) => headings.map((h) => `#${h.id}`));
  await expect(
    article.locator('h4[id], h5[id], h6[id]'),
    'a heading below h3, which the TOC would leave out',
  ).toHaveCount(0);
  const toc = page.getByRole('navigation', {name: 'On this page'});
  const listed = await toc
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(listed).toEqual(expected);
  expect(listed.length, 'headings to list').toBeGreaterThan(0);
}

import {readFile} from 'node:fs/promises';
import {test, expect} from '../support/test';

const drafts = ['tutorials/update-node-key', 'integrations/subgraph'];

test.use({allowConsoleErrors: /status of 404/});

for (const draft of drafts) {
  test(`the draft ${draft} exists as a source file but is not published`, async ({
    page,
    request,
  }) => {
    const source = await readFile(`docs/${draft}.md`, 'utf8');
    expect(source, 'the source file marks itself as a draft').toMatch(
      /^---\n[\s\S]*?^draft: true$/m,
    );

    const response = await page.goto(`/docs/${draft}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(
      'Page Not Found',
    );

    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/docs/intro');
    expect(sitemap).not.toContain(draft);
  });
}

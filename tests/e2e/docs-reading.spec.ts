import {test, expect, gotoHydrated} from '../support/test';
import {servers} from '../support/servers';

const schemaUrl =
  'https://docs.nodekeeper.example/schemas/nodekeeper.schema.json';

for (const [name, base] of [
  ['at the root', servers.site.url],
  ['under /sub/', servers.subPath.url],
] as const) {
  test(`the project file's JSON Schema is published ${name}`, async ({
    request,
  }) => {
    const response = await request.get(
      new URL('schemas/nodekeeper.schema.json', base).href,
    );
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/json');
    const schema = await response.json();
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(schemaUrl);
  });
}

test('the YAML reference links to the published schema', async ({page}) => {
  await gotoHydrated(page, '/docs/projects/yaml');
  const link = page
    .getByRole('main')
    .getByRole('link', {name: '/schemas/nodekeeper.schema.json'});
  await expect(link).toHaveAttribute('href', '/schemas/nodekeeper.schema.json');
});

test('yaml and php examples are highlighted', async ({page}) => {
  await gotoHydrated(page, '/docs/projects/yaml');
  // Prism marks YAML keys and PHP variables only when it knows the language.
  await expect(
    page.locator('pre.language-yaml .token.key').first(),
  ).toBeVisible();
  await gotoHydrated(page, '/docs/alerts/webhook-receiver');
  await expect(
    page.locator('pre.language-php .token.variable').first(),
  ).toBeVisible();
});

// Each route fits a phone's width, wide tables and code scrolling on their
// own: routes.spec.ts, on the route's one load narrowed to a phone.

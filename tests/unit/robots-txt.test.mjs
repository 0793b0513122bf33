import assert from 'node:assert/strict';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {test} from 'node:test';
import robotsTxtPlugin, {
  robotsTxt,
} from '../../plugins/outputs/robots-txt/index.mjs';
import {runPostBuild} from '../support/post-build.mjs';
import {tempDir} from '../support/temp-dir.mjs';

test("robots.txt allows the site and names its sitemap by the site's address", () => {
  assert.equal(
    robotsTxt({url: 'https://docs.example.com', baseUrl: '/'}),
    'User-agent: *\nAllow: /\n\nSitemap: https://docs.example.com/sitemap.xml\n',
  );
  assert.equal(
    robotsTxt({url: 'https://example.github.io', baseUrl: '/docs/'}),
    'User-agent: *\nAllow: /docs/\n\nSitemap: https://example.github.io/docs/sitemap.xml\n',
  );
});

test('after a build, robots.txt is at the root of the build', async (t) => {
  const outDir = await tempDir(t, 'robots-txt-');
  await runPostBuild(robotsTxtPlugin(), {
    outDir,
    siteConfig: {url: 'https://docs.example.com', baseUrl: '/sub/'},
  });
  assert.match(
    await readFile(path.join(outDir, 'robots.txt'), 'utf8'),
    /^Sitemap: https:\/\/docs\.example\.com\/sub\/sitemap\.xml$/m,
  );
});

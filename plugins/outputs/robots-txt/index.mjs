// Writes robots.txt after each build, naming the sitemap by the site's own
// address (SITE_URL and BASE_URL), which a file in static/ could not know.
import {writeFile} from 'node:fs/promises';
import path from 'node:path';

/**
 * The robots.txt of a site served at `url` + `baseUrl`: everything may be crawled, and here is the sitemap.
 * @param {{url: string, baseUrl: string}} site
 */
export function robotsTxt({url, baseUrl}) {
  return [
    'User-agent: *',
    `Allow: ${baseUrl}`,
    '',
    `Sitemap: ${url}${baseUrl}sitemap.xml`,
    '',
  ].join('\n');
}

/** @returns {import('@docusaurus/types').Plugin} */
export default function robotsTxtPlugin() {
  return {
    name: 'robots-txt',
    async postBuild({outDir, siteConfig}) {
      await writeFile(path.join(outDir, 'robots.txt'), robotsTxt(siteConfig));
    },
  };
}

// Writes `_headers` into the build, the file Netlify and Cloudflare Pages read
// for response headers: a Content-Security-Policy that lets pages load only the
// site's own files, with the inline scripts and style attributes of the built
// HTML allowed by their hashes (computed here, after the build), the other
// security headers, and cache rules.
import {createHash} from 'node:crypto';
import {readdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';

/**
 * The CSP source for `text` by its SHA-256 hash.
 * @param {string} text
 */
export function hashSource(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The text of each inline script that runs (no src, a JavaScript type) in `html`.
 * @param {string} html
 */
export function inlineScripts(html) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes, text]) => {
      const type = /(?:^|\s)type\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
      const runs = !type || /^(?:text\/javascript|module)$/i.test(type);
      return runs && text !== '' && !/(?:^|\s)src\s*=/i.test(attributes);
    })
    .map(([, , text]) => text);
}

/** @type {Record<string, string | undefined>} */
const entities = {amp: '&', quot: '"', apos: "'", lt: '<', gt: '>'};

/** @param {string} text */
function decodeEntities(text) {
  return text.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi,
    (entity, decimal, hex, name) =>
      decimal
        ? String.fromCodePoint(Number(decimal))
        : hex
          ? String.fromCodePoint(parseInt(hex, 16))
          : (entities[name.toLowerCase()] ?? entity),
  );
}

/**
 * The value of each style attribute in `html`, including those inside inline
 * scripts' markup strings (the base-URL banner's); a few too many is harmless.
 * @param {string} html
 */
export function styleAttributes(html) {
  return [
    ...html.matchAll(/\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi),
  ].map(([, doubleQuoted, singleQuoted, unquoted]) =>
    decodeEntities(doubleQuoted ?? singleQuoted ?? unquoted),
  );
}

/**
 * The origins of the images `html` loads from other sites (`<img src>`,
 * `srcset`), as a writer's page may (a badge): the policy allows them, as
 * stock Docusaurus, which sets no policy, shows them.
 * @param {string} html
 */
export function imageOrigins(html) {
  const urls = [
    ...html.matchAll(/<(?:img|source)\b[^>]*?\s(src|srcset)\s*=\s*"([^"]*)"/gi),
  ].flatMap(([, attribute, value]) =>
    attribute.toLowerCase() === 'srcset'
      ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0])
      : [value],
  );
  return sortedUnique(
    urls.flatMap((url) => {
      const decoded = decodeEntities(url ?? '');
      return /^https?:\/\//i.test(decoded) ? [new URL(decoded).origin] : [];
    }),
  );
}

/**
 * The policy: only the site's own files, nothing framing it. Styles need the
 * style attributes the build prerenders (the sidebar's open categories),
 * allowed one by one with 'unsafe-hashes' rather than
 * 'unsafe-inline'; images need data: URLs for Infima's icons.
 * Images also come from the origins the pages load images from.
 * @param {{scriptHashes: string[], styleHashes: string[], imageOrigins?: string[]}} hashes
 */
export function contentSecurityPolicy({
  scriptHashes,
  styleHashes,
  imageOrigins = [],
}) {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`,
    `style-src 'self' 'unsafe-hashes' ${styleHashes.join(' ')}`,
    ["img-src 'self' data:", ...imageOrigins].join(' '),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The _headers file. Hosts combine the headers of every rule a path matches,
 * so no two rules that can match one path set the same header: the HTML and
 * other unhashed files get their no-cache rule from `:name` (any top-level
 * path, so also the files other plugins write after the build, such as
 * sitemap.xml and robots.txt) and from one rule per top-level folder of the
 * build, and /assets/ (hashed names) gets its own.
 * Each page with a Markdown copy names it in a `Link` header, as its head does.
 * @param {{baseUrl: string, topLevelEntries: {name: string, isDirectory: boolean}[], policy: string, markdownCopies?: {page: string, copy: string}[]}} build
 */
export function headersFile({
  baseUrl,
  topLevelEntries,
  policy,
  markdownCopies = [],
}) {
  /**
   * @param {string} pattern
   * @param {Record<string, string>} headers
   */
  const rule = (pattern, headers) =>
    [
      baseUrl + pattern,
      ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`),
    ].join('\n');
  const revalidate = {'Cache-Control': 'no-cache'};
  const folders = topLevelEntries.filter(
    ({name, isDirectory}) => isDirectory && name !== 'assets',
  );
  return (
    [
      '# Written by plugins/outputs/security-headers after each build; do not edit.',
      rule('*', {
        'Content-Security-Policy': policy,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'Permissions-Policy':
          'camera=(), geolocation=(), microphone=(), payment=(), usb=()',
        'X-Frame-Options': 'DENY',
      }),
      rule('assets/*', {
        'Cache-Control': 'public, max-age=31536000, immutable',
      }),
      // The docs' Markdown copies (plugins/outputs/llms-txt): hosts may leave out the charset.
      rule('*.md', {'Content-Type': 'text/markdown; charset=utf-8'}),
      rule('', revalidate),
      rule(':name', revalidate),
      ...folders.map(({name}) => rule(`${name}/*`, revalidate)),
      ...markdownCopies.map(({page, copy}) =>
        rule(page, {
          Link: `<${baseUrl}${copy}>; rel="alternate"; type="text/markdown"`,
        }),
      ),
    ].join('\n\n') + '\n'
  );
}

/**
 * A directory entry; Node before 20.12 and 18.20 names `parentPath` `path`.
 * @typedef {import('node:fs').Dirent & {path?: string}} Entry
 */

/** @param {string} dir */
async function htmlFiles(dir) {
  /** @type {Entry[]} */
  const entries = await readdir(dir, {recursive: true, withFileTypes: true});
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/**
 * The pages of the build that have a Markdown copy (plugins/outputs/llms-txt): each
 * page's path and its copy's, relative to the base URL; `docs/intro` and
 * `docs/intro.md`, `` and `index.md`.
 * @param {string[]} files the build's files, relative to it, with "/"
 */
export function pagesWithCopies(files) {
  const present = new Set(files);
  return files
    .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
    .map((file) => file.slice(0, -'index.html'.length).replace(/\/$/, ''))
    .map((page) => ({page, copy: page === '' ? 'index.md' : `${page}.md`}))
    .filter(({copy}) => present.has(copy));
}

/** @param {string[]} values */
const sortedUnique = (values) => [...new Set(values)].sort();

/** @returns {import('@docusaurus/types').Plugin} */
export default function securityHeadersPlugin() {
  return {
    name: 'security-headers',
    async postBuild({outDir, siteConfig}) {
      const pageFiles = await htmlFiles(outDir);
      const pages = await Promise.all(
        pageFiles.map((file) => readFile(file, 'utf8')),
      );
      pages.forEach((html, index) => {
        const origins = imageOrigins(html);
        if (origins.length > 0)
          console.warn(
            `[WARNING] ${path.relative(outDir, pageFiles[index])} shows images from ${origins.join(', ')}: the Content-Security-Policy allows them, and readers' browsers ask those sites for them.`,
          );
      });
      const policy = contentSecurityPolicy({
        imageOrigins: sortedUnique(pages.flatMap(imageOrigins)),
        scriptHashes: sortedUnique(
          pages.flatMap(inlineScripts).map(hashSource),
        ),
        styleHashes: sortedUnique(
          pages.flatMap(styleAttributes).map(hashSource),
        ),
      });
      const topLevelEntries = (
        await readdir(outDir, {withFileTypes: true})
      ).map((entry) => ({
        name: entry.name,
        isDirectory: entry.isDirectory(),
      }));
      /** @type {Entry[]} */
      const entries = await readdir(outDir, {
        recursive: true,
        withFileTypes: true,
      });
      const files = entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path
            .relative(
              outDir,
              path.join(entry.parentPath ?? entry.path ?? '', entry.name),
            )
            .split(path.sep)
            .join('/'),
        );
      await writeFile(
        path.join(outDir, '_headers'),
        headersFile({
          baseUrl: siteConfig.baseUrl,
          topLevelEntries,
          policy,
          markdownCopies: pagesWithCopies(files),
        }),
      );
    },
  };
}

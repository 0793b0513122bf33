// The site's peers, Starlight (Astro) and Rspress, as the bench builds them:
// each installed once in .bench/ from its template in peers/ (package.json,
// lockfile and config, so that every run builds with the same versions), its
// docs written from Markdown for each build, its output served as the site's
// build is (tools/nginx), with copies compressed at brotli's best level.
import {execFileSync} from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {precompressBuild} from '../../plugins/outputs/precompress/index.mjs';
import {product} from '../../src/product.mjs';
import {measureCommand} from './processes.mjs';
import {log, root, work} from './workspace.mjs';

/** @typedef {import('./processes.mjs').Measurement} Measurement */

/**
 * A peer: where its template is, where its docs go and its build comes out,
 * how its pages' paths end, where a doc's own content is in its pages, and
 * the command that builds it (a newer Node where it needs one, brought by its
 * own package.json from the npm registry).
 * @typedef {{
 *   name: string,
 *   template: string,
 *   docsDir: string,
 *   outputDir: string,
 *   trailingSlash: boolean,
 *   headingInContent: boolean,
 *   content: string,
 *   caches: string[],
 *   build: (dir: string) => {command: string, args: string[], env: Record<string, string>},
 * }} Peer
 */

/** @type {Record<'starlight' | 'rspress', Peer>} */
export const peers = {
  starlight: {
    name: 'Starlight',
    template: 'starlight',
    docsDir: 'src/content/docs',
    outputDir: 'dist',
    trailingSlash: true,
    // The title in the front matter is the page's h1.
    headingInContent: false,
    content: '.sl-markdown-content',
    caches: ['.astro', 'node_modules/.astro', 'node_modules/.vite'],
    // Astro 7 needs Node 22.12 or later: the template's own `node` package.
    // Its package.json holds Vite at 8.3.8: 8.4.0 names an optional
    // dependency the registry does not have, which npm ci refuses.
    build: (dir) => ({
      command: path.join(dir, 'node_modules/node/bin/node'),
      args: [path.join(dir, 'node_modules/astro/bin/astro.mjs'), 'build'],
      env: {
        PATH: `${path.join(dir, 'node_modules/node/bin')}:${process.env.PATH}`,
        ASTRO_TELEMETRY_DISABLED: '1',
      },
    }),
  },
  rspress: {
    name: 'Rspress',
    template: 'rspress',
    docsDir: 'docs',
    outputDir: 'doc_build',
    trailingSlash: false,
    headingInContent: true,
    content: '.rp-doc-layout__doc-container',
    caches: ['node_modules/.cache'],
    build: (dir) => ({
      command: process.execPath,
      args: [
        path.join(dir, 'node_modules/@rspress/core/bin/rspress.js'),
        'build',
      ],
      env: {},
    }),
  },
};

/** @typedef {keyof typeof peers} PeerId */

const templates = path.join(root, 'scripts/bench/peers');

/** @param {PeerId} id */
export const peerDir = (id) => path.join(work, `peer-${id}`);

/** @type {Map<PeerId, Promise<void>>} */
const installs = new Map();

/**
 * Copies the peer's template into .bench/ and installs its locked
 * dependencies, once.
 * @param {PeerId} id
 */
function install(id) {
  let installed = installs.get(id);
  if (!installed) {
    installed = (async () => {
      const dir = peerDir(id);
      log(`${peers[id].name}: npm ci from scripts/bench/peers/${id}`);
      cpSync(path.join(templates, peers[id].template), dir, {recursive: true});
      execFileSync(
        'npm',
        [
          'ci',
          '--no-audit',
          '--no-fund',
          '--prefer-offline',
          '--loglevel=error',
        ],
        {cwd: dir, stdio: 'ignore'},
      );
    })();
    installs.set(id, installed);
  }
  return installed;
}

/**
 * A doc's path in a peer: the site's route, with the slash Starlight ends
 * its paths with.
 * @param {PeerId} id
 * @param {string} route such as /docs/projects/cli
 */
export function peerRoute(id, route) {
  return peers[id].trailingSlash && route !== '/' ? `${route}/` : route;
}

/**
 * The site's Markdown copy of a doc (its build writes one beside each page)
 * as a doc of the peer: the title in the front matter (and still the h1
 * where the peer takes its heading from the content), the copy's note to
 * agents left out, and the site's own absolute links made paths of the peer.
 * @param {PeerId} id
 * @param {string} markdown
 */
export function peerDoc(id, markdown) {
  const heading = /^# (.+)\n+/.exec(markdown);
  if (!heading)
    throw new Error('a Markdown copy of the site starts with its h1');
  const title = heading[1];
  const body = markdown
    .slice(heading[0].length)
    .replace(/^> For AI agents:.*\n+/, '')
    .replaceAll(
      new RegExp(
        `\\]\\(${product.siteUrl.replace(/[.]/g, '\\.')}(/[^)#\\s]*)?(#[^)\\s]*)?\\)`,
        'g',
      ),
      (_, pathname = '/', hash = '') =>
        `](${pathname.startsWith('/docs/') ? peerRoute(id, pathname) : pathname}${hash})`,
    );
  return `---\ntitle: ${JSON.stringify(title)}\n---\n\n${
    peers[id].headingInContent ? `# ${title}\n\n` : ''
  }${body}`;
}

/**
 * The home page every side has (nginx and Lighthouse expect one).
 * @param {PeerId} id
 * @param {string} firstRoute
 */
export function peerHome(id, firstRoute) {
  return peerDoc(
    id,
    `# Nodekeeper\n\nThe docs start with [the first doc](${product.siteUrl}${firstRoute}).\n`,
  );
}

/**
 * Rspress writes /docs/x as docs/x.html, for a host that adds .html; the
 * site's nginx serves a path from its folder's index.html, as the other
 * sides' builds are laid out.
 * @param {string} dir
 */
function pagesAsFolders(dir) {
  const pages = readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter(
    (file) =>
      file.endsWith('.html') && !/(?:^|\/)(?:index|404)\.html$/.test(file),
  );
  for (const page of pages) {
    const folder = path.join(dir, page.replace(/\.html$/, ''));
    mkdirSync(folder, {recursive: true});
    renameSync(path.join(dir, page), path.join(folder, 'index.html'));
  }
}

/**
 * Builds the peer with `docs` ({path under its docs folder: Markdown}) and
 * nothing else; returns the measurement and the build, moved to `outName`
 * under .bench/. A build that outlasts `limitSeconds` is stopped.
 * @param {PeerId} id
 * @param {Record<string, string>} docs
 * @param {{outName: string, limitSeconds?: number, serveable?: boolean}} options
 *   serveable: lay the build out for nginx and compress it
 * @returns {Promise<{measurement: Measurement, build: string}>}
 */
export async function buildPeer(id, docs, {outName, limitSeconds, serveable}) {
  await install(id);
  const peer = peers[id];
  const dir = peerDir(id);
  const docsDir = path.join(dir, peer.docsDir);
  for (const folder of [
    docsDir,
    path.join(dir, peer.outputDir),
    ...peer.caches.map((cache) => path.join(dir, cache)),
  ])
    rmSync(folder, {recursive: true, force: true});
  for (const [file, markdown] of Object.entries(docs)) {
    mkdirSync(path.dirname(path.join(docsDir, file)), {recursive: true});
    writeFileSync(path.join(docsDir, file), markdown);
  }
  const {command, args, env} = peer.build(dir);
  const measurement = await measureCommand(command, args, {
    cwd: dir,
    env,
    limitSeconds,
  });
  const build = path.join(work, outName);
  rmSync(build, {recursive: true, force: true});
  if (measurement.timedOut) return {measurement, build};
  renameSync(path.join(dir, peer.outputDir), build);
  if (serveable) {
    if (id === 'rspress') pagesAsFolders(build);
    await precompressBuild(build, {allAtBest: true});
  }
  return {measurement, build};
}

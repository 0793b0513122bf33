// Writes a gzip and a brotli copy beside every text file of the build
// (`main.js.gz`, `main.js.br`), for servers that send them as they are
// (nginx's gzip_static and brotli_static, tools/nginx) rather than
// compressing each response again. The large hashed assets, the bundles
// every page loads, cached a year, get brotli's best level; the rest (pages,
// text files, a route's small chunks), whose number grows with the docs, a
// level about forty times faster, some 5-10% larger.
// The files other plugins write after the build, at the same time as this
// one, are left to the server's on-the-fly compression: they could be
// half-written here.
import {readdir, readFile, writeFile} from 'node:fs/promises';
import {availableParallelism} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {brotliCompress, constants, gzip} from 'node:zlib';

const compressGzip = promisify(gzip);
const compressBrotli = promisify(brotliCompress);

/** The files a server compresses: text, not images or fonts already packed. */
export const compressible = /\.(?:html|js|css|svg|json|xml|txt|md)$/;

/** Written by other plugins' postBuild while this one runs. */
export const writtenAfterTheBuild = new Set(['sitemap.xml', 'robots.txt']);

/** From this size on, a hashed asset gets brotli's best level. */
const largeAsset = 20_000;

/**
 * The compressed copies of `content`, each only if it is smaller.
 * @param {Buffer} content
 * @param {{atBest: boolean}} level brotli's best level, or the fast one
 */
export async function compressedCopies(content, {atBest}) {
  const [gzipped, brotli] = await Promise.all([
    compressGzip(content, {level: 9}),
    compressBrotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: atBest
          ? constants.BROTLI_MAX_QUALITY
          : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  ]);
  return [
    {extension: '.gz', data: gzipped},
    {extension: '.br', data: brotli},
  ].filter(({data}) => data.length < content.length);
}

/**
 * Writes the compressed copies of every text file in the build `outDir`;
 * with `allAtBest`, every file at brotli's best level (the bench's peers).
 * @param {string} outDir
 * @param {{allAtBest?: boolean}} [options]
 */
export async function precompressBuild(outDir, {allAtBest = false} = {}) {
  /** @type {(import('node:fs').Dirent & {path?: string})[]} */
  const entries = await readdir(outDir, {
    recursive: true,
    withFileTypes: true,
  });
  const files = entries
    .filter(
      (entry) =>
        entry.isFile() &&
        compressible.test(entry.name) &&
        !writtenAfterTheBuild.has(entry.name),
    )
    .map((entry) =>
      path.join(entry.parentPath ?? entry.path ?? outDir, entry.name),
    );
  const assets = path.join(outDir, 'assets') + path.sep;
  // A few files at a time: each compressor holds megabytes while it works.
  const queue = [...files];
  const compressNext = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const content = await readFile(file);
      const atBest =
        allAtBest || (file.startsWith(assets) && content.length >= largeAsset);
      for (const {extension, data} of await compressedCopies(content, {
        atBest,
      }))
        await writeFile(file + extension, data);
    }
  };
  await Promise.all(
    Array.from({length: availableParallelism() + 1}, compressNext),
  );
}

/** @returns {import('@docusaurus/types').Plugin} */
export default function precompressPlugin() {
  return {
    name: 'precompress',
    postBuild: ({outDir}) => precompressBuild(outDir),
  };
}

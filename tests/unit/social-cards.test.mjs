import assert from 'node:assert/strict';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {test} from 'node:test';
import {crc32} from 'node:zlib';
import {Resvg} from '@resvg/resvg-js';
import socialCardsPlugin, {
  publishedDocs,
} from '../../plugins/outputs/social-cards/index.mjs';
import {
  cardSvg,
  renderCard,
  wrapText,
} from '../../plugins/outputs/social-cards/card.mjs';
import {socialCardPath} from '../../plugins/outputs/social-cards/card-path.mjs';
import {encodePng} from '../../plugins/outputs/social-cards/png.mjs';
import {runPostBuild} from '../support/post-build.mjs';
import {tempDir} from '../support/temp-dir.mjs';

/**
 * Width and height from a PNG's header.
 * @param {Buffer} bytes
 */
function pngSize(bytes) {
  assert.equal(bytes.subarray(0, 8).toString('latin1'), '\x89PNG\r\n\x1a\n');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/**
 * The RGBA pixels of a PNG, decoded by resvg, not by this code.
 * @param {Buffer} bytes
 * @param {[number, number]} size
 */
function decodePng(bytes, [width, height]) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<image width="${width}" height="${height}" href="data:image/png;base64,${bytes.toString('base64')}"/></svg>`;
  return new Resvg(svg).render().pixels;
}

// One unit a character, so that the tests can count.
const byCharacters = {
  measure: (/** @type {string} */ text) => text.length,
  maxWidth: 12,
  maxLines: 3,
};

test('a title is broken between words into lines that fit', () => {
  assert.deepEqual(wrapText('Monitor a single RPC endpoint', byCharacters), {
    lines: ['Monitor a', 'single RPC', 'endpoint'],
    fits: true,
  });
  assert.deepEqual(wrapText('  Bundles ', byCharacters), {
    lines: ['Bundles'],
    fits: true,
  });
});

test('a title longer than its lines is cut short with an ellipsis', () => {
  assert.deepEqual(
    wrapText('one two three four five six seven eight', byCharacters),
    {
      lines: ['one two', 'three four', 'five six…'],
      fits: false,
    },
  );
});

test('a word wider than a line is cut short with an ellipsis', () => {
  assert.deepEqual(wrapText('an extraordinarily long word', byCharacters), {
    lines: ['an', 'extraordina…', 'long word'],
    fits: false,
  });
});

test('the title and subtitle are written into the SVG as text, escaped', () => {
  const svg = cardSvg({
    lines: ['<Ops> & "nodes"'],
    size: 72,
    subtitle: "Nodekeeper's docs",
  });
  assert.match(svg, /&#60;Ops&#62; &#38; &#34;nodes&#34;/);
  assert.match(svg, /Nodekeeper&#39;s docs/);
  assert.doesNotThrow(() => new Resvg(svg));
});

test('a card is a 1200 x 630 PNG within the 50 KB image budget, even for the longest and widest titles', () => {
  for (const title of [
    'Introduction',
    'Rotate the API key of every node in a project without a gap in monitoring, then revoke the old key',
    'WWWWWWWW MMMMMMMM WWWWWWWW MMMMMMMM WWWWWWWW MMMMMMMM WWWWWWWW MMMMMMMM',
    'Supercalifragilisticexpialidociousnodekeeperconfiguration',
  ]) {
    const card = renderCard({title, subtitle: 'Nodekeeper Documentation'});
    assert.deepEqual(pngSize(card), [1200, 630], title);
    assert.ok(card.length <= 50 * 1024, `${title}: ${card.length} bytes`);
  }
});

test('cards of different titles differ, and a card is drawn the same every time', () => {
  const intro = renderCard({
    title: 'Introduction',
    subtitle: 'Nodekeeper Documentation',
  });
  const bundles = renderCard({
    title: 'Bundles',
    subtitle: 'Nodekeeper Documentation',
  });
  assert.notDeepEqual(intro, bundles);
  assert.deepEqual(
    renderCard({title: 'Introduction', subtitle: 'Nodekeeper Documentation'}),
    intro,
  );
});

test('every chunk of a card ends with the CRC-32 of its type and data', () => {
  const png = renderCard({
    title: 'Projects',
    subtitle: 'Nodekeeper Documentation',
  });
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const typeAndData = png.subarray(offset + 4, offset + 8 + length);
    assert.equal(
      png.readUInt32BE(offset + 8 + length),
      crc32(typeAndData),
      typeAndData.subarray(0, 4).toString('latin1'),
    );
    offset += 12 + length;
  }
  assert.equal(offset, png.length);
});

test('an image of few colours is encoded with a palette, one of many in truecolour, and both decode to its pixels', () => {
  const [width, height] = [40, 30];
  /** @param {(pixel: number) => number[]} colourOf */
  const image = (colourOf) => {
    const pixels = Buffer.alloc(width * height * 4);
    for (let pixel = 0; pixel < width * height; pixel++) {
      pixels.set([...colourOf(pixel), 255], pixel * 4);
    }
    return {width, height, pixels};
  };
  const fewColours = image((pixel) =>
    pixel % 7 === 0 ? [255, 255, 255] : [11, 61, 46],
  );
  const manyColours = image((pixel) => [pixel % 256, (pixel >> 8) & 255, 90]);
  for (const [name, original, colourType] of /** @type {const} */ ([
    ['palette', fewColours, 3],
    ['truecolour', manyColours, 2],
  ])) {
    const png = encodePng(original);
    assert.equal(png[25], colourType, name);
    assert.deepEqual(pngSize(png), [width, height], name);
    assert.deepEqual(decodePng(png, [width, height]), original.pixels, name);
  }
});

test('after a build, every published doc has its card at the path its page names', async (t) => {
  const outDir = await tempDir(t, 'social-cards-');
  const docs = [
    {id: 'intro', title: 'Introduction'},
    {id: 'projects/yaml', title: 'nodekeeper.yaml reference'},
  ];
  const plugins = [
    {name: 'docusaurus-plugin-content-pages', content: [{permalink: '/'}]},
    {
      name: 'docusaurus-plugin-content-docs',
      content: {loadedVersions: [{docs}]},
    },
  ];
  assert.deepEqual(publishedDocs(plugins), docs);
  await runPostBuild(socialCardsPlugin(), {
    outDir,
    plugins,
    siteConfig: {title: 'Nodekeeper Documentation'},
  });
  for (const {id} of docs) {
    assert.deepEqual(
      pngSize(await readFile(path.join(outDir, socialCardPath(id)))),
      [1200, 630],
      id,
    );
  }
});

// Writes favicon.ico, drawn from the site's SVG favicon, after each build:
// browsers ask for /favicon.ico for a tab whose document names no icon (a
// JSON or text file of the site opened on its own), as do many tools.
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {Resvg} from '@resvg/resvg-js';

/** The icon's width and height, in pixels: a tab's icon. */
const size = 32;

/**
 * An ICO file holding one PNG image, which every current browser reads.
 * @param {Buffer} png
 * @param {number} width its width and height, in pixels, below 256
 */
export function icoOf(png, width) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(1, 2); // an icon, not a cursor
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(width, 6);
  header.writeUInt8(width, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18); // where the image starts
  return Buffer.concat([header, png]);
}

/**
 * @param {import('@docusaurus/types').LoadContext} context
 * @returns {import('@docusaurus/types').Plugin}
 */
export default function faviconIcoPlugin(context) {
  return {
    name: 'favicon-ico',
    async postBuild({outDir, siteConfig}) {
      if (!siteConfig.favicon) return;
      const svg = await readFile(
        path.join(context.siteDir, 'static', siteConfig.favicon),
      );
      const png = new Resvg(svg, {fitTo: {mode: 'width', value: size}})
        .render()
        .asPng();
      await writeFile(path.join(outDir, 'favicon.ico'), icoOf(png, size));
    },
  };
}

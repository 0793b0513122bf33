// Draws a social card, the 1200 x 630 PNG a link preview shows: the product's
// mark, a title in large type and a line under it. SVG rendered by resvg in
// Node, with DejaVu Sans from an npm package, so it needs no browser and no
// system font, and draws the same on every machine.
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {Resvg} from '@resvg/resvg-js';
import {encodePng} from './png.mjs';

const require = createRequire(import.meta.url);

const cardWidth = 1200;
const cardHeight = 630;
const margin = 96;
const textWidth = cardWidth - 2 * margin;
const markSize = 120;
// The largest title size that fits the title in three lines wins.
const titleSizes = [72, 56];
const titleMaxLines = 3;
const subtitleSize = 36;
const colours = {background: '#0b3d2e', title: '#fff', subtitle: '#bfe9d9'};

const font = {
  loadSystemFonts: false,
  fontFiles: ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) =>
    require.resolve(`dejavu-fonts-ttf/ttf/${file}`),
  ),
  defaultFontFamily: 'DejaVu Sans',
};

const mark = readFileSync(
  new URL('../../../static/img/logo.svg', import.meta.url),
  'utf8',
);

/**
 * `text` safe in SVG character data and attribute values.
 * @param {string} text
 */
function escapeXml(text) {
  return text.replace(
    /[&<>"']/g,
    (character) => `&#${character.charCodeAt(0)};`,
  );
}

/**
 * The width of `text` set in bold at `size` pixels, as resvg draws it.
 * @param {string} text
 * @param {number} size
 */
function boldWidth(text, size) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${4 * cardWidth}" height="${2 * size}">` +
    `<text x="0" y="${size}" font-weight="700" font-size="${size}">${escapeXml(text)}</text></svg>`;
  return new Resvg(svg, {font}).getBBox()?.width ?? 0;
}

/** @typedef {(text: string) => number} Measure */

/**
 * The bold width at `size` pixels, each text measured once: wrapping measures
 * the lines it made again to see whether they fit.
 * @param {number} size
 * @returns {Measure}
 */
function boldWidthsAt(size) {
  /** @type {Map<string, number>} */
  const widths = new Map();
  return (text) => {
    let width = widths.get(text);
    if (width === undefined) {
      width = boldWidth(text, size);
      widths.set(text, width);
    }
    return width;
  };
}

/**
 * `line` cut short with an ellipsis where it is wider than `maxWidth`, or ended with one when `more` follows.
 * @param {string} line
 * @param {{measure: Measure, maxWidth: number, more: boolean}} options
 */
function fitLine(line, {measure, maxWidth, more}) {
  if (!more && measure(line) <= maxWidth) return line;
  /** @param {number} length */
  const shortened = (length) => `${line.slice(0, length).trimEnd()}…`;
  // The longest start of the line that fits with the ellipsis, by bisection.
  let [fits, tooLong] = [0, more ? line.length + 1 : line.length];
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (measure(shortened(middle)) <= maxWidth) fits = middle;
    else tooLong = middle;
  }
  return shortened(fits);
}

/**
 * `text` broken between words into lines no wider than `maxWidth` by
 * `measure`. `fits` says whether it took at most `maxLines` lines and no word
 * was wider than a line; when it did not, the lines are cut to `maxLines`, and
 * what is left out is marked with an ellipsis.
 * @param {string} text
 * @param {{measure: Measure, maxWidth: number, maxLines: number}} options
 */
export function wrapText(text, {measure, maxWidth, maxLines}) {
  /** @type {string[]} */
  const lines = [];
  for (const word of text.trim().split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && measure(`${last} ${word}`) <= maxWidth)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const fits =
    lines.length <= maxLines &&
    lines.every((line) => measure(line) <= maxWidth);
  if (fits) return {lines, fits};
  const kept = lines.slice(0, maxLines).map((line, index) =>
    fitLine(line, {
      measure,
      maxWidth,
      more: index === maxLines - 1 && lines.length > maxLines,
    }),
  );
  return {lines: kept, fits};
}

/**
 * The title's lines and type size: the largest size at which it fits, else the smallest, cut short.
 * @param {string} title
 */
function layOutTitle(title) {
  /** @param {number} size */
  const wrapAt = (size) =>
    wrapText(title, {
      measure: boldWidthsAt(size),
      maxWidth: textWidth,
      maxLines: titleMaxLines,
    });
  for (const size of titleSizes.slice(0, -1)) {
    const wrapped = wrapAt(size);
    if (wrapped.fits) return {lines: wrapped.lines, size};
  }
  const smallest = titleSizes[titleSizes.length - 1];
  return {lines: wrapAt(smallest).lines, size: smallest};
}

/**
 * The card as SVG: the mark, the title and the subtitle, centred as one block on the card's height.
 * @param {{lines: string[], size: number, subtitle: string}} card
 */
export function cardSvg({lines, size, subtitle}) {
  const lineHeight = Math.round(size * 1.1);
  const blockHeight =
    markSize + 40 + lines.length * lineHeight + 24 + subtitleSize * 1.2;
  let y = Math.round((cardHeight - blockHeight) / 2);
  const markSvg =
    `<svg x="${margin}" y="${y}" width="${markSize}" height="${markSize}" viewBox="0 0 64 64">` +
    mark.replace(/^[\s\S]*?<svg[^>]*>/, '');
  y += markSize + 40;
  const titleLines = lines.map((line) => {
    y += lineHeight;
    return `<text x="${margin}" y="${y - Math.round(size * 0.24)}">${escapeXml(line)}</text>`;
  });
  y += 24 + subtitleSize;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${cardWidth}" height="${cardHeight}">`,
    `<rect width="${cardWidth}" height="${cardHeight}" fill="${colours.background}"/>`,
    markSvg,
    `<g font-weight="700" font-size="${size}" fill="${colours.title}">${titleLines.join('')}</g>`,
    `<text x="${margin}" y="${y}" font-size="${subtitleSize}" fill="${colours.subtitle}">${escapeXml(subtitle)}</text>`,
    '</svg>',
  ].join('');
}

/**
 * The card for `title`, with `subtitle` under it, as PNG bytes.
 * @param {{title: string, subtitle: string}} card
 */
export function renderCard({title, subtitle}) {
  const svg = cardSvg({...layOutTitle(title), subtitle});
  return encodePng(new Resvg(svg, {font}).render());
}

// The bench's output: the rows of its table (figure, measured, reference,
// ratio, target, met), the details below it, how figures are written, and
// BENCHMARKS.md.
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {chromiumPath} from '../../tools/chromium.mjs';
import {kb} from '../../tools/page-weight.mjs';
import {benchmarkIndexes} from './lighthouse.mjs';
import {median} from './processes.mjs';
import {stockVersion} from './stock.mjs';
import {root} from './workspace.mjs';

/** @typedef {{figure: string, value: string, reference: string, ratio: string, target: string, met: boolean | null}} Row */

/** @type {Row[]} */
const rows = [];
/** @type {string[]} */
const details = [];

/**
 * Adds a line to the table; `met` is whether the target holds (null when there is none).
 * @param {string} figure
 * @param {string} value
 * @param {string} reference
 * @param {string} ratio
 * @param {string} target
 * @param {boolean | null} met
 */
export function row(figure, value, reference, ratio, target, met) {
  rows.push({figure, value, reference, ratio, target, met});
}

/**
 * Adds lines (Markdown) to the details below the table.
 * @param {...string} lines
 */
export function detail(...lines) {
  details.push(...lines);
}

/** @param {number} value */
export const seconds = (value) => `${value.toFixed(1)} s`;
/** @param {number} bytes */
export const megabytes = (bytes) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
/** @param {number} bytes */
export const kilobytes = (bytes) => `${kb(bytes)} KB`;
/** @param {number} value */
export const ms = (value) => `${value.toFixed(0)} ms`;
/** @param {number} value */
export const score = (value) => value.toFixed(2);

/**
 * @param {number} value
 * @param {number} reference
 */
export const ratioOf = (value, reference) =>
  reference > 0 ? (value / reference).toFixed(2) : '';

/**
 * The median of `values` and the best of them (the lowest, or with `best` = Math.max the highest).
 * @param {number[]} values
 * @param {(value: number) => string} format
 * @param {(...values: number[]) => number} [best]
 */
export const medianAndBest = (values, format, best = Math.min) =>
  `${format(median(values))} (best ${format(best(...values))})`;

/**
 * One side's runs against the other's, taken in turn: the ratio of the medians
 * and the ratio of the best runs (the lowest, or with `best` = Math.max the highest).
 * @param {number[]} values
 * @param {number[]} references
 * @param {(...values: number[]) => number} [best]
 */
export function compare(values, references, best = Math.min) {
  return {
    median: median(values) / median(references),
    best: best(...values) / best(...references),
  };
}

/**
 * How `compare` is written in the ratio column.
 * @param {{median: number, best: number}} ratios
 */
export const ratios = ({median, best}) =>
  `${median.toFixed(2)} (best ${best.toFixed(2)})`;

/** A reference that is the site itself at a git ref (`--before REF`). */
const atRef = /^site at /;

/**
 * @typedef {Row & {before: string, beforeRatio: string}} MergedRow
 * A row with, beside its reference (stock's, where there is one), the site at REF's.
 */

/**
 * The rows with each figure once: a figure measured beside both the site at
 * REF and another reference (stock's) is one row holding both.
 * @param {Row[]} measured
 * @returns {MergedRow[]}
 */
export function mergedRows(measured) {
  /** @type {MergedRow[]} */
  const merged = [];
  for (const row of measured) {
    const beforeSide = atRef.test(row.reference)
      ? {before: row.reference, beforeRatio: row.ratio}
      : {before: '', beforeRatio: ''};
    const same = merged.find(
      ({figure, value}) => figure === row.figure && value === row.value,
    );
    if (!same) {
      merged.push(
        beforeSide.before
          ? {...row, reference: '', ratio: '', ...beforeSide}
          : {...row, ...beforeSide},
      );
      continue;
    }
    if (beforeSide.before) Object.assign(same, beforeSide);
    else Object.assign(same, {reference: row.reference, ratio: row.ratio});
    same.target = [...new Set([same.target, row.target].filter(Boolean))].join(
      '; ',
    );
    if (row.met !== null)
      same.met = same.met === null ? row.met : same.met && row.met;
  }
  return merged;
}

/**
 * The table of `measured`, each figure once; columns for the site at REF
 * only when a row has one.
 * @param {Row[]} measured
 */
export function tableOf(measured) {
  const merged = mergedRows(measured);
  const withBefore = merged.some(({before}) => before);
  /** @param {string[]} cells */
  const line = (cells) => `| ${cells.map((cell) => cell || '—').join(' | ')} |`;
  const header = [
    'figure',
    'measured',
    'reference',
    'ratio',
    'target',
    'met',
    ...(withBefore ? ['before (site at REF)', 'ratio to before'] : []),
  ];
  return [
    line(header),
    line(header.map(() => '---')),
    ...merged.map((row) =>
      line([
        row.figure,
        row.value,
        row.reference,
        row.ratio,
        row.target,
        row.met === null ? '' : row.met ? 'yes' : '**no**',
        ...(withBefore ? [row.before, row.beforeRatio] : []),
      ]),
    ),
  ].join('\n');
}

export const table = () => tableOf(rows);

function chromiumVersion() {
  try {
    return execFileSync(chromiumPath, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown Chromium';
  }
}

function lighthouseVersion() {
  const manifest = JSON.parse(
    readFileSync(
      path.join(root, 'node_modules/lighthouse/package.json'),
      'utf8',
    ),
  );
  return `Lighthouse ${manifest.version}`;
}

/** The benchmark indexes of the run's Lighthouse runs, as a sentence, if there were any. */
function machineSpeed() {
  if (benchmarkIndexes.length === 0) return '';
  const format = (/** @type {number} */ index) => index.toFixed(0);
  return `\nLighthouse's benchmark index of the machine (its CPU speed at each run, higher is faster): median ${format(median(benchmarkIndexes))}, from ${format(Math.min(...benchmarkIndexes))} to ${format(Math.max(...benchmarkIndexes))} over ${benchmarkIndexes.length} runs.`;
}

// The hand-written notes at the end of BENCHMARKS.md (what was tried, what
// holds a missed target back) outlive each run.
const notesHeading = '## Notes';

/** @param {string} file */
function keptNotes(file) {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = previous.indexOf(notesHeading);
  return start === -1 ? '' : `\n${previous.slice(start).trimEnd()}\n`;
}

/**
 * Writes the table and the details to BENCHMARKS.md, with the command, the
 * machine, the date and what was left out, keeping the notes.
 * @param {{command: string, notRun: string[]}} run
 */
export function writeReport({command, notRun}) {
  const file = path.join(root, 'BENCHMARKS.md');
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}, ${chromiumVersion()}, ${lighthouseVersion()}`;
  const report = `# Benchmarks

Written by \`${command}\` on ${new Date().toISOString().slice(0, 10)}.
Machine: ${machine}.${machineSpeed()}

Each reference is measured in the same run as the figure beside it, the runs
of both sides taken in turn; where there are several, the median and the best
run of each side are given. The stock template is
\`create-docusaurus@${stockVersion}\`'s classic template, installed on its own
(React 19, webpack), as a new site starts, and measured on one page of each
kind the site has. Bytes are the gzip size of each file a page loads;
prefetches are not counted.
${notRun.map((line) => `\n${line}`).join('')}

${table()}

## Details

${details.join('\n')}
${keptNotes(file)}`;
  // The families' details end in blank lines of their own.
  writeFileSync(file, report.replace(/\n{3,}/g, '\n\n'));
}

// npm run bench: measures the build, the bytes, the pages, the cost of a doc's
// length and the writer's preview against their targets, each beside a
// reference measured in the same run (the two sides' runs taken in turn),
// prints one table and writes it to BENCHMARKS.md. Everything it makes goes
// into .bench/, which it removes when it stops. One module per family of
// figures:
//
//   builds             builds.mjs             Rspack beside webpack (a copy, experimental_faster off): build time, peak memory
//   static-build       builds.mjs             build time beside the same site without static content
//   before             builds.mjs             with --before REF: build time beside the site at REF
//   bytes              bytes.mjs              first-load bytes of every route, beside the stock template
//   lighthouse         lighthouse-routes.mjs  Lighthouse 13, every category, every route, beside the stock template
//   same-doc           same-doc.mjs           the site's longest doc beside it in the stock template (and at REF)
//   length             length.mjs             a 20,000-word doc beside a 300-word one: JavaScript (and blocking time)
//   after-load         after-load.mjs         navigation and interactions at 4× CPU beside the stock template (and at REF), the layout in turn beside REF
//   scale              scale.mjs              the site with 250 and 1,000 generated docs; with --scale-docs, beside stock (Rspack), Starlight and Rspress
//   peers              peers.mjs              the long doc and a click to the next in the site, stock, Starlight and Rspress (peer-sites.mjs)
//   dev-server         dev-server.mjs         npm start: first page, an edited doc
//   trims              trims.mjs              first-load JavaScript without each of plugins/bundle-trims' trims
//
//   npm run bench                  builds, static-build, bytes, length, dev-server
//   npm run bench -- --lighthouse  adds lighthouse and same-doc, and length's blocking time (about 15 minutes)
//   npm run bench -- --after-load  adds after-load (about 20 minutes)
//   npm run bench -- --scale       adds scale (about 3 minutes)
//   npm run bench -- --peers       adds peers (about 15 minutes)
//   npm run bench -- --trims       adds trims (about 8 minutes)
//   npm run bench -- --all         all of it
//   --before REF                   adds before, and the site as it was at REF to same-doc and after-load
//   --only a,b                     these families alone, such as --only length --lighthouse
//   --runs N                       timed builds of each kind (default 3), rounds of peers (default 5)
//   --scale-docs 1000,10000        scale builds these counts of docs in every side instead, once each, 30 min at most
import {existsSync, mkdirSync, rmSync} from 'node:fs';
import {parseArgs} from 'node:util';
import {
  benchBeforeAfter,
  benchBuilds,
  benchStaticContentBuild,
  siteBuild,
} from './builds.mjs';
import {benchAfterLoad} from './after-load.mjs';
import {benchBytes} from './bytes.mjs';
import {benchDevServer} from './dev-server.mjs';
import {benchLength} from './length.mjs';
import {benchLighthouseRoutes} from './lighthouse-routes.mjs';
import {stopAll} from './processes.mjs';
import {table, writeReport} from './report.mjs';
import {benchPeers} from './peers.mjs';
import {benchSameDoc} from './same-doc.mjs';
import {benchScale} from './scale.mjs';
import {stockTemplate} from './stock.mjs';
import {benchTrims} from './trims.mjs';
import {log, work} from './workspace.mjs';

const families = [
  'builds',
  'static-build',
  'before',
  'bytes',
  'lighthouse',
  'same-doc',
  'length',
  'after-load',
  'scale',
  'peers',
  'dev-server',
  'trims',
];

const {values: options} = parseArgs({
  options: {
    lighthouse: {type: 'boolean', default: false},
    'after-load': {type: 'boolean', default: false},
    scale: {type: 'boolean', default: false},
    peers: {type: 'boolean', default: false},
    trims: {type: 'boolean', default: false},
    'scale-docs': {type: 'string'},
    all: {type: 'boolean', default: false},
    runs: {type: 'string'},
    before: {type: 'string'},
    only: {type: 'string'},
  },
});
const runs = Number(options.runs ?? 3);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs ${options.runs}: give a whole number, 1 or more`);
const peerRounds = Number(options.runs ?? 5);
const scaleDocs = (options['scale-docs'] ?? '')
  .split(',')
  .filter(Boolean)
  .map(Number);
if (scaleDocs.some((count) => !Number.isInteger(count) || count < 1))
  throw new Error(
    `--scale-docs ${options['scale-docs']}: give whole numbers of docs, such as 1000,10000`,
  );
const lighthouse = options.lighthouse || options.all;
const scale = options.scale || options.all;
const afterLoad = options['after-load'] || options.all;
const peers = options.peers || options.all;
const trims = options.trims || options.all;

const chosen = new Set(
  options.only
    ? options.only.split(',').map((name) => name.trim())
    : [
        'builds',
        'static-build',
        'bytes',
        'length',
        'dev-server',
        ...(lighthouse ? ['lighthouse', 'same-doc'] : []),
        ...(afterLoad ? ['after-load'] : []),
        ...(scale || scaleDocs.length > 0 ? ['scale'] : []),
        ...(peers ? ['peers'] : []),
        ...(trims ? ['trims'] : []),
        ...(options.before ? ['before'] : []),
      ],
);
const unknown = [...chosen].filter((name) => !families.includes(name));
if (unknown.length > 0)
  throw new Error(
    `--only: no family of figures named ${unknown.join(', ')}; the families are ${families.join(', ')}`,
  );
if (chosen.has('before') && !options.before)
  throw new Error(
    '--only before: give the git ref to compare with, --before REF',
  );

/** What BENCHMARKS.md says was left out of the run. */
function notRun() {
  if (options.only)
    return [
      `Only these figures were measured: ${[...chosen].join(', ')}${lighthouse ? ', with Lighthouse' : ''}.`,
    ];
  return [
    ...(lighthouse
      ? []
      : ['Lighthouse was not run: `npm run bench -- --lighthouse`.']),
    ...(afterLoad
      ? []
      : [
          'What a reader does after the first load was not measured: `npm run bench -- --after-load`.',
        ]),
    ...(scale
      ? []
      : ['The generated-docs build was not run: `npm run bench -- --scale`.']),
    ...(peers
      ? []
      : [
          'The site was not measured beside Starlight and Rspress: `npm run bench -- --peers`.',
        ]),
  ];
}

async function main() {
  rmSync(work, {recursive: true, force: true});
  mkdirSync(work, {recursive: true});
  if (chosen.has('builds')) await benchBuilds(runs);
  if (chosen.has('static-build')) await benchStaticContentBuild(runs);
  const beforeBuild =
    options.before && chosen.has('before')
      ? await benchBeforeAfter(options.before, runs)
      : undefined;
  if (chosen.has('bytes'))
    await benchBytes(await siteBuild(), await stockTemplate());
  if (chosen.has('lighthouse'))
    await benchLighthouseRoutes(await siteBuild(), await stockTemplate());
  if (chosen.has('same-doc'))
    await benchSameDoc(await siteBuild(), {beforeBuild, ref: options.before});
  if (chosen.has('length')) await benchLength({lighthouse});
  if (chosen.has('after-load')) await benchAfterLoad({ref: options.before});
  if (chosen.has('peers')) await benchPeers(peerRounds);
  stopAll();
  if (chosen.has('scale')) await benchScale(runs, scaleDocs);
  if (chosen.has('dev-server')) await benchDevServer();
  if (chosen.has('trims')) await benchTrims();
  console.log(`\n${table()}\n`);
  writeReport({
    command: [
      'npm run bench',
      ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : []),
    ].join(' '),
    notRun: notRun(),
  });
  log(
    `wrote BENCHMARKS.md${chosen.has('bytes') ? ' and tools/page-weight-baseline.json' : ''}`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    rmSync(work, {recursive: true, force: true});
    process.exit(130);
  });
}

try {
  await main();
} finally {
  stopAll();
  if (existsSync(work)) rmSync(work, {recursive: true, force: true});
}

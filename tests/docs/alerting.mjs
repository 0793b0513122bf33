// The alerting rule of src/facts/alerting.json, run on a sequence of a
// check's states: what one alert rule sends at each run. The Alerts page's
// timelines are rendered from it, so that the rule and its examples are
// written once.
import {readFileSync} from 'node:fs';

/**
 * @typedef {'ok' | 'warn' | 'critical'} State
 * @typedef {{run: number, type: 'alert.triggered' | 'alert.resolved', severity: 'warn' | 'critical', why: string}} Sent
 * @typedef {{severity?: 'warn' | 'critical', after?: number, resolve?: boolean}} Rule
 */

/** @type {{after: {default: number}, interval: string, flapping: {changes: number, runs: number}, timelines: {section: string, runs: string}[], loosening: {change: string, why: string}[], silencingNotices: string}} */
export const alerting = JSON.parse(
  readFileSync(
    new URL('../../src/facts/alerting.json', import.meta.url),
    'utf8',
  ),
);

/** @type {Record<State, number>} */
const rank = {ok: 0, warn: 1, critical: 2};

/**
 * The events one alert rule sends for one check whose runs had `states`.
 * @param {State[]} states
 * @param {Rule} [rule]
 * @returns {Sent[]}
 */
export function alertsFor(states, rule = {}) {
  const severity = rule.severity ?? 'warn';
  const after = rule.after ?? alerting.after.default;
  const {changes, runs} = alerting.flapping;
  const failing = states.map((state) => rank[state] >= rank[severity]);
  /** @type {Sent[]} */
  const sent = [];
  /** @type {{severity: 'warn' | 'critical', flapping: boolean} | null} */
  let open = null;
  states.forEach((_, run) => {
    const last = (/** @type {number} */ count) =>
      run + 1 >= count ? states.slice(run + 1 - count, run + 1) : null;
    const held = last(after);
    /** The worst state every one of the last `after` runs was at, or worse. */
    const heldAt = held
      ? /** @type {State} */ (
          ['critical', 'warn', 'ok'].find((level) =>
            held.every(
              (seen) => rank[seen] >= rank[/** @type {State} */ (level)],
            ),
          )
        )
      : 'ok';
    const window = states.slice(Math.max(0, run + 1 - runs), run + 1);
    const flips = window.filter(
      (_, index) =>
        index > 0 &&
        failing[run + 1 - window.length + index] !==
          failing[run - window.length + index],
    ).length;
    const flapping = flips >= changes;
    const steady = rank[heldAt] >= rank[severity];
    if (!open) {
      if (steady) {
        open = {
          severity: /** @type {'warn' | 'critical'} */ (heldAt),
          flapping: false,
        };
        sent.push({
          run,
          type: 'alert.triggered',
          severity: open.severity,
          why: `${heldAt} for ${after} runs in a row`,
        });
      } else if (flapping) {
        const worst = window.reduce(
          (a, b) => (rank[b] > rank[a] ? b : a),
          /** @type {State} */ ('ok'),
        );
        open = {
          severity: /** @type {'warn' | 'critical'} */ (worst),
          flapping: true,
        };
        sent.push({
          run,
          type: 'alert.triggered',
          severity: open.severity,
          why: `flapping: ${flips} changes in ${window.length} runs`,
        });
      }
      return;
    }
    if (steady && rank[heldAt] > rank[open.severity]) {
      open = {severity: 'critical', flapping: false};
      sent.push({
        run,
        type: 'alert.triggered',
        severity: 'critical',
        why: `critical for ${after} runs in a row`,
      });
    } else if (steady && open.flapping) {
      open = {...open, flapping: false};
      sent.push({
        run,
        type: 'alert.triggered',
        severity: open.severity,
        why: `failing steadily: ${heldAt} for ${after} runs in a row`,
      });
    } else if (held && held.every((seen) => seen === 'ok') && !flapping) {
      if (rule.resolve !== false) {
        const justOk = run < after || states[run - after] !== 'ok';
        sent.push({
          run,
          type: 'alert.resolved',
          severity: open.severity,
          why: justOk
            ? `ok for ${after} runs in a row`
            : `no longer flapping: ${flips} ${flips === 1 ? 'change' : 'changes'} among the last ${window.length} runs`,
        });
      }
      open = null;
    }
  });
  return sent;
}

/**
 * The time of run `run` since the first, as the timelines write it: `4:30`.
 * @param {number} run
 */
export function runTime(run) {
  const match = alerting.interval.match(/^(\d+)s$/);
  if (!match) throw new Error(`not a number of seconds: ${alerting.interval}`);
  const seconds = run * Number(match[1]);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A timeline's rows: runs of the same state that send nothing share a row,
 * and a run that sends something ends its row.
 * @param {State[]} states
 * @param {Rule} [rule]
 * @returns {string[][]}
 */
export function timelineRows(states, rule = {}) {
  const sent = alertsFor(states, rule);
  /** @type {string[][]} */
  const rows = [];
  let first = 0;
  states.forEach((state, run) => {
    const events = sent.filter((event) => event.run === run);
    const next = states[run + 1];
    if (events.length === 0 && next === state) return;
    const count = run - first + 1;
    rows.push([
      count === 1 ? runTime(run) : `${runTime(first)} to ${runTime(run)}`,
      count === 1 ? state : `${state}, ${count} runs`,
      events.length === 0
        ? 'nothing'
        : events
            .map(
              (event) => `\`${event.type}\`, ${event.severity}: ${event.why}`,
            )
            .join('; '),
    ]);
    first = run + 1;
  });
  return rows;
}

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

/** @type {{after: {default: number}, interval: string, flapping: {changes: number, runs: number, calm: number, holdRuns: number}, timelines: {section: string, runs: string}[], loosening: {change: string, why: string}[], silencingNotices: string}} */
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
 *
 * The rule has hysteresis: an alert opens at `changes` or more changes in the
 * last `runs` runs, but resolves only once the check is calm, ok for `after`
 * runs in a row with at most `calm` changes in the last `runs` runs. An alert
 * whose check was not calm at some run while it was open, a flapping alert
 * among them, resolves only once the check has been calm for `holdRuns` runs
 * in a row: a check that flaps again meanwhile keeps its alert, its
 * `alert_id` and its PagerDuty incident, and sends nothing.
 * @param {State[]} states
 * @param {Rule} [rule]
 * @returns {Sent[]}
 */
export function alertsFor(states, rule = {}) {
  return runRule(states, rule).sent;
}

/**
 * What the rule sends, and the runs at which an alert that waits for
 * `holdRuns` calm runs counts its first: a timeline starts a row there.
 * @param {State[]} states
 * @param {Rule} rule
 * @returns {{sent: Sent[], holds: number[]}}
 */
function runRule(states, rule) {
  const severity = rule.severity ?? 'warn';
  const after = rule.after ?? alerting.after.default;
  const {changes, runs, calm, holdRuns} = alerting.flapping;
  const failing = states.map((state) => rank[state] >= rank[severity]);
  /** @type {Sent[]} */
  const sent = [];
  /** @type {number[]} */
  const holds = [];
  /** @type {{severity: 'warn' | 'critical', flapping: boolean, held: boolean, calmRuns: number} | null} */
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
    const calmNow =
      held !== null && held.every((seen) => seen === 'ok') && flips <= calm;
    if (!open) {
      if (steady) {
        open = {
          severity: /** @type {'warn' | 'critical'} */ (heldAt),
          flapping: false,
          held: flips > calm,
          calmRuns: 0,
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
          held: true,
          calmRuns: 0,
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
    if (flips > calm) open.held = true;
    open.calmRuns = calmNow ? open.calmRuns + 1 : 0;
    if (open.held && open.calmRuns === 1) holds.push(run);
    if (steady && rank[heldAt] > rank[open.severity]) {
      open = {...open, severity: 'critical', flapping: false};
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
    } else if (calmNow && (!open.held || open.calmRuns >= holdRuns)) {
      if (rule.resolve !== false) {
        sent.push({
          run,
          type: 'alert.resolved',
          severity: open.severity,
          why: open.held
            ? `calm for ${holdRuns} runs in a row: ok, and at most ${calm} changes among the last ${runs} runs`
            : `ok for ${after} runs in a row`,
        });
      }
      open = null;
    }
  });
  return {sent, holds};
}

/**
 * A timeline's runs as src/facts/alerting.json writes them, one state a run,
 * separated by spaces, where `ok*60` stands for 60 runs of ok.
 * @param {string} runs
 * @returns {State[]}
 */
export function statesOf(runs) {
  return runs.split(' ').flatMap((token) => {
    const [state, count] = token.split('*');
    if (!(state in rank)) throw new Error(`not a state: ${token}`);
    return Array(count === undefined ? 1 : Number(count)).fill(state);
  });
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
  const {sent, holds} = runRule(states, rule);
  /** @type {string[][]} */
  const rows = [];
  let first = 0;
  states.forEach((state, run) => {
    const events = sent.filter((event) => event.run === run);
    const next = states[run + 1];
    if (events.length === 0 && next === state && !holds.includes(run + 1))
      return;
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

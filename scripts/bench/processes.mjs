// Running the commands the bench measures: wall time and the peak memory of
// the whole process tree (Docusaurus starts helpers), and servers that stop
// when the bench does.
import {spawn} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import {setTimeout as sleep} from 'node:timers/promises';

/**
 * The resident memory, in bytes, of `pid` and all its descendants (Linux /proc).
 * @param {number} pid
 */
function treeMemory(pid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(
        stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1],
      );
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  let bytes = 0;
  const queue = [pid];
  for (
    let current = queue.pop();
    current !== undefined;
    current = queue.pop()
  ) {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(
        readFileSync(`/proc/${current}/status`, 'utf8'),
      );
      bytes += rss ? Number(rss[1]) * 1024 : 0;
    } catch {
      continue;
    }
    queue.push(...(children.get(current) ?? []));
  }
  return bytes;
}

/** @typedef {{cwd: string, env?: Record<string, string>}} CommandOptions */
/**
 * A command's wall time, the peak memory of its process tree and its output;
 * `timedOut` when it was stopped at its time limit, `failed` when it failed.
 * @typedef {{seconds: number, peakMemory: number, output: string, timedOut?: boolean, failed?: boolean}} Measurement
 */

/**
 * Runs a command to its end and returns its wall time in seconds and the peak
 * memory of its process tree; fails with its output if it fails. With
 * `limitSeconds`, a command still running then is stopped, with the
 * processes it started, and measured as timed out.
 * @param {string} command
 * @param {string[]} args
 * @param {CommandOptions & {limitSeconds?: number}} options
 * @returns {Promise<Measurement>}
 */
export async function measureCommand(
  command,
  args,
  {cwd, env = {}, limitSeconds},
) {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: {...process.env, ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, so that a stop at the limit reaches its helpers.
    detached: limitSeconds !== undefined,
  });
  // Its own group is out of reach of a Ctrl-C: the bench's stopAll ends it.
  if (limitSeconds !== undefined) {
    running.add(child);
    child.on('exit', () => running.delete(child));
  }
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve, reject) => {
    // A command that cannot start (not found, not executable) fails the measurement instead of the process.
    child.on('error', reject);
    child.on('close', resolve);
  });
  let peakMemory = 0;
  let code;
  while (code === undefined) {
    // No pid: the command failed to start.
    if (child.pid !== undefined)
      peakMemory = Math.max(peakMemory, treeMemory(child.pid));
    if (
      limitSeconds !== undefined &&
      child.pid !== undefined &&
      performance.now() - started > limitSeconds * 1000
    ) {
      process.kill(-child.pid, 'SIGKILL');
      await exited;
      return {seconds: limitSeconds, peakMemory, output, timedOut: true};
    }
    code = await Promise.race([exited, sleep(100).then(() => undefined)]);
  }
  const seconds = (performance.now() - started) / 1000;
  // The error carries the measurement, for a figure that reports failures.
  if (code !== 0)
    throw Object.assign(
      new Error(
        `${command} ${args.join(' ')} (in ${cwd}) failed:\n${output.slice(-4000)}`,
      ),
      {measurement: {seconds, peakMemory, output, failed: true}},
    );
  return {seconds, peakMemory, output};
}

/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();

/**
 * Starts a long-running command (a server); `stopAll` ends it.
 * @param {string} command
 * @param {string[]} args
 * @param {CommandOptions} options
 */
export function start(command, args, {cwd, env = {}}) {
  const child = spawn(command, args, {
    cwd,
    env: {...process.env, ...env},
    stdio: 'ignore',
    detached: true,
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  return child;
}

/** Ends every command `start` started, with the processes they started. */
export function stopAll() {
  for (const child of running) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  running.clear();
}

/**
 * Waits until `url` answers with status 200, or fails after `seconds`.
 * @param {string} url
 */
export async function waitForUrl(url, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const response = await fetch(url).catch(() => null);
    if (response?.ok) return;
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/**
 * The median of some numbers.
 * @param {number[]} values
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? sorted[middle]
    : (sorted[middle - 1] + sorted[middle]) / 2;
}

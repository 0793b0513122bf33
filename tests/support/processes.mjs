// Stopping a process a test started, before its folder is removed.
import {once} from 'node:events';

/**
 * Sends `signal` to `child` unless it has ended, and resolves once it has.
 * @param {import('node:child_process').ChildProcess | undefined} child
 * @param {NodeJS.Signals} [signal]
 */
export async function stopProcess(child, signal = 'SIGTERM') {
  // No pid: it never started.
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null)
    return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

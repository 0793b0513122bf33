/** Runs `work` once the main thread is idle (Safari has no requestIdleCallback). */
export function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window)
    requestIdleCallback(work, {timeout: 2000});
  else setTimeout(work, 50);
}

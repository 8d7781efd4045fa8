type IdleWindow = { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };

/**
 * Runs `task` once the page has loaded and the browser is idle (at the latest after `timeout` ms of idling
 * wait); for fetching code the next interaction needs without delaying the first screen. Returns a cancel.
 */
export function whenIdle(task: () => unknown, timeout = 3000): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const w = window as IdleWindow;
  let cancelIdle: () => void = () => {};
  const schedule = () => {
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => void task(), { timeout });
      cancelIdle = () => w.cancelIdleCallback?.(id);
    } else {
      const id = window.setTimeout(() => void task(), 1500);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancelIdle();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}

/**
 * Runs tasks of many users with a limit on how many run at once (`concurrency`) and per user (`perUser`),
 * taking users in turn: when a place frees, the next user in the rotation who waits and is under their own
 * limit goes, then moves to the back. One user's three 30-page scans so run one at a time and never hold
 * another user's reading behind them.
 *
 * Written here because the usual queues (p-queue, p-limit) know one global order and no per-key fairness.
 */
export interface FairQueue {
  run<T>(userId: string, task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting now (for tests and logs). */
  readonly size: { running: number; waiting: number };
}

export function fairQueue(opts: { concurrency: number; perUser: number }): FairQueue {
  /** Users with waiting tasks, in rotation order (a Map keeps insertion order). */
  const waiting = new Map<string, Array<() => void>>();
  const runningOf = new Map<string, number>();
  /** When each user with work running or waiting was last served: the longest unserved goes first. */
  const servedAt = new Map<string, number>();
  let running = 0;
  let tick = 0;

  function pump() {
    while (running < opts.concurrency) {
      let user: string | undefined;
      for (const u of waiting.keys())
        if ((runningOf.get(u) ?? 0) < opts.perUser && (user === undefined || (servedAt.get(u) ?? -1) < (servedAt.get(user) ?? -1))) user = u;
      if (user === undefined) return;
      const tasks = waiting.get(user)!;
      const start = tasks.shift()!;
      if (!tasks.length) waiting.delete(user);
      servedAt.set(user, tick++);
      running++;
      runningOf.set(user, (runningOf.get(user) ?? 0) + 1);
      start();
    }
  }

  return {
    run<T>(userId: string, task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => {
              running--;
              const n = (runningOf.get(userId) ?? 1) - 1;
              if (n) runningOf.set(userId, n);
              else runningOf.delete(userId);
              if (!n && !waiting.has(userId)) servedAt.delete(userId);
              pump();
            });
        };
        const tasks = waiting.get(userId);
        if (tasks) tasks.push(start);
        else waiting.set(userId, [start]);
        pump();
      });
    },
    get size() {
      let w = 0;
      for (const t of waiting.values()) w += t.length;
      return { running, waiting: w };
    },
  };
}

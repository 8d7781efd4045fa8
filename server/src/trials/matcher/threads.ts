import type { Worker } from 'node:worker_threads';
import type { PatientData, Trial, TrialMatchResult } from '@oncodesk/shared/contracts';
import type { MatchOptions } from './index';
import type { CountRequest, SearchCounted } from './searchCounts';
import { referenceVocabularies } from '../../vocab/reference/active';
import { startWorker } from '../../runtime/startWorker';

/** What a match thread is told, in order on its own port (matchThread.ts). */
export type ToMatchThread =
  | { type: 'load'; trials: Trial[] }
  | { type: 'match'; id: number; patient: PatientData; options: MatchOptions; count?: CountRequest };
export type FromMatchThread = { id: number; results: TrialMatchResult[]; counts?: SearchCounted } | { id: number; error: string };
type Answer = Extract<FromMatchThread, { results: unknown }>;

interface Thread {
  worker: Worker;
  /** Matches sent and not yet answered. */
  busy: number;
}

interface Pending {
  thread: Thread;
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

/** A match thread stopped (crashed or ran out of memory) before answering: the search may be asked again. */
export class MatchThreadLost extends Error {}

/**
 * Trial matching in worker threads, so the event loop serves other calls while searches run (issue 24/27:
 * twenty searching clients otherwise delay every other request by the searches' CPU).
 *
 * Every thread holds its own copy of the trial index, built from the trials this thread's engine loads: a
 * new thread is given them all, and every later load is forwarded to each thread on its own port, before
 * any later search, so a search never runs on an older set than the main thread's. Written here rather
 * than with piscina: piscina hands a task to whichever thread is free and has no ordered per-thread
 * channel, while an index update must reach every thread ahead of the searches that follow it.
 */
export class MatchThreads {
  private readonly threads: Thread[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(
    size: number,
    /** Every trial the engine holds now (a new or restarted thread starts from them). */
    private readonly snapshot: () => Trial[],
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    for (let k = 0; k < size; k++) this.threads.push(this.spawn());
  }

  get size(): number {
    return this.threads.length;
  }

  private spawn(): Thread {
    const worker = startWorker(require.resolve('./matchThread'), { workerData: { vocabularies: referenceVocabularies() } });
    const thread: Thread = { worker, busy: 0 };
    worker.postMessage({ type: 'load', trials: this.snapshot() } satisfies ToMatchThread);
    worker.on('message', (message: FromMatchThread) => {
      const p = this.pending.get(message.id);
      if (!p) return;
      this.pending.delete(message.id);
      thread.busy--;
      if ('error' in message) p.reject(new Error(message.error));
      else p.resolve(message);
    });
    worker.on('error', (error) => this.onError(error));
    worker.on('exit', () => {
      // a thread that stopped answers no more: its searches fail (the caller may ask again) and a fresh
      // thread takes its place
      for (const [id, p] of this.pending) {
        if (p.thread !== thread) continue;
        this.pending.delete(id);
        p.reject(new MatchThreadLost('match thread stopped'));
      }
      const at = this.threads.indexOf(thread);
      if (!this.closed && at >= 0) this.threads[at] = this.spawn();
    });
    return thread;
  }

  /** Adds or replaces trials in every thread's index (as TrialIndex.add does in this thread's). */
  load(trials: Trial[]): void {
    if (!trials.length) return;
    for (const t of this.threads) t.worker.postMessage({ type: 'load', trials } satisfies ToMatchThread);
  }

  /** One patient's match on the least busy thread (same results as matchPatient on this thread's index). */
  async match(patient: PatientData, options: MatchOptions): Promise<TrialMatchResult[]> {
    return (await this.send(patient, options)).results;
  }

  /** The same with the search's counts over the whole catalogue (searchCounts.ts matchCounted). */
  async matchCounted(patient: PatientData, options: MatchOptions, count: CountRequest): Promise<{ results: TrialMatchResult[]; counts: SearchCounted }> {
    const answer = await this.send(patient, options, count);
    return { results: answer.results, counts: answer.counts! };
  }

  private send(patient: PatientData, options: MatchOptions, count?: CountRequest): Promise<Answer> {
    if (this.closed) return Promise.reject(new MatchThreadLost('match threads closed'));
    const thread = this.threads.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = this.nextId++;
    thread.busy++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { thread, resolve, reject });
      thread.worker.postMessage({ type: 'match', id, patient, options, ...(count ? { count } : {}) } satisfies ToMatchThread);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}

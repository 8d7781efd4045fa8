import { fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ReportReadError, type ReadFailure } from './readError';

/**
 * Reading a report in a child process, with memory and time limits. A worker thread is not enough: a
 * native crash in image decoding (@napi-rs/canvas) ends the whole process a thread lives in. The child
 * (readingChild.ts) runs one task and exits; when it dies, runs out of time or memory, the reading fails
 * with a reason (`reading_crashed`, `reading_timed_out`, `reading_too_large`) and the server goes on.
 * The child runs at a lower CPU priority, so the server's own requests (/health) keep answering.
 */

export type ChildTask =
  | { op: 'extract'; name: string; bytes: Uint8Array }
  | { op: 'page'; bytes: Uint8Array; page: number; scale: number; maxPixels: number };
export type ChildAnswer = { ok: true; result: unknown } | { ok: false; code: ReadFailure | null; detail: string };

export interface ReadingLimits {
  /** Wall-clock limit of one task. */
  timeoutMs: number;
  /** Resident memory of the child (its JavaScript heap, native pixel buffers and OCR engine together). */
  memoryMb: number;
  /**
   * Scheduling priority of the child (nice, 0-19): above 0 the server's own requests go first while a report is
   * read. On a machine another workload keeps busy, a high value starves the reading (minutes for seconds of CPU).
   */
  nice?: number;
  /** Aborted when the server closes: the child is stopped (the reading is resumed at the next start). */
  signal?: AbortSignal;
}

export const DEFAULT_READING_LIMITS: ReadingLimits = { timeoutMs: 300_000, memoryMb: 1536, nice: 10 };

const isSource = __filename.endsWith('.ts');
const CHILD = path.join(__dirname, isSource ? 'readingChild.ts' : 'readingChild.js');
// running from sources (tests, `node -r bench/register.cjs src/main.ts`): the child compiles them the same way
const REGISTER = path.resolve(__dirname, '../../bench/register.cjs');
const WATCH_MS = 200;

/** Resident memory of a process in MB, from /proc (null where there is none: the heap limit still holds). */
async function rssMb(pid: number): Promise<number | null> {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Runs one task in a fresh child process; its failure is a ReportReadError with the reason. */
export function inChildProcess<T>(task: ChildTask, limits: ReadingLimits = DEFAULT_READING_LIMITS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const child = fork(CHILD, [], {
      // the heap gets most of the budget; pixels and the OCR engine live outside it (the watch sees them)
      execArgv: [`--max-old-space-size=${Math.max(64, Math.floor(limits.memoryMb * 0.75))}`, ...(isSource ? ['-r', REGISTER] : [])],
      serialization: 'advanced',
      env: process.env,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stopped: ReadFailure | null = null;
    let answer: ChildAnswer | null = null;
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    const stop = (why: ReadFailure) => {
      stopped ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('reading_timed_out'), limits.timeoutMs);
    const onAbort = () => stop('reading_interrupted');
    if (limits.signal?.aborted) onAbort();
    limits.signal?.addEventListener('abort', onAbort, { once: true });
    let watching = false;
    const watch = setInterval(() => {
      if (watching || !child.pid) return;
      watching = true;
      void rssMb(child.pid).then((mb) => {
        watching = false;
        if (mb !== null && mb > limits.memoryMb) stop('reading_too_large');
      });
    }, WATCH_MS);
    const nice = limits.nice ?? DEFAULT_READING_LIMITS.nice ?? 0;
    if (child.pid && nice > 0) {
      try {
        os.setPriority(child.pid, nice);
      } catch {
        // not permitted here: the child runs at the server's priority
      }
    }
    child.on('message', (m: ChildAnswer | { ready: true }) => {
      if ('ready' in m) child.send(task);
      else answer = m;
    });
    // 'close' comes after the process ended and its channels are drained, so an answer sent is never lost
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(watch);
      limits.signal?.removeEventListener('abort', onAbort);
      if (answer?.ok) return resolve(answer.result as T);
      // a reader's own refusal keeps its reason; anything else is an error of ours, reported as such
      if (answer) return reject(answer.code ? new ReportReadError(answer.code) : new Error(`reading failed: ${answer.detail}`));
      // no answer: stopped by a limit here, out of heap (V8 aborts with this message), or crashed
      const why = stopped ?? (/heap out of memory|Allocation failed/i.test(stderr) ? 'reading_too_large' : 'reading_crashed');
      reject(Object.assign(new ReportReadError(why), { exit: { code, signal, stderr: stderr.slice(-1000) } }));
    });
    child.on('error', () => stop('reading_crashed'));
  });
}

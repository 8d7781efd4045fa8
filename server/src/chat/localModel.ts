import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn, type ChildProcess } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import { ModelAnswerError, modelAnswer, systemPrompt, type ModelAnswerer } from './model';

/**
 * The assistant's model run in this process: a GGUF file (LLM_GGUF_PATH) through node-llama-cpp
 * (llama.cpp's prebuilt CPU binary from npm; never built here). Same contract as the endpoint answerer
 * (model.ts: the same numbered sources, the same citation check), with what a CPU model needs:
 *
 * - one answer at a time: on 2 cores a 3B model reads ~60–80 prompt tokens a second, so questions wait
 *   in a FIFO queue; each learns its place (`onQueue`), and one that is stopped or times out leaves it;
 * - LLM_TIMEOUT_MS counts from the question (waiting, loading and writing): past it the sources' own
 *   answer is given and the writing stops;
 * - loaded on the first question, released on app close; a file that does not load (missing, not a
 *   GGUF, corrupt) is logged once and leaves the embedded engine answering (`available()` false).
 *
 * node-llama-cpp is an ES module only; the server is CommonJS (swc) and jest cannot import ES modules in
 * its sandbox, so it runs in a child process started from source text, where `import()` is Node's own.
 * A process, not a worker thread: llama.cpp's native code ends its process when something goes wrong
 * (a GGML assertion, a native callback after a worker thread was ended — seen as SIGABRT killing the
 * whole server's process in a loaded test run); in a child only the model is lost, and the server logs
 * it and answers with the embedded engine. It also keeps tokenizing and the chat template off the
 * server's event loop.
 */
export interface LocalModelConfig {
  path: string;
  /** 0 or absent: node-llama-cpp's choice (the machine's cores). */
  threads?: number;
  /** Context window in tokens (at most the model's own). */
  contextSize?: number;
  /** Per answer, from the question to the last token, ms (default 180 s, as LLM_TIMEOUT_MS for this model). */
  timeoutMs?: number;
  /** Longest answer, in tokens. */
  maxTokens?: number;
}

/** What the last load and answer measured (logged, and read by the tests and the bench). */
export interface LocalModelStats {
  loadMs?: number;
  /** Resident memory the process gained while loading the model. */
  rssGainBytes?: number;
  threads?: number;
  contextSize?: number;
  last?: { promptTokens: number; promptMs: number; outputTokens: number; generationMs: number; waitedMs: number };
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

const WORKER = `
const workerData = JSON.parse(process.env.ONCODESK_LLM_WORKER);
const post = (m) => process.send && process.send(m);
// the server went away (crash, kill): nothing to answer to
process.on('disconnect', () => process.exit(0));
let llama, model, context, sequence, Session;
const jobs = new Map();
const loading = (async () => {
  const t0 = performance.now();
  const rss0 = process.memoryUsage().rss;
  const lib = await import(workerData.entry);
  Session = lib.LlamaChatSession;
  llama = await lib.getLlama({
    gpu: false,
    build: 'never',
    progressLogs: false,
    logLevel: 'warn',
    logger: (level, message) => post({ type: 'log', level, message: String(message).trim() }),
  });
  model = await llama.loadModel({ modelPath: workerData.path, gpuLayers: 0 });
  const contextSize = Math.min(workerData.contextSize, model.trainContextSize || workerData.contextSize);
  context = await model.createContext({ contextSize, ...(workerData.threads ? { threads: workerData.threads } : {}) });
  sequence = context.getSequence();
  post({ type: 'ready', loadMs: performance.now() - t0, rssGainBytes: process.memoryUsage().rss - rss0, threads: context.currentThreads, contextSize: context.contextSize });
})().catch((e) => {
  post({ type: 'loadError', message: (e && e.message) || String(e) });
});

const running = new Set();
function answer(m) {
  const p = answerOne(m);
  running.add(p);
  return p.finally(() => running.delete(p));
}

async function answerOne(m) {
  const abort = new AbortController();
  jobs.set(m.id, abort);
  const session = new Session({ contextSequence: sequence, systemPrompt: m.system, autoDisposeSequence: false });
  const in0 = sequence.tokenMeter.usedInputTokens;
  const out0 = sequence.tokenMeter.usedOutputTokens;
  const t0 = performance.now();
  let first = 0;
  const stats = () => {
    const end = performance.now();
    return {
      promptTokens: sequence.tokenMeter.usedInputTokens - in0,
      promptMs: (first || end) - t0,
      outputTokens: sequence.tokenMeter.usedOutputTokens - out0,
      generationMs: first ? end - first : 0,
    };
  };
  try {
    const text = await session.prompt(m.question, {
      signal: abort.signal,
      stopOnAbortSignal: true,
      maxTokens: m.maxTokens,
      temperature: 0,
      onToken: () => { if (!first) first = performance.now(); },
      onTextChunk: (text) => post({ type: 'delta', id: m.id, text }),
    });
    post({ type: 'end', id: m.id, text, aborted: abort.signal.aborted, stats: stats() });
  } catch (e) {
    post({ type: 'end', id: m.id, error: (e && e.message) || String(e), aborted: abort.signal.aborted, stats: stats() });
  } finally {
    jobs.delete(m.id);
    session.dispose({ disposeSequence: false });
  }
}

process.on('message', async (m) => {
  if (m.type === 'answer') return answer(m);
  if (m.type === 'abort') return jobs.get(m.id)?.abort();
  if (m.type === 'close') {
    for (const j of jobs.values()) j.abort();
    await loading;
    // llama.cpp's threads must be idle before its memory goes: disposing during a token's evaluation (or
    // ending the thread then) aborts the whole process (seen as SIGABRT in a loaded CI run)
    await Promise.allSettled([...running]);
    try { if (llama) await llama.dispose(); } catch {}
    process.exit(0);
  }
});
`;

interface Job {
  id: number;
  system: string;
  question: string;
  at: number;
  startedAt?: number;
  settled: boolean;
  /** Last place told to the caller. */
  position: number;
  onDelta?: (text: string) => void;
  onQueue?: (position: number) => void;
  done(error: unknown, text?: string): void;
}

/** Why a file cannot be the model, before starting anything (null: it reads as a GGUF file). */
function unreadable(file: string): string | null {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(4);
    readSync(fd, head, 0, 4, 0);
    return head.toString('latin1') === 'GGUF' ? null : 'not a GGUF file';
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? String(e);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function localModelAnswerer(cfg: LocalModelConfig, log: Log): ModelAnswerer & { stats(): LocalModelStats; load(): Promise<boolean> } {
  const timeoutMs = cfg.timeoutMs ?? 180_000;
  const maxTokens = cfg.maxTokens ?? 512;
  const stats: LocalModelStats = {};
  let failed = false;
  let closing = false;
  let worker: ChildProcess | null = null;
  let ready: Promise<void> | null = null;
  let nextId = 0;
  const waiting: Job[] = [];
  let running: Job | null = null;

  const problem = unreadable(cfg.path);
  if (problem) fail(`LLM_GGUF_PATH ${cfg.path} cannot be used (${problem})`);

  function fail(why: string) {
    if (!failed) log.error({ path: cfg.path }, `chat: ${why}; the assistant answers with the embedded engine`);
    failed = true;
    for (const job of [...waiting, ...(running ? [running] : [])]) settle(job, new ModelAnswerError('model_unavailable'));
    running = null;
  }

  /** Starts the worker and loads the model (once); rejects when it does not load. */
  function load(): Promise<void> {
    if (ready) return ready;
    ready = new Promise<void>((resolve, reject) => {
      const entry = pathToFileURL(require.resolve('node-llama-cpp')).href;
      const w = spawn(process.execPath, ['-e', WORKER], {
        env: { ...process.env, ONCODESK_LLM_WORKER: JSON.stringify({ entry, path: cfg.path, threads: cfg.threads ?? 0, contextSize: cfg.contextSize ?? 4096 }) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      worker = w;
      // the model's process never keeps the server alive
      w.unref();
      w.channel?.unref();
      w.on('message', (m: WorkerMessage) => {
        if (m.type === 'ready') {
          Object.assign(stats, { loadMs: Math.round(m.loadMs), rssGainBytes: m.rssGainBytes, threads: m.threads, contextSize: m.contextSize });
          log.info({ path: cfg.path, loadMs: stats.loadMs, rssGainMiB: Math.round(m.rssGainBytes / 2 ** 20), threads: m.threads, contextSize: m.contextSize }, 'chat: in-process model loaded');
          resolve();
        } else if (m.type === 'loadError') {
          fail(`the model in LLM_GGUF_PATH ${cfg.path} did not load (${m.message})`);
          reject(new ModelAnswerError('model_unavailable'));
          w.kill();
        } else if (m.type === 'log') {
          const line = { source: 'llama.cpp' };
          if (m.level === 'error' || m.level === 'fatal') log.error(line, m.message);
          else if (m.level === 'warn') log.warn(line, m.message);
          else log.debug(line, m.message);
        } else if (m.type === 'delta') {
          if (running?.id === m.id && !running.settled) running.onDelta?.(m.text);
        } else if (m.type === 'end') {
          const job = running;
          if (!job || job.id !== m.id) return;
          const last = { promptTokens: m.stats.promptTokens, promptMs: Math.round(m.stats.promptMs), outputTokens: m.stats.outputTokens, generationMs: Math.round(m.stats.generationMs), waitedMs: (job.startedAt ?? job.at) - job.at };
          stats.last = last;
          log.info(
            {
              ...last,
              promptTokensPerSecond: last.promptMs ? Math.round((last.promptTokens / last.promptMs) * 1000) : null,
              outputTokensPerSecond: last.generationMs && last.outputTokens > 1 ? Math.round(((last.outputTokens - 1) / last.generationMs) * 10000) / 10 : null,
              stopped: m.aborted,
            },
            'chat: in-process model answer',
          );
          if (m.error) log.warn({ message: m.error }, 'chat: in-process model failed');
          settle(job, m.error ? new ModelAnswerError('model_failed') : null, m.text);
          running = null;
          pump();
        }
      });
      w.on('error', (e) => log.error({ err: e }, 'chat: in-process model worker failed'));
      w.on('exit', (code, signal) => {
        worker = null;
        if (closing) return;
        fail(`the in-process model stopped (exit ${code ?? signal})`);
        reject(new ModelAnswerError('model_unavailable'));
      });
    });
    // a failed load is reported through fail(); nobody else has to observe this promise
    ready.catch(() => {});
    return ready;
  }

  /** Ends a job for its caller once (an answer, a failure, a timeout or a stop). */
  function settle(job: Job, error: unknown, text?: string) {
    if (job.settled) return;
    job.settled = true;
    const at = waiting.indexOf(job);
    if (at >= 0) {
      waiting.splice(at, 1);
      positions();
    }
    // the job still writing is told to stop; it keeps its place until the worker confirms
    if (job === running && error && worker) worker.send({ type: 'abort', id: job.id });
    job.done(error, text);
  }

  /** Tells a question how many answers are ahead of it, when that changed (0: it is being written). */
  function tell(job: Job, position: number) {
    if (position === job.position) return;
    job.position = position;
    job.onQueue?.(position);
  }
  function positions() {
    waiting.forEach((job, i) => tell(job, i + (running ? 1 : 0)));
  }

  function pump() {
    if (running || failed || closing) return;
    const job = waiting.shift();
    if (!job) return;
    running = job;
    job.startedAt = Date.now();
    tell(job, 0);
    positions();
    load().then(
      () => {
        if (running !== job) return;
        if (job.settled) {
          // stopped or timed out while the model was loading
          running = null;
          return pump();
        }
        worker!.send({ type: 'answer', id: job.id, system: job.system, question: job.question, maxTokens });
      },
      () => {},
    );
  }

  return {
    name: path.basename(cfg.path).replace(/\.gguf$/i, ''),
    host: 'in-process',
    local: true,
    available: () => !failed,
    queued: () => waiting.length,
    stats: () => stats,
    /** Loads the model now (a bench, or a test that measures the load); false when it does not load. */
    load: () => (failed ? Promise.resolve(false) : load().then(() => true, () => false)),

    async answer(question, retrieved, lang, opts = {}) {
      if (failed || closing) throw new ModelAnswerError('model_unavailable');
      const { signal } = opts;
      signal?.throwIfAborted();
      const text = await new Promise<string>((resolve, reject) => {
        const onAbort = () => settle(job, signal?.reason ?? new DOMException('This operation was aborted', 'AbortError'));
        const timer = setTimeout(() => settle(job, new ModelAnswerError('model_timeout')), timeoutMs);
        const job: Job = {
          id: ++nextId,
          system: systemPrompt(retrieved, lang),
          question,
          at: Date.now(),
          settled: false,
          position: 0,
          onDelta: opts.onDelta,
          onQueue: opts.onQueue,
          done(error, text) {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            if (error) reject(error);
            else resolve(text ?? '');
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(job);
        positions();
        pump();
      });
      return modelAnswer(text, retrieved);
    },

    async close() {
      closing = true;
      for (const job of [...waiting]) settle(job, new ModelAnswerError('model_unavailable'));
      if (running) settle(running, new ModelAnswerError('model_unavailable'));
      const w = worker;
      if (!w) return;
      const exited = new Promise<void>((resolve) => (w.exitCode !== null || w.signalCode !== null ? resolve() : w.once('exit', () => resolve())));
      if (w.connected) w.send({ type: 'close' });
      // llama.cpp stops between tokens, then the worker frees the model and exits; ended by force only
      // if it hangs (a forced end while a token is evaluated can abort the process: hence the long wait)
      const timer = setTimeout(() => w.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

type WorkerMessage =
  | { type: 'ready'; loadMs: number; rssGainBytes: number; threads: number; contextSize: number }
  | { type: 'loadError'; message: string }
  | { type: 'log'; level: string; message: string }
  | { type: 'delta'; id: number; text: string }
  | {
      type: 'end';
      id: number;
      text?: string;
      error?: string;
      aborted: boolean;
      stats: { promptTokens: number; promptMs: number; outputTokens: number; generationMs: number };
    };

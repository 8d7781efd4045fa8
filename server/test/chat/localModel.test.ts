/**
 * The in-process model (LLM_GGUF_PATH, node-llama-cpp). No weights may be committed or downloaded, so
 * the test writes a tiny LLaMA model with random weights (tinyGguf.ts) and runs it for real with
 * llama.cpp's prebuilt CPU binary: nothing is mocked. Its answers are gibberish, which is the point: the
 * test proves the file loads, the numbered sources are read, words stream, a stop and a timeout end the
 * writing, questions queue one at a time, an answer that cites nothing is dropped for the sources' own,
 * and a file that cannot be loaded leaves the embedded engine answering. It prints what it measured.
 * @database-independent: the model's loading and writing, not what is stored, so the PostgreSQL lane does not run it
 * again (scripts/test.mjs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ChatSettings, PostMessageResponse } from '@oncodesk/shared/contracts';
import { localModelAnswerer } from '../../src/chat/localModel';
import { ModelAnswerError } from '../../src/chat/model';
import type { Answer } from '../../src/chat/engine';
import { loadConfig } from '../../src/config/env';
import { signUp, startTestApp, type TestApp } from '../support/app';
import { trial } from '../trials/helpers';
import { tinyGguf } from './tinyGguf';

jest.setTimeout(120_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-gguf-'));
const modelPath = path.join(dir, 'tiny-random-llama.gguf');
const written = tinyGguf(modelPath);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A log that remembers its lines (the answerer's operator messages are part of its behaviour). */
function memoryLog() {
  const lines: Array<{ level: string; msg: string; obj: Record<string, unknown> }> = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) => void lines.push({ level, msg, obj });
  return { lines, info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') } as unknown as Parameters<typeof localModelAnswerer>[1] & { lines: typeof lines };
}

const retrieved: Answer = {
  content: 'NCT01000002 requires ECOG performance status 0-1 [1].\nThe patient has ECOG 1 [2].',
  citations: [
    { kind: 'trial', id: 'NCT01000002', label: 'NCT01000002 · A lung trial' },
    { kind: 'patient', id: 'p1', label: 'Model chat' },
  ],
};
const rejection = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);
const until = async (ok: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('in-process model: a tiny random-weight GGUF run by node-llama-cpp', () => {
  const log = memoryLog();
  // one thread: on this shared 2-core machine llama.cpp's threads would wait on each other
  const model = localModelAnswerer({ path: modelPath, threads: 1, contextSize: 4096, maxTokens: 200, timeoutMs: 60_000 }, log);
  afterAll(() => model.close());

  it('loads the file, reads the numbered sources, streams its words, and drops an answer that cites nothing', async () => {
    const rss0 = process.memoryUsage().rss;
    expect(await model.load()).toBe(true);
    const deltas: string[] = [];
    const t0 = Date.now();
    const e = await rejection(model.answer('Why does this trial match?', retrieved, 'en', { onDelta: (d) => deltas.push(d) }));
    const ms = Date.now() - t0;
    // gibberish: no [n] citation, so the server would give the sources' own answer
    expect(e).toBeInstanceOf(ModelAnswerError);
    expect((e as ModelAnswerError).code).toBe('model_uncited');
    expect(deltas.length).toBeGreaterThan(5);
    const s = model.stats();
    // the system prompt with both numbered sources was read (the vocabulary has ~1 token per character)
    expect(s.last!.promptTokens).toBeGreaterThan(400);
    expect(s.last!.outputTokens).toBe(200);
    expect(s.threads).toBe(1);
    expect(log.lines.find((l) => l.msg === 'chat: in-process model loaded')).toBeTruthy();
    expect(log.lines.find((l) => l.msg === 'chat: in-process model answer')!.obj).toMatchObject({ promptTokens: s.last!.promptTokens, outputTokens: 200 });
    process.stdout.write(
      `\n[tiny GGUF: ${(written.bytes / 1024).toFixed(0)} KiB, ${written.parameters} parameters, vocabulary ${written.vocab}, 1 thread]` +
        ` load ${s.loadMs} ms (worker + node-llama-cpp + model), process RSS +${Math.round(s.rssGainBytes! / 2 ** 20)} MiB while loading` +
        ` (${Math.round((process.memoryUsage().rss - rss0) / 2 ** 20)} MiB after the first answer);` +
        ` prompt ${s.last!.promptTokens} tokens in ${s.last!.promptMs} ms (${Math.round((s.last!.promptTokens / Math.max(1, s.last!.promptMs)) * 1000)} tokens/s);` +
        ` ${s.last!.outputTokens} tokens generated in ${s.last!.generationMs} ms (${Math.round(((s.last!.outputTokens - 1) / Math.max(1, s.last!.generationMs)) * 1000)} tokens/s); answer ${ms} ms\n`,
    );
  });

  it('the stop button ends the writing: the answer is abandoned and llama.cpp stops generating', async () => {
    const long = localModelAnswerer({ path: modelPath, threads: 1, maxTokens: 3000 }, memoryLog());
    try {
      expect(await long.load()).toBe(true);
      const abort = new AbortController();
      let deltas = 0;
      const t0 = Date.now();
      const e = await rejection(
        long.answer('Why?', retrieved, 'en', {
          signal: abort.signal,
          onDelta: () => {
            if (++deltas === 3) abort.abort();
          },
        }),
      );
      expect((e as Error).name).toBe('AbortError');
      // the worker confirms it stopped well before the 3,000 tokens it was allowed
      await until(() => long.stats().last !== undefined);
      expect(long.stats().last!.outputTokens).toBeLessThan(3000);
      expect(Date.now() - t0).toBeLessThan(30_000);
      // a question asked after a stop is written (the slot was given back)
      const next = new AbortController();
      let streamed = 0;
      const e2 = await rejection(long.answer('Why?', retrieved, 'en', { signal: next.signal, onDelta: () => ++streamed === 1 && next.abort() }));
      expect((e2 as Error).name).toBe('AbortError');
      expect(streamed).toBeGreaterThan(0);
    } finally {
      await long.close();
    }
  });

  it('LLM_TIMEOUT_MS: an answer taking too long is given up and its writing stopped', async () => {
    const slow = localModelAnswerer({ path: modelPath, threads: 1, maxTokens: 3000, timeoutMs: 300 }, memoryLog());
    try {
      expect(await slow.load()).toBe(true);
      const t0 = Date.now();
      const e = await rejection(slow.answer('Why?', retrieved, 'en'));
      expect((e as ModelAnswerError).code).toBe('model_timeout');
      expect(Date.now() - t0).toBeLessThan(2000);
      await until(() => slow.stats().last !== undefined);
      expect(slow.stats().last!.outputTokens).toBeLessThan(3000);
    } finally {
      await slow.close();
    }
  });

  it('closing the app releases the model, even mid-answer: the answer falls back and nothing more is asked of it', async () => {
    const closing = localModelAnswerer({ path: modelPath, threads: 1, maxTokens: 3000 }, memoryLog());
    expect(await closing.load()).toBe(true);
    let first!: () => void;
    const streaming = new Promise<void>((r) => (first = r));
    const answer = rejection(closing.answer('Why?', retrieved, 'en', { onDelta: () => first() }));
    await streaming;
    const t0 = Date.now();
    await closing.close();
    // the worker disposed of llama.cpp and exited by itself (a worker that hangs is ended after 5 s)
    expect(Date.now() - t0).toBeLessThan(4000);
    expect(((await answer) as ModelAnswerError).code).toBe('model_unavailable');
    expect(((await rejection(closing.answer('Why?', retrieved, 'en'))) as ModelAnswerError).code).toBe('model_unavailable');
  });

  it('questions queue: one answer at a time, in order; each learns its place; one stopped while waiting leaves the queue', async () => {
    const events: string[] = [];
    const ask = (name: string, signal?: AbortSignal) =>
      rejection(
        model.answer('Why does this trial match?', retrieved, 'en', {
          signal,
          onQueue: (p) => events.push(`${name}:queued ${p}`),
          onDelta: () => {
            if (events.at(-1) !== `${name}:delta`) events.push(`${name}:delta`);
          },
        }),
      ).then((e) => events.push(`${name}:end ${e instanceof ModelAnswerError ? e.code : (e as Error).name}`));
    const stopB = new AbortController();
    const a = ask('A');
    const b = ask('B', stopB.signal);
    const c = ask('C');
    expect(model.queued()).toBe(2);
    expect(events).toEqual(['B:queued 1', 'C:queued 2']);
    stopB.abort();
    await b;
    expect(model.queued()).toBe(1);
    await Promise.all([a, c]);
    expect(model.queued()).toBe(0);
    expect(events).toEqual(['B:queued 1', 'C:queued 2', 'C:queued 1', 'B:end AbortError', 'A:delta', 'C:queued 0', 'A:end model_uncited', 'C:delta', 'C:end model_uncited']);
  });
});

describe('in-process model: a file that cannot be loaded leaves the embedded engine answering', () => {
  it.each([
    ['missing', () => path.join(dir, 'nope.gguf'), /cannot be used \(ENOENT\)/],
    ['not a GGUF file', () => __filename, /cannot be used \(not a GGUF file\)/],
  ])('%s: refused before anything starts, with a clear log line', async (_what, file, line) => {
    const log = memoryLog();
    const m = localModelAnswerer({ path: file() }, log);
    expect(m.available()).toBe(false);
    expect(((await rejection(m.answer('Why?', retrieved, 'en'))) as ModelAnswerError).code).toBe('model_unavailable');
    expect(log.lines.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual([expect.stringMatching(line)]);
    await m.close();
  });

  it('a corrupt GGUF (cut short): the first question finds out, falls back, and the model is not tried again', async () => {
    const cut = path.join(dir, 'cut.gguf');
    fs.writeFileSync(cut, fs.readFileSync(modelPath).subarray(0, 200_000));
    const log = memoryLog();
    const m = localModelAnswerer({ path: cut, threads: 1 }, log);
    expect(m.available()).toBe(true);
    expect(((await rejection(m.answer('Why?', retrieved, 'en'))) as ModelAnswerError).code).toBe('model_unavailable');
    expect(m.available()).toBe(false);
    expect(log.lines.filter((l) => l.level === 'error').map((l) => l.msg)).toContainEqual(expect.stringMatching(/did not load/));
    expect(((await rejection(m.answer('Why?', retrieved, 'en'))) as ModelAnswerError).code).toBe('model_unavailable');
    await m.close();
  });

  it('an endpoint and a GGUF file together are refused at start', () => {
    expect(() => loadConfig({ DATA_DIR: dir, LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'm', LLM_GGUF_PATH: modelPath })).toThrow(/LLM_BASE_URL and LLM_GGUF_PATH are both set/);
    expect(loadConfig({ DATA_DIR: dir, LLM_GGUF_PATH: modelPath, LLM_THREADS: '1' }).localLlm).toEqual({ path: modelPath, threads: 1, contextSize: 4096, timeoutMs: 180000 });
    expect(loadConfig({ DATA_DIR: dir, LLM_GGUF_PATH: modelPath, LLM_TIMEOUT_MS: '5000' }).localLlm).toMatchObject({ timeoutMs: 5000, threads: 0 });
    expect(loadConfig({ DATA_DIR: dir, LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'm' }).llm).toMatchObject({ timeoutMs: 60000 });
  });
});

describe('the assistant with LLM_GGUF_PATH set (through the HTTP routes)', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let chatId: string;
  async function start(file: string) {
    const app = await startTestApp({}, { env: { LLM_GGUF_PATH: file, LLM_THREADS: '1' } });
    (app.app as unknown as { trialStore: { engine: { load(x: unknown[]): void } } }).trialStore.engine.load([trial('NCT01000002', 'Inclusion Criteria:\n- ECOG performance status 0-1\n- Non-small cell lung cancer', { briefTitle: 'A lung trial' })]);
    const user = await signUp(app.app);
    const folder = (await app.app.inject({ method: 'POST', url: '/api/patients', headers: user.auth, payload: { name: 'Local model chat', focusArea: 'lung' } })).json().id;
    for (const [questionId, value] of [['diagnosis.lung', 'LUAD'], ['age', 61], ['gender', 'female'], ['ecog', '1'], ['metastatic', 'yes']] as const)
      await app.app.inject({ method: 'POST', url: '/api/survey/answer', headers: user.auth, payload: { patientId: folder, focusArea: 'lung', questionId, value } });
    const chat = (await app.app.inject({ method: 'POST', url: '/api/chat/', headers: user.auth, payload: { patientId: folder, context: { trialId: 'NCT01000002' } } })).json().id;
    return { app, user, chat };
  }
  beforeAll(async () => {
    ({ app: t, user: alice, chat: chatId } = await start(modelPath));
  });
  afterAll(() => t.close());
  const events = (body: string) => body.trim().split('\n\n').map((b) => ({ event: /^event: (\w+)/.exec(b)![1], data: JSON.parse(/\ndata: (.*)$/s.exec(b)![1]) }));
  const stream = () => t.app.inject({ method: 'POST', url: '/api/chat/message/stream', headers: alice.auth, payload: { chatId, content: 'Why does this trial match?' } });

  it('the settings say the model runs in-process: the patient data stays on this server', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/chat/settings', headers: alice.auth });
    expect(ChatSettings.parse(r.json())).toEqual({ engine: 'model', model: { name: 'tiny-random-llama', host: 'in-process', local: true, queued: 0 } });
  });

  it('the gibberish streams, cites nothing, and is replaced by the sources’ own answer', async () => {
    const all = events((await stream()).body);
    const deltas = all.filter((e) => e.event === 'delta').map((e) => e.data.text as string);
    expect(deltas.length).toBeGreaterThan(3);
    // the model's words first, then the embedded answer after the drop
    expect(deltas.join('')).toMatch(/\n\n.*NCT01000002/s);
    expect(all.at(-1)).toMatchObject({ event: 'done', data: { engine: 'embedded' } });
    const done = all.at(-1)!.data;
    expect(done.citations[0]).toMatchObject({ kind: 'trial', id: 'NCT01000002' });

    const m = PostMessageResponse.parse((await t.app.inject({ method: 'POST', url: '/api/chat/message', headers: alice.auth, payload: { chatId, content: 'Why does this trial match?' } })).json()).message;
    expect(m).toMatchObject({ engine: 'embedded' });
    expect(m.content).toMatch(/NCT01000002/);
    expect(m.failed).toBeUndefined();
  });

  it('two questions at once: one is written while the other waits (a `queued` event), then it is', async () => {
    const [r1, r2] = await Promise.all([stream(), stream()]);
    const [e1, e2] = [events(r1.body), events(r2.body)];
    const queued = [e1, e2].map((e) => e.filter((x) => x.event === 'queued').map((x) => x.data.position));
    expect(queued.sort()).toEqual([[], [1, 0]]);
    for (const e of [e1, e2]) expect(e.at(-1)).toMatchObject({ event: 'done', data: { engine: 'embedded' } });
  });

  it('a missing model file: the server starts, says nothing about a model, and the embedded engine answers', async () => {
    const other = await start(path.join(dir, 'nope.gguf'));
    try {
      expect((await other.app.app.inject({ method: 'GET', url: '/api/chat/settings', headers: other.user.auth })).json()).toEqual({ engine: 'embedded', model: null });
      const r = await other.app.app.inject({ method: 'POST', url: '/api/chat/message', headers: other.user.auth, payload: { chatId: other.chat, content: 'Why does this trial match?' } });
      expect(r.statusCode).toBe(200);
      expect(PostMessageResponse.parse(r.json()).message).toMatchObject({ engine: 'embedded', content: expect.stringMatching(/NCT01000002/) });
    } finally {
      await other.app.close();
    }
  });
});

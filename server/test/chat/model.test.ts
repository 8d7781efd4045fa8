/**
 * The optional model path. A hosted or local language model cannot run here, so a small OpenAI-compatible
 * server started by this test stands in for it (POST /v1/chat/completions, streamed chunks as the real
 * API sends them). It checks what the server does with the model's answer: streamed to the client, kept
 * only when every citation names a source it was given and at least one is cited, and replaced by the
 * sources' own answer when the model cites nothing, cites a source it was not given, times out or
 * answers garbage. Patient data goes to the configured endpoint only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PostMessageResponse } from '@oncodesk/shared/contracts';
import { signUp, startTestApp, type TestApp } from '../support/app';
import { trial } from '../trials/helpers';

jest.setTimeout(120_000);

type Mode = 'cited' | 'uncited' | 'bad_citation' | 'garbage' | 'slow' | 'error';
let mode: Mode = 'cited';
const received: Array<{ model: string; system: string; user: string }> = [];

function modelServer(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const r = JSON.parse(body) as { model: string; messages: Array<{ role: string; content: string }> };
      received.push({ model: r.model, system: r.messages[0].content, user: r.messages[1].content });
      if (mode === 'error') return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
      if (mode === 'slow') return void setTimeout(() => res.end(), 5000);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (mode === 'garbage') return res.end('data: {not json at all\n\n');
      const text = { cited: 'The trial requires ECOG 0-1 [2]; this patient has ECOG 1 [1].', uncited: 'Looks fine to me.', bad_citation: 'It needs ECOG 0-1 [7].' }[mode];
      for (const piece of text.match(/.{1,12}/g)!) res.write(`data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: r.model, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`);
      res.write(`data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: r.model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('assistant with a configured model (OpenAI-compatible endpoint)', () => {
  let t: TestApp;
  let server: http.Server;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let chatId: string;
  beforeAll(async () => {
    server = await modelServer();
    const { port } = server.address() as AddressInfo;
    t = await startTestApp({ llm: { baseUrl: `http://127.0.0.1:${port}/v1`, model: 'test-model', timeoutMs: 1500 } });
    (t.app as unknown as { trialStore: { engine: { load(x: unknown[]): void } } }).trialStore.engine.load([trial('NCT01000002', 'Inclusion Criteria:\n- ECOG performance status 0-1\n- Non-small cell lung cancer', { briefTitle: 'A lung trial' })]);
    alice = await signUp(t.app);
    const folder = (await t.app.inject({ method: 'POST', url: '/api/patients', headers: alice.auth, payload: { name: 'Model chat', focusArea: 'lung' } })).json().id;
    for (const [questionId, value] of [['diagnosis.lung', 'LUAD'], ['age', 61], ['gender', 'female'], ['ecog', '1'], ['metastatic', 'yes']] as const)
      await t.app.inject({ method: 'POST', url: '/api/survey/answer', headers: alice.auth, payload: { patientId: folder, focusArea: 'lung', questionId, value } });
    chatId = (await t.app.inject({ method: 'POST', url: '/api/chat/', headers: alice.auth, payload: { patientId: folder, context: { trialId: 'NCT01000002' } } })).json().id;
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });
  const ask = async () => PostMessageResponse.parse((await t.app.inject({ method: 'POST', url: '/api/chat/message', headers: alice.auth, payload: { chatId, content: 'Why does this trial match?' } })).json()).message;

  it('the settings say which model answers and where the patient data goes', async () => {
    const { port } = server.address() as AddressInfo;
    expect((await t.app.inject({ method: 'GET', url: '/api/chat/settings', headers: alice.auth })).json()).toEqual({ engine: 'model', model: { name: 'test-model', host: `127.0.0.1:${port}`, local: false } });
  });

  it('keeps a cited answer: the model saw the numbered sources and was told to answer only from them', async () => {
    mode = 'cited';
    received.length = 0;
    const m = await ask();
    expect(m).toMatchObject({ engine: 'model', content: 'The trial requires ECOG 0-1 [2]; this patient has ECOG 1 [1].' });
    expect(m.citations[0]).toMatchObject({ kind: 'trial', id: 'NCT01000002' });
    expect(received[0].model).toBe('test-model');
    expect(received[0].system).toMatch(/Answer ONLY from the numbered sources/);
    expect(received[0].system).toMatch(/\[1\] \(trial\) NCT01000002/);
    expect(received[0].system).toMatch(/ECOG performance status 0-1/);
  });

  it('a question no template knows reaches the model with the sources retrieval found, to answer in the question’s language', async () => {
    mode = 'cited';
    received.length = 0;
    const r = await t.app.inject({ method: 'POST', url: '/api/chat/message', headers: alice.auth, payload: { chatId, content: '¿qué estado funcional ECOG exige?' } });
    const m = PostMessageResponse.parse(r.json()).message;
    expect(m.engine).toBe('model');
    expect(received[0].user).toBe('¿qué estado funcional ECOG exige?');
    expect(received[0].system).toMatch(/Answer in Spanish/);
    // the same sources the embedded answer cites: the trial in focus and its ECOG sentence
    expect(received[0].system).toMatch(/\[1\] \(trial\) NCT01000002/);
    expect(received[0].system).toMatch(/ECOG performance status 0-1/);
  });

  it.each([
    ['uncited', 'cites nothing'],
    ['bad_citation', 'cites a source it was not given'],
    ['garbage', 'answers garbage'],
    ['slow', 'times out'],
    ['error', 'fails (HTTP 500)'],
  ] as const)('when the model %s (%s) the sources’ own answer stands', async (m, _what) => {
    mode = m;
    const answer = await ask();
    expect(answer.engine).toBe('embedded');
    expect(answer.content).toMatch(/NCT01000002/);
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.failed).toBeUndefined();
  });

  it('streams the model’s words as they come', async () => {
    mode = 'cited';
    const r = await t.app.inject({ method: 'POST', url: '/api/chat/message/stream', headers: alice.auth, payload: { chatId, content: 'Why does this trial match?' } });
    const events = r.body.trim().split('\n\n').map((b) => ({ event: /^event: (\w+)/.exec(b)![1], data: JSON.parse(/\ndata: (.*)$/s.exec(b)![1]) }));
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((d) => d.data.text).join('')).toBe('The trial requires ECOG 0-1 [2]; this patient has ECOG 1 [1].');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { engine: 'model' } });
  });
});

/**
 * The chat API as a clinician's browser uses it: conversations per patient (created, listed, renamed,
 * deleted, only the owner's), questions and cited answers, feedback (a category is required), the
 * "useful" marker, editing a question and regenerating an answer, the streamed variant, bad input.
 */
import { ChatHistoryResponse, PostMessageResponse } from '@oncodesk/shared/contracts';
import { signUp, startTestApp, type TestApp } from '../support/app';
import { trial } from '../trials/helpers';

jest.setTimeout(120_000);

describe('chat routes', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;
  let folder: string;
  beforeAll(async () => {
    t = await startTestApp();
    (t.app as unknown as { trialStore: { engine: { load(x: unknown[]): void } } }).trialStore.engine.load([
      trial('NCT01000001', 'Inclusion Criteria:\n- Histologically confirmed non-small cell lung cancer\n- ECOG performance status 0-1\nExclusion Criteria:\n- Prior treatment with osimertinib', { briefTitle: 'Osimertinib after first-generation EGFR TKI', phases: ['2'] }),
    ]);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    folder = (await t.app.inject({ method: 'POST', url: '/api/patients', headers: alice.auth, payload: { name: 'Lung chat', focusArea: 'lung' } })).json().id;
    for (const [questionId, value] of [['diagnosis.lung', 'LUAD'], ['age', 61], ['gender', 'female'], ['ecog', '1'], ['metastatic', 'yes']] as const)
      await t.app.inject({ method: 'POST', url: '/api/survey/answer', headers: alice.auth, payload: { patientId: folder, focusArea: 'lung', questionId, value } });
  });
  afterAll(() => t.close());
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, who = alice, lang = 'en') => t.app.inject({ method, url, headers: { ...who.auth, 'accept-language': lang }, ...(payload ? { payload } : {}) });

  it('a conversation opened on a trial answers why it matches, criterion by criterion, with sources; history survives', async () => {
    const chat = await call('POST', '/api/chat/', { patientId: folder, context: { trialId: 'NCT01000001' } });
    expect(chat.statusCode).toBe(201);
    expect(chat.json()).toMatchObject({ patientId: folder, title: 'Lung chat · NCT01000001', context: { trialId: 'NCT01000001' } });
    const r = await call('POST', '/api/chat/message', { chatId: chat.json().id, content: 'Why does this trial match?' });
    expect(r.statusCode).toBe(200);
    const { userMessage, message } = PostMessageResponse.parse(r.json());
    expect(userMessage).toMatchObject({ role: 'user', content: 'Why does this trial match?' });
    expect(message).toMatchObject({ role: 'assistant', engine: 'embedded', qualified: false, feedback: null });
    expect(message.content).toMatch(/NCT01000001/);
    expect(message.content).toMatch(/ECOG performance status 0-1/);
    expect(message.citations).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'trial', id: 'NCT01000001' }), expect.objectContaining({ kind: 'criterion', trialId: 'NCT01000001' })]));
    const history = ChatHistoryResponse.parse((await call('GET', `/api/chat/history?chatId=${chat.json().id}`)).json());
    expect(history.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    // listed by patient, not visible to another user
    expect((await call('GET', `/api/chat/?patient_id=${folder}`)).json().chats.map((c: { id: string }) => c.id)).toContain(chat.json().id);
    expect((await call('GET', `/api/chat/history?chatId=${chat.json().id}`, undefined, bob)).statusCode).toBe(404);
    expect((await call('POST', '/api/chat/message', { chatId: chat.json().id, content: 'hello' }, bob)).statusCode).toBe(404);
    expect((await call('POST', '/api/chat/', { patientId: folder }, bob)).statusCode).toBe(404);
  });

  it('answers in the interface language and declines what the sources do not hold', async () => {
    const chat = (await call('POST', '/api/chat/', { patientId: folder }, alice, 'it')).json();
    const r = PostMessageResponse.parse((await call('POST', '/api/chat/message', { chatId: chat.id, content: 'Qual è la dose di carboplatino?' }, alice, 'it')).json());
    expect(r.message).toMatchObject({ declined: true, citations: [] });
    expect(r.message.content).toMatch(/^Non posso rispondere/);
  });

  it('a follow-up keeps the trial last discussed, and a question in another language is answered in it', async () => {
    const chat = (await call('POST', '/api/chat/', { patientId: folder })).json();
    const first = PostMessageResponse.parse((await call('POST', '/api/chat/message', { chatId: chat.id, content: 'What phase is NCT01000001?' })).json());
    expect(first.message.content).toMatch(/NCT01000001 is a phase 2 study/);
    // the interface is English; the question is Spanish and names no trial
    const next = PostMessageResponse.parse((await call('POST', '/api/chat/message', { chatId: chat.id, content: '¿Y sus criterios de exclusión?' })).json());
    expect(next.message.content).toMatch(/^Criterios de exclusión de NCT01000001:/);
    expect(next.message.content).toMatch(/Prior treatment with osimertinib/);
    expect(next.message.citations[0]).toMatchObject({ kind: 'trial', id: 'NCT01000001' });
    // regenerating the follow-up answers it in the same conversation context
    const again = PostMessageResponse.parse((await call('PATCH', '/api/chat/message', { messageId: next.message.id })).json());
    expect(again.message.content).toMatch(/^Criterios de exclusión de NCT01000001:/);
  });

  it('feedback needs a category (translated message); the useful marker toggles; both are stored', async () => {
    const chat = (await call('POST', '/api/chat/', { patientId: folder })).json();
    const { message, userMessage } = PostMessageResponse.parse((await call('POST', '/api/chat/message', { chatId: chat.id, content: 'What phase is NCT01000001?' })).json());
    const missing = await call('POST', '/api/chat/message/feedback', { messageId: message.id, text: 'wrong' }, alice, 'es');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields[0]).toMatchObject({ path: 'category', code: 'feedback_category_required', message: 'Seleccione una categoría para su comentario' });
    expect((await call('POST', '/api/chat/message/feedback', { messageId: message.id, category: 'wrong' })).statusCode).toBe(400);
    const fb = await call('POST', '/api/chat/message/feedback', { messageId: message.id, category: 'incorrect', text: 'Phase is 2/3' });
    expect(fb.json()).toMatchObject({ feedback: { category: 'incorrect', text: 'Phase is 2/3' } });
    expect((await call('POST', '/api/chat/message/feedback', { messageId: userMessage.id, category: 'incorrect' })).statusCode).toBe(400);
    expect((await call('POST', '/api/chat/message/qualify', { messageId: message.id })).json().qualified).toBe(true);
    expect((await call('DELETE', '/api/chat/message/qualify', { messageId: message.id })).json().qualified).toBe(false);
    await call('POST', '/api/chat/message/qualify', { messageId: message.id });
    const stored = ChatHistoryResponse.parse((await call('GET', `/api/chat/history?chatId=${chat.id}`)).json()).messages[1];
    expect(stored).toMatchObject({ qualified: true, feedback: { category: 'incorrect' } });
    expect((await call('POST', '/api/chat/message/qualify', { messageId: message.id }, bob)).statusCode).toBe(404);
  });

  it('editing a question writes its answer again in place; regenerating keeps the question', async () => {
    const chat = (await call('POST', '/api/chat/', { patientId: folder })).json();
    const first = PostMessageResponse.parse((await call('POST', '/api/chat/message', { chatId: chat.id, content: 'What phase is NCT01000001?' })).json());
    const edited = PostMessageResponse.parse((await call('PATCH', '/api/chat/message', { messageId: first.userMessage.id, content: 'What are the exclusion criteria of NCT01000001?' })).json());
    expect(edited.userMessage).toMatchObject({ id: first.userMessage.id, content: 'What are the exclusion criteria of NCT01000001?', editedAt: expect.any(String) });
    expect(edited.message.id).toBe(first.message.id);
    expect(edited.message.content).toMatch(/Exclusion criteria of NCT01000001/);
    const again = PostMessageResponse.parse((await call('PATCH', '/api/chat/message', { messageId: first.message.id })).json());
    expect(again.message.content).toBe(edited.message.content);
    expect((await call('PATCH', '/api/chat/message', { messageId: first.message.id, content: 'rewrite the answer' })).statusCode).toBe(400);
    const history = ChatHistoryResponse.parse((await call('GET', `/api/chat/history?chatId=${chat.id}`)).json());
    expect(history.messages).toHaveLength(2);
  });

  it('streams an answer as server-sent events: the stored question, the text, the stored answer', async () => {
    const chat = (await call('POST', '/api/chat/', { patientId: folder })).json();
    const r = await call('POST', '/api/chat/message/stream', { chatId: chat.id, content: 'Who is the sponsor of NCT01000001?' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/event-stream/);
    const events = r.body.trim().split('\n\n').map((b) => ({ event: /^event: (\w+)/.exec(b)![1], data: JSON.parse(/\ndata: (.*)$/s.exec(b)![1]) }));
    expect(events.map((e) => e.event)).toEqual(['user', 'delta', 'done']);
    expect(events[2].data).toMatchObject({ role: 'assistant', citations: [expect.objectContaining({ kind: 'trial', id: 'NCT01000001' })] });
  });

  it('renames and deletes a conversation; bad input is a 4xx with a code and changes nothing', async () => {
    const chat = (await call('POST', '/api/chat/', { patientId: folder })).json();
    expect((await call('PATCH', '/api/chat/', { chatId: chat.id, title: 'EGFR questions' })).json().title).toBe('EGFR questions');
    expect((await call('POST', '/api/chat/message', { chatId: chat.id, content: '   ' })).json().error.fields[0]).toMatchObject({ path: 'content', code: 'required' });
    expect((await call('POST', '/api/chat/message', { chatId: chat.id, content: 'x'.repeat(2001) })).json().error.fields[0].code).toBe('too_long');
    expect((await call('POST', '/api/chat/message', { chatId: 'not-a-uuid', content: 'hi' })).json().error.fields[0]).toMatchObject({ path: 'chatId', code: 'not_found' });
    // an option is one patient's: a conversation on one needs the patient
    expect((await call('POST', '/api/chat/', { context: { recommendationId: 'egfr-osimertinib' } })).statusCode).toBe(400);
    expect((await call('DELETE', '/api/chat/', { chatId: chat.id }, bob)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/chat/', { chatId: chat.id })).statusCode).toBe(204);
    expect((await call('GET', `/api/chat/history?chatId=${chat.id}`)).statusCode).toBe(404);
    // a trial is catalogue data: a conversation opened on one needs no patient, and a bare follow-up asks about it
    const onTrial = await call('POST', '/api/chat/', { context: { trialId: 'NCT01000001' } });
    expect(onTrial.statusCode).toBe(201);
    const phase = (await call('POST', '/api/chat/message', { chatId: onTrial.json().id, content: 'phase?' })).json().message;
    expect(phase.declined).toBeFalsy();
    expect(phase.citations).toEqual([expect.objectContaining({ kind: 'trial', id: 'NCT01000001' })]);
    // a general conversation (no folder) works too
    const general = await call('POST', '/api/chat/', {});
    expect(general.json()).toMatchObject({ patientId: null, title: 'New conversation' });
    await call('POST', '/api/chat/message', { chatId: general.json().id, content: 'What phase is NCT01000001?' });
    expect((await call('GET', `/api/chat/history?chatId=${general.json().id}`)).json().chat.title).toBe('What phase is NCT01000001?');
    expect((await call('GET', '/api/chat/settings')).json()).toEqual({ engine: 'embedded', model: null });
  });
});

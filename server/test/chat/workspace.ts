/**
 * The world the assistant's question set is asked in: a server with the shared trials loaded and the
 * demo workspace built (the lung EGFR, colon BRAF/MSI-high and breast mCODE patients, their reports read
 * and accepted, a global search each), signed in as the demo clinician. Shared by the test and bench:chat.
 */
import type { ChatMessage, PatientFolder } from '@oncodesk/shared/contracts';
import { demoCredentials } from '../../src/demo/seed';
import { startTestApp, type TestApp } from '../support/app';
import { sharedTrialsImport } from '../support/compiledTrials';

export interface ChatWorld {
  t: TestApp;
  auth: Record<string, string>;
  folders: Record<'lung' | 'colon' | 'breast', PatientFolder>;
  /** Asks in a new conversation (opened on `context` / `trialId`), after the `before` questions of the same conversation. */
  ask(folder: 'lung' | 'colon' | 'breast' | null, question: string, opts?: { trialId?: string; context?: { trialId?: string; recommendationId?: string }; lang?: 'en' | 'es' | 'it'; before?: string[] }): Promise<{ message: ChatMessage; ms: number; cpuMs: number }>;
}

export async function chatWorld(): Promise<ChatWorld> {
  const t = await startTestApp({ demoAccount: true, demoWorkspace: true });
  const store = (t.app as unknown as { trialStore: { engine: { load(trials: unknown[]): void } } }).trialStore;
  // compiled once for the whole suite (and bench:chat), not once per use: test/support/compiledTrials.ts
  store.engine.load(sharedTrialsImport().trials);
  await (t.app as unknown as { demo: { reset(): Promise<boolean> } }).demo.reset();
  const signin = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: demoCredentials });
  const auth = { authorization: `Bearer ${signin.json().jwt}` };
  const list = (await t.app.inject({ method: 'GET', url: '/api/patients', headers: auth })).json().patients as PatientFolder[];
  const folders = Object.fromEntries(list.map((f) => [f.focusArea, f])) as ChatWorld['folders'];
  return {
    t,
    auth,
    folders,
    async ask(folder, question, opts = {}) {
      const headers = { ...auth, 'accept-language': opts.lang ?? 'en' };
      const context = opts.context ?? (opts.trialId ? { trialId: opts.trialId } : {});
      const chat = await t.app.inject({ method: 'POST', url: '/api/chat/', headers, payload: folder ? { patientId: folders[folder].id, context } : { context } });
      if (chat.statusCode !== 201) throw new Error(`chat: ${chat.statusCode} ${chat.body}`);
      for (const b of opts.before ?? []) {
        const r = await t.app.inject({ method: 'POST', url: '/api/chat/message', headers, payload: { chatId: chat.json().id, content: b } });
        if (r.statusCode !== 200) throw new Error(`message: ${r.statusCode} ${r.body}`);
      }
      const t0 = performance.now();
      // the process's CPU time over the answer: what the answer costs, however loaded the machine is
      const cpu0 = process.cpuUsage();
      const r = await t.app.inject({ method: 'POST', url: '/api/chat/message', headers, payload: { chatId: chat.json().id, content: question } });
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      if (r.statusCode !== 200) throw new Error(`message: ${r.statusCode} ${r.body}`);
      return { message: r.json().message as ChatMessage, ms, cpuMs: (cpu.user + cpu.system) / 1000 };
    },
  };
}

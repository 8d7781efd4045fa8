/**
 * The question set against the embedded engine, through the API, over the shared trials and the demo
 * workspace: at least 90% answered right with the right citations, every unanswerable one declined
 * (bench:chat reports the same with latencies).
 * @database-independent: what it checks is the answers, not what is stored (the same storage calls as the chat's
 * route tests), so the PostgreSQL lane does not run it again (scripts/test.mjs).
 */
import { QUESTIONS } from './questions';
import { judge } from './score';
import { chatWorld, type ChatWorld } from './workspace';

jest.setTimeout(300_000);

describe('assistant question set (embedded engine)', () => {
  let w: ChatWorld;
  beforeAll(async () => {
    w = await chatWorld();
  });
  afterAll(() => w.t.close());

  it('answers ≥ 90% right and cited, declines every unanswerable question, in the language asked', async () => {
    const failures: string[] = [];
    let right = 0;
    for (const q of QUESTIONS) {
      const { message } = await w.ask(q.folder, q.q, { trialId: q.trialId, lang: q.lang });
      const j = judge(q, message);
      if (j.ok) right++;
      else failures.push(`${q.id}: ${j.why}`);
      // every answered claim has its sources; a declined one invents none
      if (message.declined) expect(message.citations).toEqual([]);
      else expect(message.citations.length).toBeGreaterThan(0);
    }
    const unanswerable = QUESTIONS.filter((q) => q.unanswerable);
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(80);
    expect(unanswerable.length).toBeGreaterThanOrEqual(15);
    expect(failures.filter((f) => unanswerable.some((q) => f.startsWith(`${q.id}:`)))).toEqual([]);
    expect({ share: right / QUESTIONS.length, failures }).toEqual({ share: expect.any(Number), failures: expect.any(Array) });
    expect(right / QUESTIONS.length).toBeGreaterThanOrEqual(0.9);
  });
});

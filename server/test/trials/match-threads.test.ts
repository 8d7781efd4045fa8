/**
 * Matching in worker threads (trials/matcher/threads.ts): a search answered by a match thread is the
 * search this thread would answer, on the same trials, also after trials are added or replaced later, and a
 * thread that stops fails only its own searches and is replaced by one holding every trial.
 */
import type { PatientData, Trial } from '@oncodesk/shared/contracts';
import { TrialEngine } from '../../src/trials';
import { MatchThreadLost, MatchThreads } from '../../src/trials/matcher/threads';
import { matchCounted } from '../../src/trials/matcher/searchCounts';
import { sharedTrialsImport } from '../support/compiledTrials';
import { P } from './helpers';

jest.setTimeout(120_000);

const patients: Array<[string, PatientData]> = [
  [
    'lung EGFR',
    P({
      age: 64,
      gender: 'male',
      oncotreeCode: 'LUAD',
      stage: 'IVA',
      metastatic: true,
      ecog: 1,
      alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }],
    }),
  ],
  [
    'breast HER2+',
    P({ age: 52, gender: 'female', oncotreeCode: 'IDC', metastatic: false, ecog: 0, alterations: [{ gene: 'ERBB2', category: 'amplification' }] }),
  ],
  [
    'prostate, treated',
    P({ age: 71, gender: 'male', oncotreeCode: 'PRAD', metastatic: true, ecog: 2, priorTreatments: [{ name: 'enzalutamide', kind: 'drug' }] }),
  ],
];

describe('match threads', () => {
  let all: Trial[];
  let engine: TrialEngine;
  let threads: MatchThreads;

  beforeAll(() => {
    all = sharedTrialsImport().trials.slice(0, 1500);
    engine = new TrialEngine(all.slice(0, 1000));
    threads = new MatchThreads(2, () => engine.trials());
    engine.useThreads(threads);
    // loaded after the threads started: forwarded to them ahead of the searches below
    engine.load(all.slice(1000));
  });
  afterAll(() => threads.close());

  it.each(patients)('%s: the same results as on this thread, with options and overrides', async (_, patient) => {
    const inline = engine.match(patient, { purposes: 'all', limit: 50 });
    expect(inline.length).toBeGreaterThan(0);
    expect(await engine.matchOffLoop(patient, { purposes: 'all', limit: 50 })).toEqual(inline);

    const first = inline[0];
    const criterion = first.results[0];
    const options = {
      recruitingOnly: true,
      location: { kind: 'country' as const, countryCodes: ['US'] },
      overrides: [{ criterionId: criterion.criterionId, status: 'no_match' as const }],
      limit: 20,
    };
    const expected = engine.match(patient, options);
    expect(await engine.matchOffLoop(patient, options)).toEqual(expected);
  });

  it('a search with its counts over the catalogue is answered by a thread as on this thread', async () => {
    const [, patient] = patients[0];
    const count = {
      scope: { kind: 'country' as const, countryCodes: ['US'] },
      ladder: [
        { kind: 'country' as const, countryCodes: ['US'] },
        { kind: 'continent' as const, continents: ['North America' as never] },
        { kind: 'global' as const },
      ],
      purposes: 'all' as const,
    };
    const options = { location: count.scope, purposes: 'all' as const, limit: 20, closed: 10 };
    const here = matchCounted(engine.index, patient, options, count);
    expect(here.counts.scopes[2]).toBeGreaterThanOrEqual(here.counts.scopes[0]);
    expect(here.counts.open + here.counts.closed).toBeGreaterThan(0);
    expect(await engine.matchCountedOffLoop(patient, options, count)).toEqual(here);
  });

  it('a trial replaced after the threads started is searched as replaced', async () => {
    const [, patient] = patients[0];
    const before = await engine.matchOffLoop(patient, { limit: 5 });
    expect(before.length).toBeGreaterThan(0);
    const top = engine.index.get(before[0].trialId)!;
    engine.load([{ ...top, overallStatus: 'completed' }]);
    const after = await engine.matchOffLoop(patient, { limit: 5, recruitingOnly: true });
    expect(after.map((r) => r.trialId)).not.toContain(top.id);
    expect(after).toEqual(engine.match(patient, { limit: 5, recruitingOnly: true }));
    engine.load([top]);
  });

  it('concurrent searches are each answered with their own patient', async () => {
    const answers = await Promise.all(patients.flatMap(([, p]) => [engine.matchOffLoop(p, { limit: 10 }), engine.matchOffLoop(p, { limit: 10 })]));
    patients.forEach(([, p], k) => {
      const expected = engine.match(p, { limit: 10 });
      expect(answers[2 * k]).toEqual(expected);
      expect(answers[2 * k + 1]).toEqual(expected);
    });
  });

  it('a thread that stops fails its own searches and is replaced by one holding every trial', async () => {
    const [, patient] = patients[1];
    // the thread a new search goes to (none busy: the first), told to stop just before the search is sent to it
    // (its exit is noticed later, so the search still goes to it). The search evaluates every trial: a thread
    // cannot read the message and finish it before it stops (stopping it after sending a quick search failed
    // on a loaded machine, the search having finished first)
    const victim = (threads as unknown as { threads: Array<{ worker: { terminate(): Promise<number> } }> }).threads[0];
    void victim.worker.terminate();
    const lost = engine.matchOffLoop(patient, { limit: Number.POSITIVE_INFINITY, exhaustive: true });
    await expect(lost).rejects.toBeInstanceOf(MatchThreadLost);
    expect(threads.size).toBe(2);
    const again = await Promise.all([engine.matchOffLoop(patient, { limit: 10 }), engine.matchOffLoop(patient, { limit: 10 })]);
    const expected = engine.match(patient, { limit: 10 });
    expect(again).toEqual([expected, expected]);
  });
});

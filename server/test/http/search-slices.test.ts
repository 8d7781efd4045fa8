import { TrialIndex, matchPatient, matchPatientInSlices } from '../../src/trials/matcher';
import { normalizePatient } from '../../src/language/normalizePatient';
import { sharedTrialsImport } from '../support/compiledTrials';

/**
 * A search must not hold the event loop for its whole length (issue 24: reads waited behind searches).
 * The request handlers match in slices: same results as the one-piece match, while timers (other
 * requests) run between the slices. On the shared ClinicalTrials.gov v2 sets (a few hundred trials).
 */
jest.setTimeout(120_000);

const trials = sharedTrialsImport('ctgov-v2-current').trials;
const index = new TrialIndex(trials);
const patients = [
  '58-year-old woman with stage IV lung adenocarcinoma, EGFR L858R, ECOG 0, progressed on osimertinib',
  '45-year-old female with metastatic melanoma, BRAF V600E, ECOG 1, no prior therapy',
].map((text) => normalizePatient(text).patient);

test('the sliced match gives exactly the one-piece results', async () => {
  expect(trials.length).toBeGreaterThan(100);
  for (const p of patients) {
    const whole = matchPatient(index, p, { limit: 50, purposes: 'all' });
    expect(whole.length).toBeGreaterThan(0);
    expect(await matchPatientInSlices(index, p, { limit: 50, purposes: 'all' })).toEqual(whole);
  }
});

test('timers run while a sliced match is under way, never while a one-piece match is', async () => {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  try {
    await new Promise((r) => setTimeout(r, 5));
    ticks = 0;
    for (let i = 0; i < 3; i++) matchPatient(index, patients[0], { limit: 50, purposes: 'all', exhaustive: true });
    expect(ticks).toBe(0);
    const t0 = performance.now();
    for (let i = 0; i < 3; i++) await matchPatientInSlices(index, patients[0], { limit: 50, purposes: 'all', exhaustive: true }, 2);
    const ms = performance.now() - t0;
    // at least one tick per slice of 2 ms of the work, give or take (a loaded machine stretches slices)
    expect(ticks).toBeGreaterThanOrEqual(Math.min(3, Math.floor(ms / 20)));
    expect(ticks).toBeGreaterThan(0);
  } finally {
    clearInterval(timer);
  }
});

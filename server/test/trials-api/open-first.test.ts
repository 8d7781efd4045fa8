/**
 * Open trials first (issue 28): a search keeps the best trials open to enrolment, then the best closed ones
 * after them (the results page shows those behind a switch), so a closed trial never outranks an open one,
 * however well it matches, and "open only" filters the whole result, not a page of it.
 */
import { FindMatchResponse, isOpenStatus } from '@oncodesk/shared/contracts';
import { parseTrials } from '../../src/trials/importers';
import { signUpVerified, startTestApp, type TestApp } from '../support/app';
import { fixtureDocument, lungFolder } from './fixtures';

jest.setTimeout(120_000);

/** The fixture catalogue plus 30 completed copies of its best lung trial (they match the patient as well as it). */
function catalogue() {
  const doc = fixtureDocument();
  const best = doc.studies[0];
  const closed = Array.from({ length: 30 }, (_, i) => {
    const c = structuredClone(best);
    c.protocolSection.identificationModule.nctId = `NCT9200${String(i).padStart(4, '0')}`;
    c.protocolSection.statusModule.overallStatus = 'COMPLETED';
    return c;
  });
  const r = parseTrials(JSON.stringify({ studies: [...closed, ...doc.studies] }), 'open-first.json');
  if (r.errors.length) throw new Error(JSON.stringify(r.errors));
  return r.trials;
}

describe('open trials first', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let folder: string;
  beforeAll(async () => {
    t = await startTestApp();
    auth = (await signUpVerified(t.app)).auth;
    await t.app.trialStore.save(catalogue());
    folder = await lungFolder(t.app, auth);
  });
  afterAll(() => t.close());
  const find = async (recruitingOnly?: boolean) =>
    FindMatchResponse.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/trials/find-match',
          headers: auth,
          payload: { patientId: folder, location: { scope: 'global' }, ...(recruitingOnly === undefined ? {} : { recruitingOnly }) },
        })
      ).json(),
    );

  it('lists every open trial before any closed one, with at most 20 closed ones kept', async () => {
    const { results } = await find();
    const open = results.map((r) => isOpenStatus(r.trial.overallStatus));
    expect(open.filter(Boolean).length).toBeGreaterThanOrEqual(2);
    const firstClosed = open.indexOf(false);
    expect(firstClosed).toBeGreaterThan(0);
    expect(open.slice(firstClosed).every((o) => !o)).toBe(true);
    expect(results.length - firstClosed).toBe(20);
    // the closed copies match exactly as well as the open original: only openness put them after it
    const original = results.find((r) => r.trial.id === 'NCT90000001')!;
    const copy = results[firstClosed];
    expect(copy.match.verdict).toBe(original.match.verdict);
  });

  it('open only leaves no closed trial', async () => {
    const { results } = await find(true);
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => isOpenStatus(r.trial.overallStatus))).toBe(true);
  });
});

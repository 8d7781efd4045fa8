/**
 * Issue 28, "trial results a clinician acts on": the verdict and purpose filters apply to the whole ranked
 * catalogue (a view of the folder's search, free of credit), the count is the catalogue's, and a search
 * says how many open trials not ruled out each wider scope holds.
 */
import { FEW_OPEN_TRIALS, FindMatchResponse, isOpenStatus } from '@oncodesk/shared/contracts';
import { parseTrials } from '../../src/trials/importers';
import { signUpVerified, startTestApp, type TestApp } from '../support/app';
import { fixtureDocument, lungFolder } from './fixtures';

jest.setTimeout(120_000);

type Study = ReturnType<typeof fixtureDocument>['studies'][number];
const copy = (
  s: Study,
  nctId: string,
  change: (c: Study & { protocolSection: { designModule: { designInfo?: { primaryPurpose: string } } } }) => void = () => {},
) => {
  const c = structuredClone(s) as Study & { protocolSection: { designModule: { designInfo?: { primaryPurpose: string } } } };
  c.protocolSection.identificationModule.nctId = nctId;
  change(c);
  return c;
};
const trials = (studies: Study[]) => {
  const r = parseTrials(JSON.stringify({ studies }), 'filters.json');
  if (r.errors.length) throw new Error(JSON.stringify(r.errors));
  return r.trials;
};

async function setUp(studies: Study[]) {
  const t = await startTestApp();
  const { auth } = await signUpVerified(t.app);
  await t.app.trialStore.save(trials(studies));
  const folder = await lungFolder(t.app, auth);
  const find = async (payload: Record<string, unknown>) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/trials/find-match',
      headers: auth,
      payload: { patientId: folder, location: { scope: 'global' }, ...payload },
    });
    return { status: r.statusCode, body: r.statusCode === 200 ? FindMatchResponse.parse(r.json()) : r.json() };
  };
  return { t, auth, folder, find };
}

describe('filters over the whole catalogue', () => {
  // 60 open copies of the best lung trial fill the 50 kept; below them, 3 copies the patient's ECOG 1 keeps out
  // (ECOG 0 only), the Madrid lung trial and 4 supportive-care copies of it
  const doc = fixtureDocument();
  const [best, madrid] = doc.studies;
  const studies = [
    ...Array.from({ length: 60 }, (_, i) => copy(best, `NCT9300${String(i).padStart(4, '0')}`)),
    ...Array.from({ length: 3 }, (_, i) =>
      copy(best, `NCT9302${String(i).padStart(4, '0')}`, (c) => {
        c.protocolSection.eligibilityModule.eligibilityCriteria = c.protocolSection.eligibilityModule.eligibilityCriteria.replace(
          'ECOG performance status 0-1',
          'ECOG performance status 0',
        );
      }),
    ),
    ...doc.studies,
    ...Array.from({ length: 4 }, (_, i) =>
      copy(madrid, `NCT9301${String(i).padStart(4, '0')}`, (c) => (c.protocolSection.designModule.designInfo = { primaryPurpose: 'SUPPORTIVE_CARE' })),
    ),
  ];
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp(studies);
  });
  afterAll(() => s.t.close());

  it("a verdict filter keeps every trial of that verdict in the catalogue, not those of the 50 kept, and the count is the catalogue's", async () => {
    const all = (await s.find({})).body as FindMatchResponse;
    expect(all.charged).toBe(true);
    const open = all.results.filter((r) => isOpenStatus(r.trial.overallStatus));
    expect(open).toHaveLength(50);
    const verdictOf = async (trialId: string) =>
      (await s.t.app.inject({ method: 'POST', url: '/api/trials/match', headers: s.auth, payload: { patientId: s.folder, trialId } })).json().result.match
        .verdict as string;
    const bestVerdict = await verdictOf('NCT93000000');
    const ecogVerdict = await verdictOf('NCT93020000');
    // the ECOG 0 copies are ranked out of the kept list by the copies; they differ in verdict from them
    expect(ecogVerdict).not.toBe(bestVerdict);
    expect(all.results.some((r) => r.trial.id.startsWith('NCT9302'))).toBe(false);
    // the default count is the catalogue's: 61 open treatment trials like the best one, the ECOG 0 ones and the Madrid one
    expect(all.counts?.open).toBeGreaterThanOrEqual(65);

    const view = (await s.find({ verdicts: [ecogVerdict] })).body as FindMatchResponse;
    expect(view.results.map((r) => r.trial.id)).toEqual(expect.arrayContaining(['NCT93020000', 'NCT93020001', 'NCT93020002']));
    expect(view.results.every((r) => r.match.verdict === ecogVerdict)).toBe(true);
    expect(view.counts?.open).toBe(view.results.filter((r) => isOpenStatus(r.trial.overallStatus)).length);
    expect(view.verdicts).toEqual([ecogVerdict]);
  });

  it("the saved search keeps its scan's counts, so opening it needs no second search; a re-run, which counts nothing, keeps none", async () => {
    const all = (await s.find({})).body as FindMatchResponse;
    const cachedOf = async () =>
      (await s.t.app.inject({ method: 'GET', url: `/api/trials/find-match?patientId=${s.folder}&searchKey=global`, headers: s.auth })).json();
    expect((await cachedOf()).counts).toEqual(all.counts);
    const re = await s.t.app.inject({ method: 'POST', url: '/api/trials/re-match', headers: s.auth, payload: { patientId: s.folder, searchKey: 'global' } });
    expect(re.statusCode).toBe(200);
    expect((await cachedOf()).counts).toBeUndefined();
  });

  it('a purpose filter finds the supportive-care studies ranked below the 50 treatment ones', async () => {
    const all = (await s.find({})).body as FindMatchResponse;
    expect(all.results.filter((r) => r.trial.primaryPurpose === 'supportive_care')).toHaveLength(0);
    const view = (await s.find({ purposes: ['supportive_care'] })).body as FindMatchResponse;
    expect(view.results.map((r) => r.trial.id).sort()).toEqual(['NCT93010000', 'NCT93010001', 'NCT93010002', 'NCT93010003']);
    expect(view.counts).toMatchObject({ open: 4, closed: 0 });
  });

  it("a filter never takes a credit, even once the day's pass has run out, and is not saved over the search", async () => {
    const first = (await s.find({})).body as FindMatchResponse;
    const left = first.searchesLeft;
    const view = (await s.find({ verdicts: ['match', 'unknown'] })).body as FindMatchResponse;
    expect(view.charged).toBe(false);
    expect(view.searchesLeft).toBe(left);
    // the pass bought a day ago: a search again costs, a filter still does not
    await s.t.app.database.db
      .updateTable('search_passes')
      .set({ bought_at: new Date(Date.now() - 48 * 3600_000) })
      .where('patient_id', '=', s.folder)
      .execute();
    const later = (await s.find({ purposes: ['treatment'], verdicts: ['match'] })).body as FindMatchResponse;
    expect(later.charged).toBe(false);
    expect(later.searchesLeft).toBe(left);
    const cached = await s.t.app.inject({ method: 'GET', url: `/api/trials/find-match?patientId=${s.folder}&searchKey=global`, headers: s.auth });
    expect(cached.json().results).toHaveLength(first.results.length);
    const again = (await s.find({})).body as FindMatchResponse;
    expect(again.charged).toBe(true);
    expect(again.searchesLeft).toBe(left - 1);
  });

  it('a filter on a scope never searched is refused (404), without a credit', async () => {
    const r = await s.find({ location: { scope: 'radius', km: 50 }, verdicts: ['match'] });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('search_not_found');
  });
});

describe('open trials per wider scope', () => {
  // near Milan: the lung trial (Milan, Paris); 6 copies in Paris only; the Madrid lung trial; HER2 breast in Boston
  const doc = fixtureDocument();
  const paris = Array.from({ length: 6 }, (_, i) =>
    copy(doc.studies[0], `NCT9400${String(i).padStart(4, '0')}`, (c) => {
      c.protocolSection.contactsLocationsModule.locations = c.protocolSection.contactsLocationsModule.locations
        .filter((l) => l.city === 'Paris')
        .map((l) => ({ ...l, status: 'RECRUITING' }));
    }),
  );
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp([...doc.studies, ...paris]);
  });
  afterAll(() => s.t.close());

  it('counts the open trials not ruled out within the radius, in the country, the continent and worldwide, from the same search', async () => {
    const r = (await s.find({ location: { scope: 'radius', km: 100 } })).body as FindMatchResponse;
    const scopes = r.counts!.scopes;
    expect(scopes.map((x) => x.searchKey)).toEqual(['radius:100', 'country:IT', 'continent:Europe', 'global']);
    expect(scopes[0]).toMatchObject({ open: 1 });
    expect(scopes[1]).toMatchObject({ open: 1, place: 'IT' });
    expect(scopes[2].open).toBeGreaterThanOrEqual(7);
    expect(scopes[3].open).toBeGreaterThanOrEqual(scopes[2].open);
    expect(scopes[0].open).toBeLessThan(FEW_OPEN_TRIALS);
    // what a search of each scope would find: the continent's own search lists as many open trials not ruled out
    const wide = (await s.find({ location: { scope: 'continent' } })).body as FindMatchResponse;
    const notRuledOut = wide.results.filter((x) => isOpenStatus(x.trial.overallStatus) && (x.match.verdict === 'match' || x.match.verdict === 'unknown'));
    expect(notRuledOut).toHaveLength(scopes[2].open);
    expect(wide.charged).toBe(false);
  });
});

/**
 * A clinician's override as every view shows it: who set it and when on the criterion (re-match, cached
 * search, CSV export), a re-run that counts the verdict it flipped even when the override ranks the trial
 * out of the top of the list, and the assistant saying the verdict is the clinician's, not "what is recorded".
 */
import { CachedMatchResponse, FindMatchResponse, PostMessageResponse, ReMatchResponse } from '@oncodesk/shared/contracts';
import { parseTrials } from '../../src/trials';
import { signUpVerified, startTestApp, type TestApp } from '../support/app';
import { fixtureDocument, lungFolder } from './fixtures';

jest.setTimeout(120_000);

/** The EGFR trial near Milan and 55 copies of it: more matches than a search keeps (50). */
function crowdedCatalogue() {
  const doc = fixtureDocument();
  const egfr = doc.studies[0];
  const copies = Array.from({ length: 55 }, (_, i) => {
    const c = structuredClone(egfr);
    c.protocolSection.identificationModule.nctId = `NCT9100${String(i).padStart(4, '0')}`;
    return c;
  });
  const r = parseTrials(JSON.stringify({ studies: [...doc.studies, ...copies] }), 'crowded.json');
  if (r.errors.length) throw new Error(JSON.stringify(r.errors));
  return r.trials;
}

describe('clinician overrides in every view', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUpVerified>>;
  let folder: string;
  beforeAll(async () => {
    t = await startTestApp();
    alice = await signUpVerified(t.app);
    await t.app.database.db.updateTable('users').set({ first_name: 'Ana', last_name: 'Rossi' }).where('id', '=', alice.userId).execute();
    await t.app.trialStore.save(crowdedCatalogue());
    folder = await lungFolder(t.app, alice.auth);
  });
  afterAll(() => t.close());
  const post = (url: string, payload: object, lang = 'en') =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: { ...alice.auth, 'accept-language': lang }, payload });
  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: alice.auth });

  it('a re-run keeps the overridden trial, counts its verdict and criterion changes, and names who set it and when', async () => {
    const base = FindMatchResponse.parse((await post('/trials/find-match', { patientId: folder, location: { scope: 'global' } })).json());
    expect(base.results.length).toBe(50);
    const first = base.results[0];
    expect(first.match.verdict).toBe('match');
    const crit = first.match.results.find((c) => c.kind === 'alteration' && c.status === 'match')!;
    const before = Date.now();
    expect((await post('/trials/update-criterion', { patientId: folder, criterionId: crit.criterionId, status: 'no_match' })).json().overrides).toEqual([
      expect.objectContaining({ criterionId: crit.criterionId, status: 'no_match', by: 'Ana Rossi' }),
    ]);

    // before any re-run the saved search already shows the clinician's status, who and when
    const cached = CachedMatchResponse.parse((await get(`/trials/find-match?patientId=${folder}&searchKey=global`)).json());
    const stamped = cached.results.find((r) => r.trial.id === first.trial.id)!.match.results.find((c) => c.criterionId === crit.criterionId)!;
    expect(stamped).toMatchObject({ status: 'no_match', overridden: true, computedStatus: 'match', overriddenBy: 'Ana Rossi' });
    expect(Date.parse(stamped.overriddenAt!)).toBeGreaterThanOrEqual(before - 5_000);

    const re = ReMatchResponse.parse((await post('/trials/re-match', { patientId: folder, searchKey: 'global' })).json());
    // 55 other EGFR trials still match: the overridden one ranks below the 50 kept, and stays in the list
    const mine = re.results.find((r) => r.trial.id === first.trial.id);
    expect(mine?.match.verdict).toBe('no_match');
    expect(mine!.match.results.find((c) => c.criterionId === crit.criterionId)).toMatchObject({
      status: 'no_match',
      overridden: true,
      overriddenBy: 'Ana Rossi',
    });
    const changes = re.changes.filter((c) => c.trialId === first.trial.id);
    expect(changes).toContainEqual({ trialId: first.trial.id, field: 'verdict', before: 'match', after: 'no_match' });
    expect(changes).toContainEqual({ trialId: first.trial.id, criterionId: crit.criterionId, field: 'criterion', before: 'match', after: 'no_match' });
    expect(re.changesDetected).toBe(true);

    // a filtered view of the search (over the whole catalogue) names who set it and when too
    const view = FindMatchResponse.parse(
      (
        await post('/trials/find-match', { patientId: folder, location: { scope: 'global' }, purposes: ['treatment', 'unknown'], verdicts: ['no_match'] })
      ).json(),
    );
    expect(view.charged).toBe(false);
    expect(view.results.find((r) => r.trial.id === first.trial.id)!.match.results.find((c) => c.criterionId === crit.criterionId)).toMatchObject({
      status: 'no_match',
      overridden: true,
      overriddenBy: 'Ana Rossi',
    });

    // the CSV names who set it and when, on that criterion's row only
    const csv = (await get(`/trials/export?patientId=${folder}&searchKey=global&format=csv`)).body.trim().split('\r\n');
    const header = csv.find((l) => l.startsWith('trial_id,'))!.split(',');
    const row = csv.find((l) => l.includes(crit.criterionId))!;
    expect(header.slice(header.indexOf('overridden'), header.indexOf('overridden') + 3)).toEqual(['overridden', 'overridden_by', 'overridden_at']);
    expect(row).toMatch(/,no_match,yes,Ana Rossi,\d{4}-\d\d-\d\dT/);
    expect(csv.filter((l) => l.includes(',yes,Ana Rossi,')).length).toBe(1);
  });

  it('the assistant says the verdict was set by the clinician (who, when), never "matches on what is recorded"', async () => {
    const trialId = 'NCT90000001';
    const crit = (await post('/trials/match', { patientId: folder, trialId }))
      .json()
      .result.match.results.find((c: { kind: string }) => c.kind === 'alteration');
    await post('/trials/update-criterion', { patientId: folder, criterionId: crit.criterionId, status: 'match' });
    const ask = async (lang: string, q: string) => {
      const chat = (await post('/chat/', { patientId: folder, context: { trialId } }, lang)).json();
      return PostMessageResponse.parse((await post('/chat/message', { chatId: chat.id, content: q }, lang)).json()).message.content;
    };
    const en = await ask('en', 'Why does this trial match?');
    expect(en).toMatch(/matches, as set by the clinician \(Ana Rossi, \d{4}-\d\d-\d\d \d\d:\d\d\)/);
    expect(en).not.toMatch(/matches on what is recorded/);
    expect(en).toMatch(/set by clinician: Ana Rossi/);
    expect(await ask('es', '¿Por qué encaja este ensayo?')).toMatch(/encaja, según lo fijado por el clínico \(Ana Rossi/);
    expect(await ask('it', 'Perché questo studio è compatibile?')).toMatch(/compatibile, secondo quanto impostato dal medico \(Ana Rossi/);

    // the override removed: the verdict is the record's again
    await post('/trials/update-criterion', { patientId: folder, criterionId: crit.criterionId, status: null });
    const plain = await ask('en', 'Why does this trial match?');
    expect(plain).toMatch(/matches on what is recorded/);
    expect(plain).not.toMatch(/set by the clinician/);
  });
});

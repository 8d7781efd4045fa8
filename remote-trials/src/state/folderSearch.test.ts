import { storage } from '@oncodesk/shared';
import { trialsApi } from '@oncodesk/shared/api';
import { criterion, found, match, matched } from '../test/fixtures';
import { loadPatient, loadTrial, openSearch, readCachedMatches, rerun, runSearch, setLiked, setOverride, useFolderSearchStore } from './folderSearch';

jest.mock('@oncodesk/shared/api', () => ({
  ...jest.requireActual('@oncodesk/shared/api'),
  trialsApi: { cached: jest.fn(), patient: jest.fn(), findMatch: jest.fn(), like: jest.fn(), unlike: jest.fn(), detail: jest.fn(), updateCriterion: jest.fn(), reMatch: jest.fn() },
}));
const api = trialsApi as unknown as Record<'cached' | 'patient' | 'findMatch' | 'like' | 'unlike' | 'detail' | 'updateCriterion' | 'reMatch', jest.Mock>;

const folder = (searchKeys: string[]) => ({
  patientId: 'p1',
  name: 'Mario R.',
  focusArea: 'lung',
  complete: true,
  overrides: [],
  searches: searchKeys.map((searchKey) => ({ searchKey, location: { kind: 'global' }, count: 1, createdAt: '2026-11-25T00:00:00Z' })),
  patient: found('global', []).patient,
});
const state = () => useFolderSearchStore.getState();
const view = (key: string) => state().searches[`p1|${key}`];
const fail = jest.fn();

beforeEach(() => {
  jest.resetAllMocks();
  storage.clearExceptLanguage();
  useFolderSearchStore.setState({ patients: {}, searches: {}, trialMatches: {}, pendingRerun: {}, matchesBefore: {} });
  api.patient.mockResolvedValue(folder(['global']));
});

describe('the folder store: one owner of patient, results, overrides and cache', () => {
  it('asks for a folder\'s patient once however many pages want it at the same time', async () => {
    api.cached.mockResolvedValue({ results: [matched('NCT1')] });
    await Promise.all([loadPatient('p1'), loadPatient('p1'), openSearch('p1', 'global', fail), openSearch('p1', 'radius:100', fail)]);
    expect(api.patient).toHaveBeenCalledTimes(1);
    expect(view('radius:100')).toMatchObject({ notRun: true, updating: false, results: null });
    expect(api.cached).toHaveBeenCalledTimes(1);
    expect(fail).not.toHaveBeenCalled();
  });

  it('a search shows its results where the search is open and the folder then knows it was run', async () => {
    api.cached.mockResolvedValue({ results: [matched('NCT1')] });
    await openSearch('p1', 'global', fail);
    api.findMatch.mockResolvedValue(found('country:IT', [matched('NCT2')]));
    await runSearch('p1', { scope: 'country' });
    expect(view('country:IT')?.results?.map((m) => m.trial.id)).toEqual(['NCT2']);
    expect(state().patients.p1?.searches.map((s) => s.searchKey)).toEqual(['global', 'country:IT']);
    expect(readCachedMatches('p1', 'country:IT')?.results).toHaveLength(1);
    // opening it right after the search: the results it returned are not fetched again
    api.cached.mockClear();
    await openSearch('p1', 'country:IT', fail);
    expect(api.cached).not.toHaveBeenCalled();
    expect(view('country:IT')?.updating).toBe(false);
  });

  it('a search run again is dated now, so "the answers changed since this search" clears', async () => {
    await loadPatient('p1');
    const before = state().patients.p1!.searches.find((s) => s.searchKey === 'global')!.createdAt;
    api.findMatch.mockResolvedValue(found('global', [matched('NCT3')]));
    await runSearch('p1', { scope: 'global' });
    const after = state().patients.p1!.searches.filter((s) => s.searchKey === 'global');
    expect(after).toHaveLength(1);
    expect(Date.parse(after[0].createdAt)).toBeGreaterThan(Date.parse(before));
    expect(after[0].count).toBe(1);
  });

  it('an override shows at once in every list and trial view of the patient; a re-run replaces the list and clears "pending"', async () => {
    api.cached.mockResolvedValue({ results: [matched('NCT90000001'), matched('NCT2')] });
    await openSearch('p1', 'global', fail);
    api.detail.mockResolvedValue({ trial: matched('NCT90000001').trial, match: match() });
    await loadTrial('p1', 'NCT90000001');
    api.updateCriterion.mockResolvedValue({ patientId: 'p1', overrides: [{ criterionId: 'NCT90000001#trial#1', status: 'no_match', by: 'Ana Rossi', at: '2026-11-27T09:12:00.000Z' }] });

    await setOverride('p1', 'NCT90000001#trial#1', 'no_match');
    const inList = view('global')!.results![0].match.results.find((r) => r.criterionId === 'NCT90000001#trial#1');
    // who set it and when, as the server recorded them
    expect(inList).toMatchObject({ status: 'no_match', overridden: true, computedStatus: 'match', overriddenBy: 'Ana Rossi', overriddenAt: '2026-11-27T09:12:00.000Z' });
    expect(state().trialMatches['p1|NCT90000001']!.results[1]).toMatchObject({ status: 'no_match', overridden: true });
    expect(state().pendingRerun.p1).toBe(true);
    // the local copy a reload shows has it too
    expect(readCachedMatches('p1', 'global')!.results[0].match.results[1].status).toBe('no_match');

    const after = match({ verdict: 'no_match', level: 'low' });
    api.reMatch.mockResolvedValue({ patientId: 'p1', searchKey: 'global', changesDetected: true, changes: [{ trialId: 'NCT90000001', field: 'verdict', before: 'match', after: 'no_match' }], results: [{ ...matched('NCT90000001'), match: after }] });
    expect(await rerun('p1', 'global', 'NCT90000001')).toEqual({ verdict: { before: 'match', after: 'no_match' }, criteria: 0 });
    expect(view('global')!.results).toHaveLength(1);
    expect(state().trialMatches['p1|NCT90000001']!.verdict).toBe('no_match');
    expect(state().pendingRerun.p1).toBe(false);
  });

  it('a re-run for a trial outside any saved search matches that trial alone', async () => {
    api.reMatch.mockRejectedValue(Object.assign(new (jest.requireActual('@oncodesk/shared').ApiError)(404, 'search_not_found', 'x')));
    api.detail.mockResolvedValue({ trial: matched('NCT5').trial, match: match({ trialId: 'NCT5', verdict: 'unknown' }) });
    expect(await rerun('p1', 'radius:50', 'NCT5')).toEqual({ criteria: 0 });
    expect(state().trialMatches['p1|NCT5']!.verdict).toBe('unknown');
  });

  it('a trial matched alone: the re-run says the verdict the override flipped and the criterion it set', async () => {
    api.detail.mockResolvedValue({ trial: matched('NCT90000001').trial, match: match() });
    await loadTrial('p1', 'NCT90000001');
    api.updateCriterion.mockResolvedValue({ patientId: 'p1', overrides: [{ criterionId: 'NCT90000001#trial#1', status: 'no_match', by: 'Ana Rossi', at: '2026-11-27T09:12:00.000Z' }] });
    await setOverride('p1', 'NCT90000001#trial#1', 'no_match');
    api.reMatch.mockRejectedValue(Object.assign(new (jest.requireActual('@oncodesk/shared').ApiError)(404, 'search_not_found', 'x')));
    const flipped = match({ verdict: 'no_match', results: [criterion('trial#0', 'age', 'match'), { ...criterion('trial#1', 'alteration', 'no_match'), overridden: true, computedStatus: 'match' }] });
    api.detail.mockResolvedValue({ trial: matched('NCT90000001').trial, match: flipped });
    expect(await rerun('p1', 'radius:50', 'NCT90000001')).toEqual({ verdict: { before: 'match', after: 'no_match' }, criteria: 1 });
    // counted once: a second re-run with nothing new set changed nothing
    expect(await rerun('p1', 'radius:50', 'NCT90000001')).toEqual({ criteria: 0 });
  });

  it('a like shows in every search of the folder', async () => {
    api.cached.mockImplementation((_p: string, key: string) => Promise.resolve({ results: key === 'global' ? [matched('NCT1'), matched('NCT2')] : [matched('NCT2')] }));
    api.patient.mockResolvedValue(folder(['global', 'radius:100']));
    await openSearch('p1', 'global', fail);
    await openSearch('p1', 'radius:100', fail);
    api.like.mockResolvedValue(undefined);
    await setLiked('p1', 'NCT2', true);
    expect(view('global')!.results!.map((m) => m.liked)).toEqual([false, true]);
    expect(view('radius:100')!.results![0].liked).toBe(true);
  });
});

import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { ApiError, bus, storage, useCurrentUser } from '@oncodesk/shared';
import { plansApi, trialsApi } from '@oncodesk/shared/api';
import ResultsPage from './ResultsPage';
import { initTrialsI18n, renderAt } from '../test/setup';
import { found, matched } from '../test/fixtures';
import { useFolderSearchStore, writeCachedMatches } from '../state/folderSearch';

jest.mock('@oncodesk/shared', () => ({
  ...jest.requireActual('@oncodesk/shared'),
  useCurrentUser: jest.fn(),
}));
jest.mock('@oncodesk/shared/api', () => ({
  ...jest.requireActual('@oncodesk/shared/api'),
  trialsApi: { cached: jest.fn(), patient: jest.fn(), findMatch: jest.fn(), like: jest.fn(), unlike: jest.fn(), exportCsv: jest.fn(), catalogue: jest.fn() },
  plansApi: { list: jest.fn() },
}));
const api = trialsApi as unknown as Record<'cached' | 'patient' | 'findMatch' | 'like' | 'unlike' | 'exportCsv' | 'catalogue', jest.Mock>;

beforeAll(() => initTrialsI18n());
beforeEach(() => {
  jest.resetAllMocks();
  storage.clearExceptLanguage();
  // filtered views live in memory only: a fresh app load has none
  useFolderSearchStore.setState({ views: {} });
  (useCurrentUser as jest.Mock).mockReturnValue({ acceptedClinicalTrialsDisclaimer: true, plan: { id: 'free', name: 'Free', searchesLeft: 5, searchesPerPeriod: 10, periodStart: '2026-11-01T00:00:00.000Z', renewsAt: '2026-12-01T00:00:00.000Z' } });
  (plansApi.list as jest.Mock).mockResolvedValue({ plans: [] });
  api.catalogue.mockResolvedValue({ trials: 4226, open: 712, syncedAt: null });
  api.patient.mockResolvedValue({ patientId: 'p1', name: 'Mario R.', focusArea: 'lung', complete: true, overrides: [], searches: ['global', 'radius:100', 'continent:Europe', 'continent:'].map((searchKey) => ({ searchKey, location: { kind: 'global' }, count: 1, createdAt: '2026-11-24T00:00:00Z' })), patient: { diagnosisText: 'Lung Adenocarcinoma', alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }], metastasisSites: [], priorTreatments: [], biomarkers: [], comorbidities: [] } });
});
const at = (key: string) => renderAt(`/clinical-trials/p1/results?search=${encodeURIComponent(key)}`, '/clinical-trials/:patientId/results', <ResultsPage />);
const long = 'x'.repeat(200);

describe('ResultsPage', () => {
  it('says what the search ran against: the catalogue, its open trials and when its registry records were fetched', async () => {
    api.cached.mockResolvedValue({ results: [matched('NCT1')] });
    const { unmount } = at('global');
    await waitFor(() =>
      expect(screen.getByTestId('catalogue-line')).toHaveTextContent("Searched against the catalogue's 4,226 trials (712 open to enrolment): reference records, not yet synced with ClinicalTrials.gov"),
    );
    unmount();
    api.catalogue.mockResolvedValue({ trials: 5100, open: 1420, syncedAt: '2026-11-27T03:00:12.000Z' });
    at('global');
    await waitFor(() => expect(screen.getByTestId('catalogue-line')).toHaveTextContent("the catalogue's 5,100 trials (1,420 open to enrolment); ClinicalTrials.gov records fetched on November 27, 2026"));
  });

  it('shows cached matches at once, then the server copy; chips, level, distance, +N badge and folding', async () => {
    writeCachedMatches({ patientId: 'p1', searchKey: 'global', results: [matched('NCT1')], at: Date.now() - 60_000 });
    let resolve: (v: unknown) => void = () => {};
    api.cached.mockReturnValue(new Promise((r) => (resolve = r)));
    at('global');
    // From local storage, before the server answered.
    expect(screen.getAllByTestId('trial-card')).toHaveLength(1);
    expect(screen.getByTestId('results-updating')).toBeInTheDocument();
    resolve({
      results: [
        matched('NCT1', { conditions: Array.from({ length: 14 }, (_, i) => `Condition ${i}`), summary: long }),
        matched('NCT2', { verdict: 'not_eligible', status: 'completed', km: 5 }),
      ],
    });
    // trials not open to enrolment are hidden by default, counted, and one click away
    await waitFor(() => expect(screen.getByTestId('closed-hidden')).toHaveTextContent('1 trial not open to enrolment is hidden'));
    expect(screen.getAllByTestId('trial-card').map((c) => c.getAttribute('data-trial-id'))).toEqual(['NCT1']);
    await userEvent.click(screen.getByTestId('show-closed'));
    await waitFor(() => expect(screen.getAllByTestId('trial-card')).toHaveLength(2));
    expect(screen.queryByTestId('closed-hidden')).not.toBeInTheDocument();
    const [first, second] = screen.getAllByTestId('trial-card');
    expect(within(first).getByTestId('chip-verdict')).toHaveTextContent('Match');
    expect(within(first).getByTestId('chip-recruiting')).toHaveTextContent('Recruiting');
    expect(within(first).getByTestId('chip-level')).toHaveTextContent('Level: high');
    expect(within(first).getByTestId('chip-distance')).toHaveTextContent('10 km · Site NCT1');
    expect(within(first).getByTestId('conditions-badge')).toHaveTextContent('+9');
    expect(within(first).getByTestId('trial-summary').textContent!.length).toBeLessThan(180);
    await userEvent.click(within(first).getByTestId('fold-toggle'));
    expect(within(first).getByTestId('trial-summary')).toHaveTextContent(long);
    expect(within(second).getByTestId('chip-verdict')).toHaveTextContent('Not eligible');
    expect(within(second).getByTestId('chip-recruiting')).toHaveTextContent('Not recruiting');
    expect(screen.getByTestId('not-medical-advice')).toBeInTheDocument();
  });

  it('when no trial of the search is open to enrolment, says so and offers to widen the search or show the closed ones', async () => {
    api.cached.mockResolvedValue({ results: [matched('NCT7', { status: 'completed' }), matched('NCT8', { status: 'terminated' })] });
    at('radius:100');
    await waitFor(() => expect(screen.getByTestId('none-found')).toHaveTextContent('No trial open to enrolment here'));
    expect(screen.getByTestId('expand-country')).toBeInTheDocument();
    expect(screen.getByTestId('closed-hidden')).toHaveTextContent('2 trials not open to enrolment are hidden');
    await userEvent.click(screen.getByTestId('show-closed'));
    await waitFor(() => expect(screen.getAllByTestId('trial-card')).toHaveLength(2));
  });

  it('sorts and filters the list and likes a trial', async () => {
    api.cached.mockResolvedValue({ results: [matched('NCT1', { km: 50 }), matched('NCT2', { km: 5, verdict: 'unknown' })] });
    api.like.mockResolvedValue({ patientId: 'p1', likes: ['NCT2'] });
    at('global');
    await waitFor(() => expect(screen.getAllByTestId('trial-card')).toHaveLength(2));
    expect(screen.getAllByTestId('trial-card').map((c) => c.getAttribute('data-trial-id'))).toEqual(['NCT1', 'NCT2']);
    await userEvent.click(within(screen.getAllByTestId('trial-card')[1]).getByTestId('trial-like'));
    await waitFor(() => expect(api.like).toHaveBeenCalledWith('NCT2', 'p1'));
    await waitFor(() => expect(within(screen.getAllByTestId('trial-card')[1]).getByTestId('trial-like')).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(screen.getByTestId('filter-liked'));
    expect(screen.getAllByTestId('trial-card').map((c) => c.getAttribute('data-trial-id'))).toEqual(['NCT2']);
  });

  it('shows treatment trials first; studies of other purposes are counted, named and one click away, with their purpose on the card', async () => {
    api.cached.mockResolvedValue({ results: [matched('NCT1'), matched('NCT2', { purpose: 'prevention' }), matched('NCT3', { purpose: 'screening' }), matched('NCT4', { purpose: 'unknown' })] });
    at('global');
    await waitFor(() => expect(screen.getAllByTestId('trial-card')).toHaveLength(2));
    expect(screen.getAllByTestId('trial-card').map((c) => c.getAttribute('data-trial-id'))).toEqual(['NCT1', 'NCT4']);
    expect(screen.getAllByTestId('chip-purpose').map((c) => c.textContent)).toEqual(['Treatment', 'Purpose not stated']);
    expect(screen.getByTestId('other-purposes')).toHaveTextContent('2 other studies in this search are hidden (Prevention, Screening).');
    await userEvent.click(screen.getByTestId('show-other-purposes'));
    await waitFor(() => expect(screen.getAllByTestId('trial-card')).toHaveLength(4));
    expect(screen.queryByTestId('other-purposes')).toBeNull();
    expect(screen.getAllByTestId('chip-purpose').map((c) => c.getAttribute('data-purpose')).sort()).toEqual(['prevention', 'screening', 'treatment', 'unknown']);
  });

  it('none found: offers the country, the continent, worldwide, continuing without trials and a new folder', async () => {
    api.cached.mockResolvedValue({ results: [] });
    api.findMatch.mockResolvedValue(found('continent:Europe', [matched('NCT9')]));
    const events: unknown[] = [];
    const off = bus.on('plan:searches-changed/v1', (e) => events.push(e));
    at('radius:100');
    const none = await screen.findByTestId('none-found');
    for (const id of ['expand-country', 'expand-continent', 'expand-global', 'continue-without', 'none-new-folder']) expect(within(none).getByTestId(id)).toBeInTheDocument();
    await userEvent.click(within(none).getByTestId('expand-continent'));
    await waitFor(() => expect(api.findMatch).toHaveBeenCalledWith({ patientId: 'p1', location: { scope: 'continent' } }));
    await waitFor(() => expect(events).toEqual([{ searchesLeft: 4 }]));
    off();
  });

  it('"Search now" on a search not run yet shows its results at once, without a reload', async () => {
    // the folder has no search of this scope: no cached request, "not run yet" at once
    api.patient.mockResolvedValue({ patientId: 'p1', name: 'Mario R.', focusArea: 'lung', complete: true, overrides: [], searches: [], patient: { alterations: [], metastasisSites: [], priorTreatments: [], biomarkers: [], comorbidities: [] } });
    api.findMatch.mockResolvedValue(found('global', [matched('NCT7')]));
    at('global');
    await userEvent.click(await screen.findByTestId('results-run-now'));
    await waitFor(() => expect(screen.getAllByTestId('trial-card').map((c) => c.getAttribute('data-trial-id'))).toEqual(['NCT7']));
    expect(api.findMatch).toHaveBeenCalledTimes(1);
    expect(api.cached).not.toHaveBeenCalled();
    expect(screen.queryByTestId('results-run-now')).toBeNull();
  });

  it('"Search now" runs the scope of the URL, not another one', async () => {
    api.patient.mockResolvedValue({ patientId: 'p1', name: 'Mario R.', focusArea: 'lung', complete: true, overrides: [], searches: [], patient: { alterations: [], metastasisSites: [], priorTreatments: [], biomarkers: [], comorbidities: [] } });
    api.findMatch.mockResolvedValue(found('continent:Europe', [matched('NCT8')]));
    at('continent:Europe');
    await userEvent.click(await screen.findByTestId('results-run-now'));
    await waitFor(() => expect(api.findMatch).toHaveBeenCalledWith({ patientId: 'p1', location: { scope: 'continent', continents: ['Europe'] } }));
  });

  it('with no searches left the server decides: a patient whose search was bought today widens for free', async () => {
    (useCurrentUser as jest.Mock).mockReturnValue({ acceptedClinicalTrialsDisclaimer: true, plan: { id: 'free', name: 'Free', searchesLeft: 0, searchesPerPeriod: 10, periodStart: '2026-11-01T00:00:00.000Z', renewsAt: '2026-12-01T00:00:00.000Z' } });
    api.cached.mockResolvedValue({ results: [] });
    api.findMatch.mockResolvedValue(found('global', [matched('NCT9')], { searchesLeft: 0, charged: false }));
    const toasts: string[] = [];
    const off = bus.on('ui:toast/v1', (e) => toasts.push(e.message));
    at('radius:100');
    await userEvent.click(await screen.findByTestId('expand-global'));
    await waitFor(() => expect(api.findMatch).toHaveBeenCalledWith({ patientId: 'p1', location: { scope: 'global' } }));
    await waitFor(() => expect(toasts.some((m) => /No credit used/.test(m))).toBe(true));
    off();
    // a free search at zero credits is no reason to offer an upgrade
    expect(screen.queryByTestId('upgrade-prompt-body')).toBeNull();
    expect(screen.queryByTestId('upgrade-prompt-body')).toBeNull();
  });

  it('with no searches left and a search to buy, the server\'s 402 opens the upgrade prompt', async () => {
    (useCurrentUser as jest.Mock).mockReturnValue({ acceptedClinicalTrialsDisclaimer: true, plan: { id: 'free', name: 'Free', searchesLeft: 0, searchesPerPeriod: 10, periodStart: '2026-11-01T00:00:00.000Z', renewsAt: '2026-12-01T00:00:00.000Z' } });
    api.cached.mockResolvedValue({ results: [] });
    api.findMatch.mockRejectedValue(new ApiError(402, 'no_searches_left', 'No searches left'));
    at('radius:100');
    await userEvent.click(await screen.findByTestId('expand-global'));
    expect(await screen.findByTestId('upgrade-prompt-body')).toBeInTheDocument();
    expect(screen.getByTestId('searches-left')).toHaveTextContent('0 of 10 searches left this period · renews on December 1, 2026');
    // the prompt states the period and offers the stored request form (beta, no payment), not mail links
    expect(screen.getByTestId('upgrade-credits')).toHaveTextContent('0 of 10 searches left this period · renews on December 1, 2026');
    expect(screen.getByTestId('plan-request-beta')).toHaveTextContent('No payment is taken.');
    expect(screen.getByTestId('plan-request-form')).toBeInTheDocument();
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
  });

  it('says what a search cost, with the credits left this period and their renewal date as the server counted them', async () => {
    api.cached.mockResolvedValue({ results: [] });
    const credits = { searchesLeft: 4, searchesPerPeriod: 10, periodStart: '2026-11-01T00:00:00.000Z', renewsAt: '2026-12-01T00:00:00.000Z' };
    api.findMatch.mockResolvedValue(found('global', [matched('NCT9')], { searchesLeft: 4, charged: true, credits }));
    const toasts: string[] = [];
    const off = bus.on('ui:toast/v1', (e) => toasts.push(e.message));
    at('radius:100');
    await userEvent.click(await screen.findByTestId('expand-global'));
    await waitFor(() => expect(toasts).toContain("One credit used for this patient's search; widening or narrowing the location with the same answers is free for 24 hours. 4 of 10 searches left this period · renews on December 1, 2026"));
    off();
  });

  it('results a search has just written are not fetched a second time', async () => {
    writeCachedMatches({ patientId: 'p1', searchKey: 'global', results: [matched('NCT5')], at: Date.now() });
    at('global');
    await waitFor(() => expect(screen.getAllByTestId('trial-card').map((c) => c.getAttribute('data-trial-id'))).toEqual(['NCT5']));
    await waitFor(() => expect(api.patient).toHaveBeenCalled());
    expect(api.cached).not.toHaveBeenCalled();
  });

  it('a failed download says so', async () => {
    api.cached.mockResolvedValue({ results: [matched('NCT1')] });
    api.exportCsv.mockRejectedValue(new Error('boom'));
    const toasts: string[] = [];
    const off = bus.on('ui:toast/v1', (e) => toasts.push(e.message));
    at('global');
    await waitFor(() => expect(screen.getAllByTestId('trial-card')).toHaveLength(1));
    await userEvent.click(screen.getByTestId('download-csv'));
    await waitFor(() => expect(toasts).toContain('An error occurred while downloading your trials. Please try again later.'));
    off();
  });
});

describe('ResultsPage after the patient changed', () => {
  it('says when the answers changed after the search ran, and searches again from there', async () => {
    writeCachedMatches({ patientId: 'p1', searchKey: 'global', results: [matched('NCT1')], at: Date.now() - 60_000 });
    api.cached.mockResolvedValue({ results: [matched('NCT1')] });
    const base = await api.patient();
    api.patient.mockResolvedValue({ ...base, answersUpdatedAt: '2026-11-25T10:00:00Z' });
    api.findMatch.mockResolvedValue(found('global', [matched('NCT2')]));
    at('global');
    expect(await screen.findByTestId('results-stale')).toHaveTextContent("The patient's data changed after this search ran");
    await userEvent.click(screen.getByTestId('results-search-again'));
    await waitFor(() => expect(api.findMatch).toHaveBeenCalledWith({ patientId: 'p1', location: { scope: 'global' } }));
  });
  it('says nothing when the search is newer than the answers', async () => {
    api.cached.mockResolvedValue({ results: [matched('NCT1')] });
    const base = await api.patient();
    api.patient.mockResolvedValue({ ...base, answersUpdatedAt: '2026-11-23T10:00:00Z' });
    at('global');
    expect(await screen.findAllByTestId('trial-card')).toHaveLength(1);
    expect(screen.queryByTestId('results-stale')).not.toBeInTheDocument();
  });
});

describe('ResultsPage filters and scopes over the whole catalogue (issue 28)', () => {
  const ids = () => screen.getAllByTestId('trial-card').map((c) => c.getAttribute('data-trial-id'));
  const pick = async (select: string, option: string) => {
    const el = screen.getByTestId(select);
    await userEvent.click(el.querySelector('.ant-select-selector, .ant-select-content') ?? el);
    await userEvent.click(await screen.findByTestId(option));
  };
  const europe = {
    open: 2,
    closed: 0,
    scopes: [
      { searchKey: 'radius:100', location: { scope: 'radius' as const, km: 100 }, place: 'Monza', open: 2 },
      { searchKey: 'country:IT', location: { scope: 'country' as const, countryCodes: ['IT'] }, place: 'IT', open: 4 },
      { searchKey: 'continent:Europe', location: { scope: 'continent' as const, continents: ['Europe' as const] }, place: 'Europe', open: 120 },
      { searchKey: 'global', location: { scope: 'global' as const }, open: 400 },
    ],
  };
  afterEach(() => i18next.changeLanguage('en-US'));

  it('a verdict filter is asked of the server over the whole catalogue, without a credit, and the count is the catalogue\'s', async () => {
    api.cached.mockResolvedValue({ results: [matched('NCT1'), matched('NCT2', { verdict: 'unknown' })] });
    const scopes = [{ searchKey: 'global', location: { scope: 'global' }, open: 40 }];
    api.findMatch.mockImplementation(async (body: { verdicts?: string[]; purposes?: string[] }) =>
      body.verdicts
        ? found('global', [matched('NCT2', { verdict: 'unknown' }), matched('NCT60', { verdict: 'unknown' })], { charged: false, purposes: body.purposes as never, verdicts: body.verdicts as never, counts: { open: 12, closed: 0, scopes } as never })
        : found('global', [matched('NCT1'), matched('NCT2', { verdict: 'unknown' })], { charged: false, purposes: body.purposes as never, counts: { open: 80, closed: 3, scopes } as never }),
    );
    const events: unknown[] = [];
    const off = bus.on('plan:searches-changed/v1', (e) => events.push(e));
    at('global');
    // the list kept 2 of the catalogue's 80 open trials the default filter keeps
    await waitFor(() => expect(screen.getByTestId('results-count')).toHaveTextContent('2 of 80 trials shown'));
    expect(api.findMatch).toHaveBeenCalledWith({ patientId: 'p1', location: { scope: 'global' }, purposes: ['treatment', 'unknown'] });
    await pick('results-filter', 'verdict-option-unknown');
    // the server's answer: every "unknown" trial of the catalogue, not those among the saved ones
    await waitFor(() => expect(ids()).toEqual(['NCT2', 'NCT60']));
    expect(screen.getByTestId('results-count')).toHaveTextContent('2 of 12 trials shown');
    expect(api.findMatch).toHaveBeenLastCalledWith({ patientId: 'p1', location: { scope: 'global' }, purposes: ['treatment', 'unknown'], verdicts: ['unknown'] });
    // a filter took no credit: the counter was not moved
    expect(events).toEqual([]);
    off();
  });

  it('a saved search that kept its counts is shown with them, without a second search to count', async () => {
    const scopes = [{ searchKey: 'global', location: { scope: 'global' }, open: 40 }];
    api.cached.mockResolvedValue({ results: [matched('NCT1'), matched('NCT2', { verdict: 'unknown' })], counts: { open: 80, closed: 3, scopes } });
    at('global');
    await waitFor(() => expect(screen.getByTestId('results-count')).toHaveTextContent('2 of 80 trials shown'));
    expect(api.findMatch).not.toHaveBeenCalled();
    // a filter is still a view of the whole catalogue, asked of the server
    api.findMatch.mockResolvedValue(found('global', [matched('NCT2', { verdict: 'unknown' })], { charged: false, purposes: ['treatment', 'unknown'] as never, verdicts: ['unknown'] as never, counts: { open: 12, closed: 0, scopes } as never }));
    await pick('results-filter', 'verdict-option-unknown');
    await waitFor(() => expect(screen.getByTestId('results-count')).toHaveTextContent('1 of 12 trials shown'));
    expect(api.findMatch).toHaveBeenCalledTimes(1);
  });

  it('reloaded, a local copy that kept its counts is shown with them at once: no search to count, before or after the server copy', async () => {
    const scopes = [{ searchKey: 'global', location: { scope: 'global' }, open: 40 }];
    writeCachedMatches({ patientId: 'p1', searchKey: 'global', results: [matched('NCT1'), matched('NCT2')], at: Date.now() - 60_000, counts: { open: 80, closed: 3, scopes } as never });
    let resolve: (v: unknown) => void = () => {};
    api.cached.mockReturnValue(new Promise((r) => (resolve = r)));
    at('global');
    await waitFor(() => expect(screen.getByTestId('results-count')).toHaveTextContent('2 of 80 trials shown'));
    expect(api.findMatch).not.toHaveBeenCalled();
    // the server's copy of a re-run carries no counts: the local ones may be another run's, so the view is asked
    api.findMatch.mockResolvedValue(found('global', [matched('NCT1')], { charged: false, purposes: ['treatment', 'unknown'] as never, counts: { open: 75, closed: 3, scopes } as never }));
    resolve({ results: [matched('NCT1')] });
    await waitFor(() => expect(screen.getByTestId('results-count')).toHaveTextContent('1 of 75 trials shown'));
    expect(api.findMatch).toHaveBeenCalledTimes(1);
  });

  it('a purpose added is asked of the server too', async () => {
    api.cached.mockResolvedValue({ results: [matched('NCT1')] });
    api.findMatch.mockImplementation(async (body: { purposes?: string[] }) =>
      found('global', body.purposes?.includes('supportive_care') ? [matched('NCT1'), matched('NCT70', { purpose: 'supportive_care' })] : [matched('NCT1')], { charged: false, purposes: body.purposes as never }),
    );
    at('global');
    await waitFor(() => expect(ids()).toEqual(['NCT1']));
    await pick('results-purpose', 'purpose-option-supportive_care');
    await waitFor(() => expect(ids()).toEqual(['NCT1', 'NCT70']));
    expect(api.findMatch).toHaveBeenLastCalledWith({ patientId: 'p1', location: { scope: 'global' }, purposes: ['treatment', 'unknown', 'supportive_care'] });
  });

  it('few open trials near: says how many each wider scope holds and offers the nearest with enough in one click', async () => {
    api.cached.mockResolvedValue({ results: [matched('NCT1'), matched('NCT2')] });
    api.findMatch.mockImplementation(async (body: { purposes?: string[] }) =>
      body.purposes ? found('radius:100', [matched('NCT1'), matched('NCT2')], { charged: false, purposes: body.purposes as never, counts: europe }) : found('continent:Europe', [matched('NCT9')]),
    );
    at('radius:100');
    const few = await screen.findByTestId('few-nearby');
    expect(few).toHaveTextContent('Only 2 open trials not ruled out within 100 km of Monza; 4 in Italy, 120 in Europe, 400 worldwide.');
    // Italy has fewer than 5: the nearest scope with enough is Europe
    expect(within(few).getByTestId('few-expand')).toHaveTextContent('Search in Europe');
    await userEvent.click(within(few).getByTestId('few-expand'));
    await waitFor(() => expect(api.findMatch).toHaveBeenLastCalledWith({ patientId: 'p1', location: { scope: 'continent', continents: ['Europe'] } }));
  });

  it('says nothing of wider scopes when the search holds enough open trials', async () => {
    api.cached.mockResolvedValue({ results: [matched('NCT1')] });
    api.findMatch.mockImplementation(async (body: { purposes?: string[] }) => found('radius:100', [matched('NCT1')], { charged: false, purposes: body.purposes as never, counts: { ...europe, scopes: europe.scopes.map((s) => ({ ...s, open: s.open + 10 })) } }));
    at('radius:100');
    await waitFor(() => expect(api.findMatch).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('results-count')).toHaveTextContent('1 of 2 trials shown'));
    expect(screen.queryByTestId('few-nearby')).toBeNull();
  });

  it('names the patient\'s diagnosis in the interface language (OncoTree names in es/it), as recorded in English', async () => {
    api.patient.mockResolvedValue({ ...(await api.patient()), patient: { ...(await api.patient()).patient, oncotreeCode: 'LUAD' } });
    api.cached.mockResolvedValue({ results: [matched('NCT1')] });
    api.findMatch.mockImplementation(async (body: { purposes?: string[] }) => found('global', [matched('NCT1')], { charged: false, purposes: body.purposes as never }));
    await i18next.changeLanguage('es-ES');
    const { unmount } = at('global');
    expect(await screen.findByTestId('results-patient')).toHaveTextContent('Mario R. · Adenocarcinoma de pulmón · EGFR L858R');
    unmount();
    await i18next.changeLanguage('en-US');
    at('global');
    expect(await screen.findByTestId('results-patient')).toHaveTextContent('Mario R. · Lung Adenocarcinoma · EGFR L858R');
  });

  it('in Italian and Spanish, with the singular, and no button when no wider scope has enough', async () => {
    api.cached.mockResolvedValue({ results: [matched('NCT1')] });
    const counts = { open: 1, closed: 0, scopes: [{ ...europe.scopes[0], open: 1 }, { ...europe.scopes[1], open: 1 }, { ...europe.scopes[3], open: 3 }] };
    api.findMatch.mockImplementation(async (body: { purposes?: string[] }) => found('radius:100', [matched('NCT1')], { charged: false, purposes: body.purposes as never, counts }));
    await i18next.changeLanguage('it-IT');
    const { unmount } = at('radius:100');
    const few = await screen.findByTestId('few-nearby');
    expect(few).toHaveTextContent('Solo 1 studio aperto non escluso entro 100 km da Monza; 1 in Italia, 3 in tutto il mondo.');
    expect(few).toHaveTextContent('Nessuna area più ampia ne ha almeno 5.');
    expect(within(few).queryByTestId('few-expand')).toBeNull();
    unmount();
    await i18next.changeLanguage('es-ES');
    at('radius:100');
    expect(await screen.findByTestId('few-nearby')).toHaveTextContent('Solo 1 ensayo abierto no descartado a menos de 100 km de Monza; 1 en Italia, 3 en todo el mundo.');
  });
});

import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trialsApi } from '@oncodesk/shared/api';
import GraphPage from './GraphPage';
import { withOverride } from '../state/folderSearch';
import { initTrialsI18n, renderAt } from '../test/setup';
import { criterion, match, matched } from '../test/fixtures';
import { aggregate, groupsOf } from '../components/graph/groups';

jest.mock('@oncodesk/shared/api', () => ({
  ...jest.requireActual('@oncodesk/shared/api'),
  trialsApi: { detail: jest.fn(), patient: jest.fn(), updateCriterion: jest.fn(), reMatch: jest.fn() },
}));
const api = trialsApi as unknown as Record<'detail' | 'patient' | 'updateCriterion' | 'reMatch', jest.Mock>;

beforeAll(() => initTrialsI18n());
beforeEach(() => jest.resetAllMocks());

const patient = { age: 64, ecog: 1, oncotreeCode: 'LUAD', location: { countryCode: 'IT' }, alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }], metastasisSites: [], priorTreatments: [], biomarkers: [], comorbidities: [] };

describe('match graph groups', () => {
  it('aggregates statuses: any unmet that decides alone decides, then any unknown or not-deciding unmet; no criteria is "not discussed"', () => {
    const r = (status: 'match' | 'no_match' | 'unknown', confidence = 0.8, overridden = false) => ({ status, confidence, overridden });
    expect(aggregate([r('match'), r('unknown'), r('no_match')])).toBe('no_match');
    expect(aggregate([r('match'), r('unknown')])).toBe('unknown');
    expect(aggregate([r('match')])).toBe('match');
    expect(aggregate([])).toBe('none');
    // a cohort's sentence (capped below the decisive confidence) is to check, not a red node on a matching trial
    expect(aggregate([r('match'), r('no_match', 0.5)])).toBe('unknown');
    // a clinician's override decides whatever the reading's confidence
    expect(aggregate([r('match'), r('no_match', 0.5, true)])).toBe('no_match');
  });
  it('puts each criterion kind in its group and derives country and acceptance', () => {
    const g = Object.fromEntries(groupsOf(match(), patient as never).map((x) => [x.key, x]));
    expect(g.alterations.criteria.map((c) => c.criterionId)).toEqual(['NCT90000001#trial#1']);
    expect(g.alterations.fact).toBe('EGFR L858R');
    expect(g.exclusion.status).toBe('unknown');
    expect(g.stage.status).toBe('none');
    expect(g.country.status).toBe('match');
    expect(g.acceptance.status).toBe('match');
  });
  it('states the patient\'s diagnosis and local treatments in the interface language', () => {
    const withSurgery = { ...patient, priorTreatments: [{ name: 'surgery' }, { name: 'pembrolizumab' }] };
    const es = Object.fromEntries(groupsOf(match(), withSurgery as never, 'es').map((x) => [x.key, x]));
    expect(es.diagnosis.fact).toBe('LUAD (Adenocarcinoma de pulmón)');
    expect(es.prior_treatments.fact).toBe('cirugía, pembrolizumab');
    const italian = Object.fromEntries(groupsOf(match(), withSurgery as never, 'it').map((x) => [x.key, x]));
    expect(italian.prior_treatments.fact).toBe('chirurgia, pembrolizumab');
  });
});

describe('GraphPage', () => {
  it('overrides a criterion in the diagram, shows "changes detected" and re-runs the match', async () => {
    const trial = { ...matched('NCT90000001').trial, cohorts: [], sites: [], interventions: [], collaborators: [], keywords: [], otherIds: [], source: 'manual', dates: {}, eligibility: { sex: 'all', criteria: [] }, diseaseCodes: [], genes: [], targets: [] };
    api.detail.mockResolvedValue({ trial, match: match(), liked: false });
    api.patient.mockResolvedValue({ patient });
    api.updateCriterion.mockResolvedValue({ patientId: 'p1', overrides: [{ criterionId: 'NCT90000001#trial#1', status: 'no_match', by: 'Ana Rossi', at: '2026-11-27T09:12:00.000Z' }] });
    const after = match({ verdict: 'no_match', level: 'low', results: [criterion('trial#0', 'age', 'match'), { ...criterion('trial#1', 'alteration', 'no_match'), overridden: true, computedStatus: 'match', overriddenBy: 'Ana Rossi', overriddenAt: '2026-11-27T09:12:00.000Z' }] });
    api.reMatch.mockResolvedValue({ patientId: 'p1', searchKey: 'global', changesDetected: true, changes: [{ trialId: 'NCT90000001', criterionId: 'NCT90000001#trial#1', field: 'criterion', before: 'match', after: 'no_match' }, { trialId: 'NCT90000001', field: 'verdict', before: 'match', after: 'no_match' }], results: [{ ...matched('NCT90000001'), match: after }] });

    renderAt('/clinical-trials/p1/graph/NCT90000001?search=global', '/clinical-trials/:patientId/graph/:trialId', <GraphPage />);
    expect(await screen.findByTestId('match-graph')).toBeInTheDocument();
    expect(screen.getByTestId('graph-group-alterations')).toHaveAttribute('data-status', 'match');
    expect(screen.getByTestId('graph-verdict')).toHaveTextContent('Match');
    expect(screen.queryByTestId('changes-detected')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('graph-group-alterations'));
    const panel = screen.getByTestId('graph-panel');
    expect(panel).toHaveTextContent('patient: EGFR L858R');
    // The group's criteria are a list named by the panel's heading.
    expect(within(within(panel).getByRole('list', { name: /patient: EGFR L858R/ })).getAllByRole('listitem')).toEqual(within(panel).getAllByTestId('graph-criterion'));
    await userEvent.click(within(panel).getByTestId('set-no_match'));
    await waitFor(() => expect(api.updateCriterion).toHaveBeenCalledWith({ patientId: 'p1', criterionId: 'NCT90000001#trial#1', status: 'no_match' }));
    expect(await screen.findByTestId('changes-detected')).toHaveTextContent('Changes detected');
    expect(screen.getByTestId('graph-group-alterations')).toHaveAttribute('data-status', 'no_match');
    // the person who set it and when, on the criterion and on its node in the diagram
    expect(within(panel).getByTestId('criterion-set-by')).toHaveTextContent(/^set by clinician: Ana Rossi, 11\/27\/26/);
    expect(within(screen.getByTestId('graph-node-alterations')).getByTestId('graph-node-set-by')).toHaveTextContent('set by clinician');
    expect(within(screen.getByTestId('graph-node-age')).queryByTestId('graph-node-set-by')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('rerun-match'));
    await waitFor(() => expect(api.reMatch).toHaveBeenCalledWith('p1', 'global'));
    // the verdict it flipped and the criterion it changed, each counted once
    expect(await screen.findByTestId('rerun-done')).toHaveTextContent('Match updated: verdict Match → No match; 1 criterion changed.');
    expect(screen.queryByTestId('changes-detected')).not.toBeInTheDocument();
    expect(screen.getByTestId('graph-verdict')).toHaveTextContent('No match');
  });
});

describe('withOverride', () => {
  it('overrides and resets a cohort criterion like a trial criterion, keeping the computed status', () => {
    const r = { criterionId: 'T#c1', kind: 'age', polarity: 'inclusion', status: 'match', source: 's', reason: 'r', confidence: 1, overridden: false } as const;
    const m = { trialId: 'T', verdict: 'match', level: 'high', score: 1, results: [], cohorts: [{ cohortId: 'a', label: 'A', open: true, verdict: 'match', level: 'high', results: [r] }] } as unknown as Parameters<typeof withOverride>[0];
    const over = withOverride(m, 'T#c1', 'no_match');
    expect(over.cohorts[0].results[0]).toMatchObject({ status: 'no_match', overridden: true, computedStatus: 'match' });
    const reset = withOverride(over, 'T#c1', null);
    expect(reset.cohorts[0].results[0]).toMatchObject({ status: 'match', overridden: false });
  });
});

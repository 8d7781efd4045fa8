import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import { trialsApi } from '@oncodesk/shared/api';
import TrialDetailPage from './TrialDetailPage';
import { initTrialsI18n, renderAt } from '../test/setup';

jest.mock('@oncodesk/shared/api', () => ({
  ...jest.requireActual('@oncodesk/shared/api'),
  trialsApi: { detail: jest.fn(), patient: jest.fn(), blurb: jest.fn() },
}));
const api = trialsApi as unknown as Record<'detail' | 'patient' | 'blurb', jest.Mock>;

beforeAll(() => initTrialsI18n());

const thinNci = {
  id: 'NCT01494662', nctId: 'NCT01494662', otherIds: [], source: 'nci-cts', briefTitle: 'Neratinib in HER2-Positive Breast Cancer That Has Spread to the Brain',
  phases: [], primaryPurpose: 'treatment', overallStatus: 'recruiting', collaborators: [], conditions: [], keywords: [], interventions: [], cohorts: [], sites: [], dates: {},
  eligibility: { sex: 'all', criteria: [] }, diseaseCodes: ['BRCA'], genes: [], targets: [],
};

describe('trial detail overview', () => {
  it('says what the record does not state, and the status once, in words', async () => {
    api.detail.mockResolvedValue({ trial: thinNci });
    api.patient.mockResolvedValue({ patient: {} });
    renderAt('/clinical-trials/p1/trial/NCT01494662', '/clinical-trials/:patientId/trial/:trialId', <TrialDetailPage />);
    const overview = await screen.findByTestId('tab-overview');
    expect(within(overview).getAllByTestId('not-stated').length).toBeGreaterThanOrEqual(4);
    expect(within(overview).getAllByText('Not stated in the record')[0]).toBeInTheDocument();
    expect(within(overview).getByTestId('overall-status')).toHaveTextContent(/^Recruiting$/);
    expect(within(overview).queryByText(/recruiting recruiting/i)).toBeNull();
  });

  it('marks a title the record did not have', async () => {
    api.detail.mockResolvedValue({ trial: { ...thinNci, source: 'hint', briefTitle: 'Trastuzumab emtansine and vinorelbine in breast cancer', titleOrigin: 'derived' } });
    api.patient.mockResolvedValue({ patient: {} });
    renderAt('/clinical-trials/p1/trial/NCT01494662', '/clinical-trials/:patientId/trial/:trialId', <TrialDetailPage />);
    expect(await screen.findByTestId('title-derived')).toHaveTextContent('Title built from conditions and interventions');
  });
});

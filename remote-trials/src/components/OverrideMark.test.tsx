import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { trialsApi } from '@oncodesk/shared/api';
import TrialDetailPage from '../pages/TrialDetailPage';
import { TrialCard } from './TrialCard';
import { CriteriaList } from './CriteriaList';
import { initTrialsI18n, renderAt } from '../test/setup';
import { criterion, match, matched } from '../test/fixtures';

jest.mock('@oncodesk/shared/api', () => ({
  ...jest.requireActual('@oncodesk/shared/api'),
  trialsApi: { detail: jest.fn(), patient: jest.fn(), blurb: jest.fn() },
}));
const api = trialsApi as unknown as Record<'detail' | 'patient' | 'blurb', jest.Mock>;

beforeAll(() => initTrialsI18n());

const AT = '2026-11-27T09:12:00.000Z';
/** A match whose alteration criterion Ana Rossi set to "not met" (and an older one by a colleague, by email). */
const overridden = match({
  verdict: 'no_match',
  results: [
    criterion('trial#0', 'age', 'match'),
    { ...criterion('trial#1', 'alteration', 'no_match'), overridden: true, computedStatus: 'match', overriddenBy: 'Ana Rossi', overriddenAt: AT },
    {
      ...criterion('trial#2', 'ecog', 'match'),
      overridden: true,
      computedStatus: 'unknown',
      overriddenBy: 'luca@clinic.example',
      overriddenAt: '2026-11-20T08:00:00.000Z',
    },
  ],
});

describe('a criterion set by a clinician', () => {
  it('is marked on the result card with how many, who set the latest and when', async () => {
    renderAt(
      '/clinical-trials/p1/results',
      '/clinical-trials/:patientId/results',
      <TrialCard item={{ ...matched('NCT90000001'), match: overridden }} onOpen={() => undefined} onLike={() => undefined} />,
    );
    expect(await screen.findByTestId('trial-set-by')).toHaveTextContent(/^2 criteria set by clinician \(Ana Rossi, 11\/27\/26/);
  });

  it('a card with no override has no mark', async () => {
    renderAt(
      '/clinical-trials/p1/results',
      '/clinical-trials/:patientId/results',
      <TrialCard item={matched('NCT90000002')} onOpen={() => undefined} onLike={() => undefined} />,
    );
    expect(await screen.findByTestId('trial-card')).toBeInTheDocument();
    expect(screen.queryByTestId('trial-set-by')).not.toBeInTheDocument();
  });

  it('is marked on each criterion of the list with who and when', async () => {
    renderAt('/x', '/x', <CriteriaList results={overridden.results} testId="list" />);
    const rows = await screen.findAllByTestId('criterion');
    expect(within(rows[0]).queryByTestId('criterion-set-by')).not.toBeInTheDocument();
    expect(within(rows[1]).getByTestId('criterion-set-by')).toHaveTextContent(/^set by clinician: Ana Rossi, 11\/27\/26/);
    expect(within(rows[2]).getByTestId('criterion-set-by')).toHaveTextContent(/^set by clinician: luca@clinic\.example, 11\/20\/26/);
  });

  it.each([
    ['es-ES', /^2 criterios fijados por el clínico \(Ana Rossi, 27\/11\/26/, /^fijado por el clínico: Ana Rossi, 27\/11\/26/],
    ['it-IT', /^2 criteri impostati dal medico \(Ana Rossi, 27\/11\/26/, /^impostato dal medico: Ana Rossi, 27\/11\/26/],
  ])('is worded and dated in %s', async (language, card, row) => {
    await i18next.changeLanguage(language);
    try {
      renderAt(
        '/x',
        '/x',
        <>
          <TrialCard item={{ ...matched('NCT90000001'), match: overridden }} onOpen={() => undefined} onLike={() => undefined} />
          <CriteriaList results={overridden.results} testId="list" />
        </>,
      );
      expect(await screen.findByTestId('trial-set-by')).toHaveTextContent(card);
      expect(within(screen.getAllByTestId('criterion')[1]).getByTestId('criterion-set-by')).toHaveTextContent(row);
    } finally {
      await i18next.changeLanguage('en-US');
    }
  });

  it('is marked in the trial detail header', async () => {
    const trial = {
      ...matched('NCT90000001').trial,
      cohorts: [],
      sites: [],
      interventions: [],
      collaborators: [],
      keywords: [],
      otherIds: [],
      source: 'manual',
      dates: {},
      eligibility: { sex: 'all', criteria: [] },
      diseaseCodes: [],
      genes: [],
      targets: [],
    };
    api.detail.mockResolvedValue({ trial, match: overridden, liked: false });
    api.patient.mockResolvedValue({ patient: {} });
    api.blurb.mockResolvedValue({ blurb: 'x' });
    renderAt('/clinical-trials/p1/trial/NCT90000001', '/clinical-trials/:patientId/trial/:trialId', <TrialDetailPage />);
    expect(await screen.findByTestId('trial-set-by')).toHaveTextContent(/2 criteria set by clinician \(Ana Rossi/);
  });
});

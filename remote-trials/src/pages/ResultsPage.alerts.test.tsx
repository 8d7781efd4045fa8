import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, bus, storage, useCurrentUser } from '@oncodesk/shared';
import { alertsApi, plansApi, trialsApi } from '@oncodesk/shared/api';
import ResultsPage from './ResultsPage';
import { initTrialsI18n, renderAt } from '../test/setup';
import { matched } from '../test/fixtures';

jest.mock('@oncodesk/shared', () => ({
  ...jest.requireActual('@oncodesk/shared'),
  useCurrentUser: jest.fn(),
}));
jest.mock('@oncodesk/shared/api', () => ({
  ...jest.requireActual('@oncodesk/shared/api'),
  trialsApi: { cached: jest.fn(), patient: jest.fn(), findMatch: jest.fn(), like: jest.fn(), unlike: jest.fn(), exportCsv: jest.fn(), catalogue: jest.fn() },
  alertsApi: { get: jest.fn(), enable: jest.fn(), disable: jest.fn(), visit: jest.fn() },
  plansApi: { list: jest.fn() },
}));
const trials = trialsApi as unknown as Record<'cached' | 'patient', jest.Mock>;
const alerts = alertsApi as unknown as Record<'enable' | 'disable' | 'visit', jest.Mock>;

beforeAll(() => initTrialsI18n());

const off = { patientId: 'p1', enabled: false, searchKey: null, since: null };
const onFor = (searchKey: string) => ({ patientId: 'p1', enabled: true, searchKey, since: '2026-11-25T08:00:00.000Z' });
const run = (searchKey: string) => ({ searchKey, location: { kind: 'global' }, count: 3, createdAt: '2026-11-24T00:00:00Z' });

beforeEach(() => {
  jest.resetAllMocks();
  storage.clearExceptLanguage();
  (useCurrentUser as jest.Mock).mockReturnValue({ acceptedClinicalTrialsDisclaimer: true, plan: { searchesLeft: 5 } });
  (plansApi.list as jest.Mock).mockResolvedValue({ plans: [] });
  (trialsApi.catalogue as jest.Mock).mockResolvedValue({ trials: 4226, open: 712, syncedAt: null });
  trials.patient.mockResolvedValue({ patientId: 'p1', name: 'Mario R.', focusArea: 'lung', complete: true, overrides: [], searches: [run('global'), run('radius:100')], patient: { alterations: [], metastasisSites: [], priorTreatments: [], biomarkers: [], comorbidities: [] } });
  trials.cached.mockResolvedValue({ results: [matched('NCT1'), matched('NCT2'), matched('NCT3')] });
});
const at = (key: string) => renderAt(`/clinical-trials/p1/results?search=${encodeURIComponent(key)}`, '/clinical-trials/:patientId/results', <ResultsPage />);
const cards = () => screen.getAllByTestId('trial-card');

describe('ResultsPage: alerts and "new since your last visit"', () => {
  it('marks the trials the server reports new since the last visit, and only those', async () => {
    alerts.visit.mockResolvedValue({ patientId: 'p1', alert: off, since: '2026-11-24T09:00:00.000Z', newTrialIds: ['NCT2', 'NCT9'] });
    at('global');
    await waitFor(() => expect(cards()).toHaveLength(3));
    await waitFor(() => expect(screen.getAllByTestId('chip-new')).toHaveLength(1));
    const [first, second, third] = cards();
    expect(within(second).getByTestId('chip-new')).toHaveTextContent('New since your last visit');
    expect(within(first).queryByTestId('chip-new')).toBeNull();
    expect(within(third).queryByTestId('chip-new')).toBeNull();
    // opening the page is the visit, once
    expect(alerts.visit).toHaveBeenCalledTimes(1);
    expect(alerts.visit).toHaveBeenCalledWith('p1');
  });

  it('no marks on a first visit', async () => {
    alerts.visit.mockResolvedValue({ patientId: 'p1', alert: off, since: null, newTrialIds: [] });
    at('global');
    await waitFor(() => expect(cards()).toHaveLength(3));
    await waitFor(() => expect(screen.getByTestId('alert-switch')).toBeEnabled());
    expect(screen.queryByTestId('chip-new')).toBeNull();
  });

  it('"Alert me about new matching trials": says what it does, turns on for this search and off again', async () => {
    alerts.visit.mockResolvedValue({ patientId: 'p1', alert: off, since: null, newTrialIds: [] });
    alerts.enable.mockResolvedValue(onFor('global'));
    alerts.disable.mockResolvedValue(off);
    at('global');
    const box = await screen.findByTestId('alert-box');
    expect(box).toHaveTextContent('Alert me about new matching trials');
    expect(screen.getByTestId('alert-help')).toHaveTextContent('At most one email a day');
    const toggle = screen.getByRole('switch', { name: /Alert me about new matching trials/ });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(alerts.enable).toHaveBeenCalledWith('p1', 'global');
    expect(screen.getByTestId('alert-help')).toHaveTextContent('Each email has a link to stop them');

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(alerts.disable).toHaveBeenCalledWith('p1');
  });

  it('an alert on another search of the folder is named, and switching on here moves it', async () => {
    alerts.visit.mockResolvedValue({ patientId: 'p1', alert: onFor('global'), since: null, newTrialIds: [] });
    alerts.enable.mockResolvedValue(onFor('radius:100'));
    at('radius:100');
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(screen.getByTestId('alert-help')).toHaveTextContent('Alerts are on for another search of this folder (Worldwide).'));
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(alerts.enable).toHaveBeenCalledWith('p1', 'radius:100');
  });

  it('a refusal is shown translated and leaves the switch off', async () => {
    alerts.visit.mockResolvedValue({ patientId: 'p1', alert: off, since: null, newTrialIds: [] });
    alerts.enable.mockRejectedValue(new ApiError(409, 'alerts_email_missing', 'no email'));
    const toasts: string[] = [];
    const stop = bus.on('ui:toast/v1', (e) => toasts.push(e.message));
    at('global');
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await waitFor(() => expect(toasts).toContain('Alerts are sent by email: add an email address to your account first.'));
    expect(toggle).not.toBeChecked();
    stop();
  });

  it('a search not run yet cannot be watched', async () => {
    alerts.visit.mockResolvedValue({ patientId: 'p1', alert: off, since: null, newTrialIds: [] });
    at('continent:Europe');
    await screen.findByTestId('results-run-now');
    expect(screen.getByRole('switch')).toBeDisabled();
  });
});

import '@testing-library/jest-dom';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { ApiError, bus, initI18n, registerLocales, storage, type PlanRequest, type User } from '@oncodesk/shared';
import { authApi, plansApi } from '@oncodesk/shared/api';
import en from '../locales/en.json';
import es from '../locales/es.json';
import itLocale from '../locales/it.json';
import ProfilePage from './ProfilePage';

// The page's server calls are replaced: these tests are about what the profile shows and sends.
jest.mock('@oncodesk/shared/api', () => ({
  ...jest.requireActual('@oncodesk/shared/api'),
  authApi: { sessions: jest.fn(), resendVerification: jest.fn() },
  usersApi: { patch: jest.fn() },
  plansApi: { list: jest.fn(), requests: jest.fn(), request: jest.fn() },
}));
const plans = plansApi as unknown as Record<'list' | 'requests' | 'request', jest.Mock>;
const auth = authApi as unknown as Record<'sessions', jest.Mock>;

const user = (searchesLeft: number): User => ({
  id: 'u1',
  email: 'ada.lovelace.longname@example-clinic.org',
  emailVerified: true,
  nickname: 'ada',
  username: null,
  firstName: null,
  lastName: null,
  walletAddress: null,
  avatarColor: null,
  language: 'en-US',
  acceptedClinicalTrialsDisclaimer: true,
  isDemo: false,
  plan: { id: 'free', name: 'Free', searchesLeft, searchesPerPeriod: 10, periodStart: '2026-11-01T00:00:00.000Z', renewsAt: '2026-12-01T00:00:00.000Z' },
  createdAt: '2026-01-01T00:00:00.000Z',
});
const request = (extra: Partial<PlanRequest> = {}): PlanRequest => ({
  id: 'r1',
  kind: 'upgrade',
  planId: 'pro',
  planName: 'Pro',
  phone: null,
  message: null,
  state: 'received',
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  ...extra,
});

// antd renders slowly in jsdom on a busy machine: give async queries more time
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => {
  initI18n('en-US');
  registerLocales('auth', { en, es, it: itLocale });
});
beforeEach(async () => {
  jest.resetAllMocks();
  storage.clearExceptLanguage();
  auth.sessions.mockResolvedValue({ sessions: [] });
  plans.list.mockResolvedValue({
    plans: [
      { id: 'free', name: 'Free', searchesPerPeriod: 10, periodMonths: 1 },
      { id: 'pro', name: 'Pro', searchesPerPeriod: 200, periodMonths: 1 },
    ],
  });
  plans.requests.mockResolvedValue({ requests: [] });
  await act(() => i18next.changeLanguage('en-US'));
});

const show = (u: User) => {
  // as the host announces the signed-in user (a stored copy is parsed anew on every read)
  bus.emit('auth:changed/v1', { user: u, jwt: 'token' });
  return render(
    <MemoryRouter>
      <ProfilePage />
    </MemoryRouter>,
  );
};

describe('ProfilePage plan', () => {
  it('states the credits with the period and its renewal date, in the interface language', async () => {
    show(user(7));
    expect(screen.getByTestId('profile-plan')).toHaveTextContent('Free plan · 7 of 10 searches left this period · renews on December 1, 2026');
    await act(() => i18next.changeLanguage('es'));
    expect(screen.getByTestId('profile-plan')).toHaveTextContent(
      'Plan Free · 7 de 10 búsquedas disponibles en este periodo · se renueva el 1 de diciembre de 2026',
    );
    await act(() => i18next.changeLanguage('it'));
    expect(screen.getByTestId('profile-plan')).toHaveTextContent('Piano Free · 7 di 10 ricerche disponibili in questo periodo · si rinnova il 1 dicembre 2026');
  });

  it('at zero credits a visit opens no prompt: the sign-out buttons stay uncovered and the upgrade path is on the page', async () => {
    show(user(0));
    await screen.findByTestId('sessions-end-all');
    expect(screen.getByTestId('profile-out-of-searches')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('upgrade-prompt')).toBeNull();
    // nothing lies over the sign-out button: it is clickable
    await userEvent.click(screen.getByTestId('profile-upgrade'));
    expect(await screen.findByTestId('plan-request-form')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends an upgrade request and shows its state; beta, no payment', async () => {
    plans.request.mockResolvedValue(request({ message: 'Four oncologists' }));
    show(user(0));
    await userEvent.click(screen.getByTestId('profile-upgrade'));
    const form = await screen.findByTestId('plan-request-form');
    expect(within(form).getByTestId('plan-request-beta')).toHaveTextContent('Beta: our team applies a plan change after your request. No payment is taken.');
    // the form's labels name their inputs
    expect(screen.getByLabelText('Phone (optional)')).toBe(screen.getByTestId('plan-request-phone'));
    expect(screen.getByLabelText('Message (optional)')).toBe(screen.getByTestId('plan-request-message'));
    // an upgrade names a plan: checked with the server's contract before anything is sent
    await userEvent.click(screen.getByTestId('plan-request-send'));
    expect(await within(form).findByText('This input can not be left empty. Please fill in it')).toBeInTheDocument();
    expect(plans.request).not.toHaveBeenCalled();
    // the plans offered are the others (the account's own is not a change)
    await userEvent.click(screen.getByRole('combobox', { name: 'Plan' }));
    expect(screen.queryByTitle(/^Free/)).toBeNull();
    await userEvent.click(await screen.findByTitle('Pro · 200 searches per period'));
    await userEvent.click(screen.getByTestId('plan-request-message'));
    await userEvent.paste('Four oncologists');
    await userEvent.click(screen.getByTestId('plan-request-send'));
    await waitFor(() => expect(plans.request).toHaveBeenCalledWith({ kind: 'upgrade', planId: 'pro', message: 'Four oncologists' }));
    expect(await screen.findByTestId('profile-plan-request')).toHaveTextContent(
      'Your latest request: Change to the Pro plan · sent on November 27, 2026 · Received',
    );
    expect(screen.queryByTestId('plan-request-form')).toBeNull();
  }, 120_000);

  it("shows the server's field error under its field and keeps what was typed", async () => {
    plans.request.mockRejectedValue(new ApiError(400, 'validation_failed', 'bad', [{ path: 'phone', code: 'phone_invalid' }]));
    const toasts: string[] = [];
    const off = bus.on('ui:toast/v1', (e) => toasts.push(e.message));
    show(user(3));
    await userEvent.click(screen.getByTestId('profile-upgrade'));
    await userEvent.click(await screen.findByTestId('plan-request-kind-call'));
    await userEvent.click(screen.getByTestId('plan-request-phone'));
    await userEvent.paste('+39 02 1234');
    await userEvent.click(screen.getByTestId('plan-request-send'));
    expect(await screen.findByText('Enter a phone number: digits, spaces, +, - and parentheses only.')).toBeInTheDocument();
    expect(screen.getByTestId('plan-request-phone')).toHaveValue('+39 02 1234');
    expect(plans.request).toHaveBeenCalledWith({ kind: 'call', phone: '+39 02 1234' });
    off();
    expect(toasts.length).toBe(1);
  }, 120_000);

  it('shows the latest stored request with its state in Spanish', async () => {
    plans.requests.mockResolvedValue({ requests: [request({ kind: 'call', planId: null, planName: null, state: 'contacted' })] });
    await act(() => i18next.changeLanguage('es'));
    show(user(5));
    expect(await screen.findByTestId('profile-plan-request')).toHaveTextContent(
      'Su última solicitud: Una llamada con nuestro equipo · enviada el 27 de noviembre de 2026 · En contacto',
    );
  });

  it('keeps the email status word whole (no "Verifi cado") while a long address may wrap', async () => {
    await act(() => i18next.changeLanguage('es'));
    show(user(5));
    const tag = screen.getByTestId('profile-email-status');
    expect(tag).toHaveTextContent('Verificado');
    expect(tag).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByTestId('profile-email')).toHaveStyle({ overflowWrap: 'anywhere' });
  });
});

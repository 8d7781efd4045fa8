import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n, registerLocales, storage } from '@oncodesk/shared';
import en from '../src/locales/en.json';
import es from '../src/locales/es.json';
import itLocale from '../src/locales/it.json';
import { buildRoutes } from '../src/routes/buildRoutes';
import { remoteForPath } from '../src/Shell';
import { LogoutDialog } from '../src/components/LogoutDialog';
import { initials } from '../src/components/Avatar';

beforeAll(() => {
  initI18n('en-US');
  registerLocales('shell', { en, es, it: itLocale });
});

describe('route composition', () => {
  it('finds the remote that owns a path in each route set', () => {
    expect(remoteForPath('signedOut', '/')).toBe('auth');
    expect(remoteForPath('signedOut', '/download/abc')).toBe('vault');
    expect(remoteForPath('signedIn', '/')).toBe('trials');
    expect(remoteForPath('signedIn', '/clinical-trials/p1/results')).toBe('trials');
    expect(remoteForPath('signedIn', '/vault')).toBe('vault');
    expect(remoteForPath('signedIn', '/profile')).toBe('auth');
    expect(remoteForPath('signedIn', '/nowhere')).toBeNull();
  });

  it('shows the unavailable panel where a failed remote would be, and retries it', async () => {
    const retry = jest.fn();
    const routes = buildRoutes('signedOut', { auth: { status: 'failed' } }, retry);
    const router = createMemoryRouter(routes, { initialEntries: ['/signup'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByTestId('remote-unavailable-auth')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledWith('auth');
  });

  it('redirects unknown paths to the root', async () => {
    const routes = buildRoutes('signedOut', { auth: { status: 'failed' } }, jest.fn());
    const router = createMemoryRouter(routes, { initialEntries: ['/no/such/page'] });
    render(<RouterProvider router={router} />);
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks for a remote only when one of its routes is shown', () => {
    const demand = jest.fn();
    const routes = buildRoutes('signedOut', {}, jest.fn(), demand);
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/download/x'] })} />);
    expect(demand).toHaveBeenCalledWith('vault');
    expect(demand).not.toHaveBeenCalledWith('auth');
  });
});

describe('logout dialog', () => {
  it('logs out 200 ms after confirming, and not at all on cancel', () => {
    jest.useFakeTimers();
    const onLogout = jest.fn();
    const onCancel = jest.fn();
    render(<LogoutDialog open onCancel={onCancel} onLogout={onLogout} />);
    expect(screen.getByText('Do you want to logout?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onLogout).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('logout-confirm'));
    act(() => jest.advanceTimersByTime(199));
    expect(onLogout).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onLogout).toHaveBeenCalledTimes(1);
    jest.useRealTimers();
  });
});

describe('avatar initials', () => {
  const user = (nickname: string | null, email: string | null = null) => ({ nickname, email, walletAddress: null }) as never;
  it('takes the nickname initials, else the email', () => {
    expect(initials(user('Maria Rossi'))).toBe('MR');
    expect(initials(user('ada'))).toBe('AD');
    expect(initials(user(null, 'john.smith@example.org'))).toBe('JS');
  });
});

describe('sidebar state', () => {
  it('remembers expanded/minimized in local storage', async () => {
    localStorage.clear();
    const { useUiStore } = await import('../src/state/uiStore');
    expect(useUiStore.getState().expanded).toBe(true);
    act(() => useUiStore.getState().toggleExpanded());
    expect(storage.get('expandedStatus')).toBe(false);
  });
});

describe('unverified accounts', () => {
  it('say what waits on verification and send the link again', async () => {
    const { authApi } = jest.requireActual('@oncodesk/shared/api') as typeof import('@oncodesk/shared/api');
    const resend = jest.spyOn(authApi, 'resendVerification').mockResolvedValue(null as never);
    const { VerifyEmailNotice } = await import('../src/components/VerifyEmailNotice');
    render(<VerifyEmailNotice email="ada@example.org" />);
    expect(screen.getByTestId('verify-email-notice')).toHaveTextContent('Trial searches and file sharing wait until you open the link we sent to ada@example.org');
    fireEvent.click(screen.getByTestId('verify-email-resend'));
    expect(resend).toHaveBeenCalledWith('ada@example.org');
    expect(await screen.findByText('Link sent')).toBeInTheDocument();
  });
});

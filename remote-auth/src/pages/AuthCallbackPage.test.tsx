import '@testing-library/jest-dom';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError, initI18n, registerLocales } from '@oncodesk/shared';
import en from '../locales/en.json';
import es from '../locales/es.json';
import itLocale from '../locales/it.json';
import AuthCallbackPage from './AuthCallbackPage';
import { authApi } from '../api/auth';
import { startSession } from '../state/session';

// The server call and the page change are replaced: these tests are about what the page does with the URL.
jest.mock('../api/auth', () => ({ authApi: { exchangeSigninCode: jest.fn() }, usersApi: {} }));
jest.mock('../state/session', () => ({ startSession: jest.fn() }));
const api = authApi as unknown as { exchangeSigninCode: jest.Mock };

beforeAll(() => {
  initI18n('en-US');
  registerLocales('auth', { en, es, it: itLocale });
});
beforeEach(() => jest.resetAllMocks());

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/auth" element={<AuthCallbackPage />} />
        <Route path="/signup" element={<p data-testid="signup-page">signup</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('AuthCallbackPage', () => {
  it('exchanges the one-time code from the fragment by POST, once, and starts the session', async () => {
    const session = { jwt: 'session-token', user: { id: 'u1' } };
    api.exchangeSigninCode.mockResolvedValue(session);
    const code = 'c'.repeat(43);
    at(`/auth#code=${code}`);
    await waitFor(() => expect(startSession).toHaveBeenCalledWith(session));
    expect(api.exchangeSigninCode).toHaveBeenCalledTimes(1);
    expect(api.exchangeSigninCode).toHaveBeenCalledWith(code);
  });

  it('sends a used or expired code to sign-up with invalid_link', async () => {
    api.exchangeSigninCode.mockRejectedValue(new ApiError(401, 'invalid_link', 'invalid'));
    at(`/auth#code=${'d'.repeat(43)}`);
    expect(await screen.findByTestId('signup-page')).toBeInTheDocument();
    expect(startSession).not.toHaveBeenCalled();
  });

  it('ignores a session token in the query (the old ?jwt= landing no longer signs in)', async () => {
    at('/auth?jwt=eyJhbGciOiJIUzI1NiJ9.e30.x');
    expect(await screen.findByTestId('signup-page')).toBeInTheDocument();
    expect(api.exchangeSigninCode).not.toHaveBeenCalled();
    expect(startSession).not.toHaveBeenCalled();
  });
});

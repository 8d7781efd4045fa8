import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ApiError, initI18n, registerLocales, storage } from '@oncodesk/shared';
import en from '../locales/en.json';
import es from '../locales/es.json';
import itLocale from '../locales/it.json';
import VerificationPage from './VerificationPage';
import { authApi } from '../api/auth';

// The page's server calls are replaced: these tests are about what the page shows while they run.
jest.mock('../api/auth', () => ({
  authApi: { verifyEmail: jest.fn(), resendVerification: jest.fn() },
  usersApi: {},
}));
const api = authApi as unknown as { verifyEmail: jest.Mock; resendVerification: jest.Mock };

beforeAll(() => {
  initI18n('en-US');
  registerLocales('auth', { en, es, it: itLocale });
});
beforeEach(() => {
  jest.resetAllMocks();
  storage.clearExceptLanguage();
});

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <VerificationPage />
    </MemoryRouter>,
  );

describe('VerificationPage', () => {
  it('shows where the mail went and keeps resend disabled while a request is in flight', async () => {
    storage.set('signupEmail', 'ada@example.org');
    let finish: () => void = () => {};
    api.resendVerification.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    at('/verification');
    expect(screen.getByTestId('verification-pending')).toHaveTextContent('We sent a verification link to ada@example.org');
    const button = screen.getByTestId('verification-resend');
    await userEvent.click(button);
    expect(api.resendVerification).toHaveBeenCalledWith('ada@example.org');
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(api.resendVerification).toHaveBeenCalledTimes(1);
    finish();
    await screen.findByTestId('verification-resend');
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.getByTestId('verification-resend')).not.toBeDisabled();
  });

  it('verifies a link once and says so', async () => {
    api.verifyEmail.mockResolvedValue({ email: 'ada@example.org' });
    at('/verification?token=' + 'a'.repeat(43));
    expect(await screen.findByTestId('verification-done')).toHaveTextContent('Your email address is verified');
    expect(api.verifyEmail).toHaveBeenCalledTimes(1);
  });

  it('shows "something weird happened" and the support hint for an invalid link', async () => {
    api.verifyEmail.mockRejectedValue(new ApiError(400, 'invalid_link', 'invalid'));
    at('/verification?token=' + 'b'.repeat(43));
    expect(await screen.findByText('Something weird happened')).toBeInTheDocument();
    expect(screen.getByTestId('link-invalid')).toHaveTextContent('contact support');
  });
});

import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n, registerLocales, setRuntimeConfig, changeLanguage } from '@oncodesk/shared';
import en from '../locales/en.json';
import es from '../locales/es.json';
import itLocale from '../locales/it.json';
import { ExternalSignIn } from './ExternalSignIn';

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const safari = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

function setAgent(agent: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: agent, configurable: true });
}
function setEthereum(provider: unknown) {
  (window as unknown as { ethereum?: unknown }).ethereum = provider;
}
const config = (features: { google: boolean; wallet: boolean }) =>
  setRuntimeConfig({ remotes: {}, services: { api: '/api' }, features, demo: null, version: 'test' });

beforeAll(() => {
  initI18n('en-US');
  registerLocales('auth', { en, es, it: itLocale });
});
afterEach(() => {
  setEthereum(undefined);
  changeLanguage('en-US');
});

describe('ExternalSignIn', () => {
  it('shows nothing when the server enables neither Google nor wallets', () => {
    config({ google: false, wallet: false });
    const { container } = render(<ExternalSignIn mode="login" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('links the Google button to the server start route only when Google is configured', () => {
    config({ google: true, wallet: false });
    render(<ExternalSignIn mode="login" />);
    expect(screen.getByTestId('google-signin')).toHaveAttribute('href', '/api/auth/google/start');
    expect(screen.queryByTestId('wallet-signin')).toBeNull();
  });

  it('says MetaMask is not installed on a supported browser without it', async () => {
    config({ google: false, wallet: true });
    setAgent(chrome);
    render(<ExternalSignIn mode="login" />);
    await userEvent.click(screen.getByTestId('wallet-signin'));
    expect(await screen.findByTestId('wallet-error')).toHaveTextContent('Metamask is not installed');
  });

  it('refuses Safari with the supported-browsers message', async () => {
    config({ google: false, wallet: true });
    setAgent(safari);
    setEthereum({ request: jest.fn() });
    render(<ExternalSignIn mode="login" />);
    await userEvent.click(screen.getByTestId('wallet-signin'));
    expect(await screen.findByTestId('wallet-error')).toHaveTextContent('MetaMask only supports Chrome, Firefox, Edge, and Brave');
  });

  it('reports a wallet that refuses to connect, and one without accounts', async () => {
    config({ google: false, wallet: true });
    setAgent(chrome);
    setEthereum({ request: jest.fn().mockRejectedValue(new Error('User rejected')) });
    const { unmount } = render(<ExternalSignIn mode="login" />);
    await userEvent.click(screen.getByTestId('wallet-signin'));
    expect(await screen.findByTestId('wallet-error')).toHaveTextContent('Cannot connect to Metamask');
    unmount();

    setEthereum({ request: jest.fn().mockResolvedValue([]) });
    render(<ExternalSignIn mode="login" />);
    await userEvent.click(screen.getByTestId('wallet-signin'));
    expect(await screen.findByTestId('wallet-error')).toHaveTextContent('User address not found');
  });

  it('asks phone users for a desktop browser instead of offering the wallet, in their language', () => {
    config({ google: false, wallet: true });
    setAgent(iphone);
    changeLanguage('it-IT');
    render(<ExternalSignIn mode="signup" />);
    expect(screen.queryByTestId('wallet-signin')).toBeNull();
    expect(screen.getByTestId('wallet-desktop-notice')).toHaveTextContent('browser desktop');
  });
});

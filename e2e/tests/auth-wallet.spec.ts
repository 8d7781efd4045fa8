import { expect, test, type Page } from '@playwright/test';
import { serverRequire } from '../fixtures/serverPackages';

interface TestWallet {
  address: string;
  signMessage(message: Uint8Array): Promise<string>;
}
const { Wallet, getBytes } = serverRequire('ethers') as { Wallet: { createRandom(): TestWallet }; getBytes(hex: string): Uint8Array };

/**
 * An EIP-1193 provider in the page (what MetaMask injects as window.ethereum), backed by a real ethers
 * wallet in the test process: personal_sign is forwarded through page.exposeFunction and signed there.
 */
async function injectWallet(page: Page, wallet: TestWallet) {
  await page.exposeFunction('__e2eWalletSign', (hex: string) => wallet.signMessage(getBytes(hex)));
  await page.addInitScript((address: string) => {
    const w = window as unknown as { ethereum: unknown; __e2eWalletSign: (hex: string) => Promise<string> };
    w.ethereum = {
      isMetaMask: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address.toLowerCase()];
        if (method === 'eth_chainId') return '0x1';
        if (method === 'personal_sign') return w.__e2eWalletSign(String(params?.[0]));
        throw Object.assign(new Error(`unsupported method ${method}`), { code: 4200 });
      },
    };
  }, wallet.address);
}

test('sign in with a wallet (Sign-In with Ethereum) through an injected provider', async ({ page }) => {
  const wallet = Wallet.createRandom();
  await injectWallet(page, wallet);
  await page.goto('/login');
  await page.getByTestId('wallet-signin').click();
  // This spec runs while the freshly started server imports the trial catalogue: on a 2-core CI machine the
  // sign-in then took 8-19 s (0.3-1.4 s on a server at rest, test/auth/wallet.test.ts), past the 10 s default.
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 40_000 });
  // No email: the nickname falls back to the address.
  await expect(page.getByTestId('profile-menu')).toContainText(wallet.address.slice(0, 10));
  await page.goto('/profile');
  await expect(page.getByTestId('profile-wallet')).toHaveText(wallet.address);
});

test('without MetaMask the button says so', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('wallet-signin').click();
  await expect(page.getByTestId('wallet-error')).toHaveText('Metamask is not installed');
});

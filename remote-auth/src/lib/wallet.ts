import { getAddress } from 'ethers';
import { type AuthResponse } from '@oncodesk/shared';
import { authApi } from '@oncodesk/shared/api';
import { currentWalletSupport } from './browser';
import { siweMessage, toHex } from './siwe';

/** An EIP-1193 provider (MetaMask's window.ethereum). */
export interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** Why wallet sign-in stopped; each is an i18n key under `wallet.` in this remote's locales. */
export type WalletProblem = 'mobile' | 'unsupportedBrowser' | 'notInstalled' | 'cannotConnect' | 'noAddress' | 'rejected';

export class WalletError extends Error {
  constructor(readonly problem: WalletProblem) {
    super(problem);
  }
}

export function injectedProvider(): Eip1193 | null {
  const candidate = (globalThis as { ethereum?: Eip1193 }).ethereum;
  return candidate && typeof candidate.request === 'function' ? candidate : null;
}

/**
 * Sign-In with Ethereum: check the browser, connect MetaMask, get a nonce from the server, have the
 * wallet sign the EIP-4361 message for this site, and exchange the signature for a session.
 */
export async function signInWithWallet(provider: Eip1193 | null = injectedProvider()): Promise<AuthResponse> {
  const support = currentWalletSupport();
  if (support === 'mobile') throw new WalletError('mobile');
  if (support === 'unsupported-browser') throw new WalletError('unsupportedBrowser');
  if (!provider) throw new WalletError('notInstalled');

  let accounts: unknown;
  try {
    accounts = await provider.request({ method: 'eth_requestAccounts' });
  } catch {
    throw new WalletError('cannotConnect');
  }
  const first = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== 'string' || !first) throw new WalletError('noAddress');
  let address: string;
  try {
    address = getAddress(first); // EIP-55 checksum, as EIP-4361 requires
  } catch {
    throw new WalletError('noAddress');
  }
  const chainHex = await provider.request({ method: 'eth_chainId' }).catch(() => '0x1');
  const chainId = Number.parseInt(String(chainHex), 16) || 1;

  const issued = await authApi.walletNonce();
  const message = siweMessage({
    domain: issued.domain,
    address,
    statement: 'Sign in to OncoDesk.',
    uri: issued.uri,
    chainId,
    nonce: issued.nonce,
    issuedAt: new Date().toISOString(),
    expirationTime: issued.expiresAt,
  });
  let signature: unknown;
  try {
    signature = await provider.request({ method: 'personal_sign', params: [toHex(message), address] });
  } catch {
    throw new WalletError('rejected');
  }
  return authApi.walletSignIn({ message, signature: String(signature) });
}

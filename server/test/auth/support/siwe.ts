import { SiweMessage } from 'siwe';
import type { FastifyInstance } from 'fastify';

/** Fetches a nonce from the app and signs an EIP-4361 message with a real ethers wallet. */
export async function signedSiwe(
  app: FastifyInstance,
  wallet: { address: string; signMessage(message: string): Promise<string> },
  overrides: Partial<{ domain: string; uri: string; nonce: string; issuedAt: string; expirationTime: string; chainId: number }> = {},
) {
  const issued = (await app.inject({ url: '/api/auth/wallet/nonce' })).json() as { nonce: string; domain: string; uri: string };
  const message = new SiweMessage({
    domain: overrides.domain ?? issued.domain,
    address: wallet.address,
    statement: 'Sign in to OncoDesk.',
    uri: overrides.uri ?? issued.uri,
    version: '1',
    chainId: overrides.chainId ?? 1,
    nonce: overrides.nonce ?? issued.nonce,
    issuedAt: overrides.issuedAt ?? new Date().toISOString(),
    ...(overrides.expirationTime ? { expirationTime: overrides.expirationTime } : {}),
  }).prepareMessage();
  return { message, signature: await wallet.signMessage(message), nonce: issued.nonce };
}

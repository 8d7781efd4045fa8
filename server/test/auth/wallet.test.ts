import { Wallet } from 'ethers';
import { startTestApp, type TestApp } from '../support/app';
import { signedSiwe } from './support/siwe';
import { snapshot } from './support/db';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ publicUrl: 'https://oncodesk.example.org' });
});
afterAll(async () => t.close());

const signIn = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/wallet/signin', payload: payload as object });

describe('Sign-In with Ethereum', () => {
  it('issues nonces bound to our domain and URI', async () => {
    const res = await t.app.inject({ url: '/api/auth/wallet/nonce' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nonce: expect.stringMatching(/^[0-9a-f]{32}$/), domain: 'oncodesk.example.org', uri: 'https://oncodesk.example.org' });
  });

  it('creates an account for a new address and signs the same user in again', async () => {
    const wallet = Wallet.createRandom();
    const first = await signIn(await signedSiwe(t.app, wallet));
    expect(first.statusCode).toBe(200);
    const { jwt, user } = first.json();
    expect(user).toMatchObject({ walletAddress: wallet.address, nickname: wallet.address, email: null, emailVerified: false });
    const me = await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${jwt}` } });
    expect(me.json().walletAddress).toBe(wallet.address);

    const second = await signIn(await signedSiwe(t.app, wallet));
    expect(second.statusCode).toBe(200);
    expect(second.json().user.id).toBe(user.id);
  });

  it('refuses a replayed message: the nonce is single-use', async () => {
    const wallet = Wallet.createRandom();
    const signed = await signedSiwe(t.app, wallet);
    expect((await signIn(signed)).statusCode).toBe(200);
    const before = await snapshot(t);
    const replay = await signIn(signed);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('wallet_nonce_invalid');
    expect(await snapshot(t)).toEqual(before);
  });

  it('lets only one of two racing requests with the same nonce through', async () => {
    const wallet = Wallet.createRandom();
    const signed = await signedSiwe(t.app, wallet);
    const results = await Promise.all([signIn(signed), signIn(signed)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it.each([
    ['another domain', { domain: 'evil.example.com' }, 400, 'wallet_domain_mismatch'],
    ['another URI', { uri: 'https://evil.example.com' }, 400, 'wallet_domain_mismatch'],
    ['an old message', { issuedAt: new Date(Date.now() - 3_600_000).toISOString() }, 400, 'wallet_message_expired'],
    ['a message from the future', { issuedAt: new Date(Date.now() + 3_600_000).toISOString() }, 400, 'wallet_message_expired'],
    ['an expired message', { expirationTime: new Date(Date.now() - 1000).toISOString() }, 400, 'wallet_message_expired'],
    ['a nonce we never issued', { nonce: 'abcdef0123456789abcdef0123456789' }, 400, 'wallet_nonce_invalid'],
  ])('refuses %s and changes nothing', async (_name, overrides, status, code) => {
    const signed = await signedSiwe(t.app, Wallet.createRandom(), overrides);
    const before = await snapshot(t);
    const res = await signIn(signed);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a signature by another key, and keeps the nonce usable for the real one', async () => {
    const owner = Wallet.createRandom();
    const signed = await signedSiwe(t.app, owner);
    const forged = await Wallet.createRandom().signMessage(signed.message);
    const res = await signIn({ message: signed.message, signature: forged });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('wallet_signature_invalid');
    expect((await signIn(signed)).statusCode).toBe(200);
  });
});

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { verifiedEmailActions } from '@oncodesk/shared/contracts';
import type { Database } from '../db/schema';
import type { AuthService } from '../auth/service';
import type { WalletSignIn } from '../auth/wallet';
import type { AuthRateLimits } from '../auth/rateLimit';
import { requireVerifiedEmail } from '../auth/verification';
import type { VaultService } from '../vault/service';
import { vaultStorage } from '../vault/storage';
import { pathLocator } from './paths';
import { vaultCalls } from './vaultCalls';
import { accountCalls } from './accountCalls';

export interface CompatRoutesOptions {
  db: Kysely<Database>;
  /** The services the REST routes use (one instance each, shared). */
  vault: VaultService;
  auth: AuthService;
  wallet: WalletSignIn | null;
  limits: AuthRateLimits;
}

/**
 * The original product spec's vault and account calls, beside the REST routes (tag "compatibility" in
 * /api/docs): translations of the spec's names and paths to the same services, guards and errors.
 * The mapping to the REST routes is the "Compatibility calls" table in README.
 */
export const compatRoutes: FastifyPluginAsyncZod<CompatRoutesOptions> = async (app, { db, vault, auth, wallet, limits }) => {
  await app.register(vaultCalls, {
    vault,
    locate: pathLocator(vaultStorage(db)),
    shareGuard: requireVerifiedEmail(db, verifiedEmailActions.shareVaultFiles),
  });
  await app.register(accountCalls, { auth, wallet, limits });
};

import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifiedEmailAction } from '@oncodesk/shared/contracts';
import type { Database } from '../db/schema';
import { forbidden, unauthorized } from '../http/errors';

/**
 * preHandler for routes that need a verified email (see `verifiedEmailActions` in the shared contracts):
 * on a route the /api gate authenticates (http/access.ts), e.g. `preHandler: requireVerifiedEmail(db, 'vault.share')`.
 * Answers 403 `email_not_verified` otherwise. Reads the flag from the database on every call, so a
 * verification takes effect at once for sessions issued before it.
 */
export function requireVerifiedEmail(db: Kysely<Database>, action?: VerifiedEmailAction) {
  return async function verifiedEmailGuard(request: FastifyRequest): Promise<void> {
    if (!request.userId) throw unauthorized();
    const row = await db.selectFrom('users').select(['email_verified', 'email']).where('id', '=', request.userId).executeTakeFirst();
    if (!row) throw unauthorized();
    if (!row.email || !row.email_verified) {
      request.log.info({ action }, 'action refused: email not verified');
      throw forbidden('email_not_verified');
    }
  };
}

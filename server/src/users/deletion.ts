import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import { forbidden, unauthorized } from '../http/errors';

/**
 * What a domain does when a user is deleted. It runs inside the deletion transaction (read what you
 * need, e.g. the paths of the user's files, before the rows go) and may return a cleanup that runs only
 * after the transaction commits (remove those files). Rows themselves go by ON DELETE CASCADE.
 */
export type UserDeletedHook = (context: { userId: string; trx: Transaction<Database> }) => Promise<(() => Promise<void>) | void>;

const hooks = new Set<UserDeletedHook>();

/**
 * Registers a hook for account deletion; returns a function that unregisters it. Domains with data
 * outside the database (vault files on disk or in object storage) register here, e.g. in their routes
 * plugin: `onUserDeleted(async ({ userId, trx }) => { const keys = ...; return () => removeFiles(keys); })`.
 */
export function onUserDeleted(hook: UserDeletedHook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/**
 * Deletes a user and everything they own in one transaction: hooks run first (inside it), then the
 * users row, whose foreign keys cascade to every domain's rows. After commit, the hooks' cleanups run;
 * a failing cleanup is logged (the account is gone either way) and the others still run.
 */
export async function deleteUser(db: Kysely<Database>, userId: string, log: FastifyBaseLogger): Promise<void> {
  const cleanups = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('users').select(['id', 'is_demo']).where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!row) throw unauthorized();
    // The demo account is shared by every visitor: nobody may delete it for everyone else.
    if (row.is_demo) throw forbidden('demo_account_locked');
    const after: (() => Promise<void>)[] = [];
    for (const hook of hooks) {
      const cleanup = await hook({ userId, trx });
      if (cleanup) after.push(cleanup);
    }
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    return after;
  });
  for (const cleanup of cleanups) {
    try {
      await cleanup();
    } catch (error) {
      log.error({ err: error, userId }, 'cleanup after account deletion failed');
    }
  }
}

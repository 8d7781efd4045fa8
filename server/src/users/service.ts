import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { User, UserPatchRequest } from '@oncodesk/shared/contracts';
import type { Database } from '../db/schema';
import { deleteUser } from './deletion';
import { conflict, notFound, unauthorized } from '../http/errors';
import type { UserRow, UsersStorage } from './storage';
import { toCredits } from '../plans/service';

/** The API's view of a user row. */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified,
    nickname: row.nickname ?? row.wallet_address ?? row.email?.split('@')[0] ?? null,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    walletAddress: row.wallet_address,
    avatarColor: row.avatar_color,
    language: row.language as User['language'],
    acceptedClinicalTrialsDisclaimer: row.accepted_trials_disclaimer,
    isDemo: row.is_demo,
    plan: {
      id: row.plan_id,
      name: row.plan_name,
      ...toCredits({
        searches_left: row.credits_left,
        searches_per_period: row.searches_per_period,
        period_start: row.credits_period_start,
        renews_at: row.renews_at,
      }),
    },
    createdAt: new Date(row.created_at as unknown as string).toISOString(),
  };
}

const columns: Record<UserPatchRequest[number]['path'], string> = {
  '/nickname': 'nickname',
  '/username': 'username',
  '/firstName': 'first_name',
  '/lastName': 'last_name',
  '/avatarColor': 'avatar_color',
  '/language': 'language',
  '/acceptedClinicalTrialsDisclaimer': 'accepted_trials_disclaimer',
};

export function usersService(storage: UsersStorage, db: Kysely<Database>) {
  return {
    async get(id: string): Promise<User> {
      const row = await storage.byId(id);
      // A valid token for a user that no longer exists (deleted account) is a dead session.
      if (!row) throw unauthorized();
      return toUserDto(row);
    },
    /** Applies `{op:"add", path, value}` operations atomically (one UPDATE). */
    async patch(id: string, ops: UserPatchRequest): Promise<User> {
      const values: Record<string, unknown> = {};
      for (const op of ops) values[columns[op.path]] = op.value;
      try {
        const result = await storage.update(id, values);
        if (!result.numUpdatedRows) throw notFound();
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw conflict('username_taken');
        throw error;
      }
      return this.get(id);
    },
    remove: (id: string, log: FastifyBaseLogger) => deleteUser(db, id, log),
  };
}
export type UsersService = ReturnType<typeof usersService>;

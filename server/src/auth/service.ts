import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { MAIL_COOLDOWN_SECONDS, type AuthResponse } from '@oncodesk/shared/contracts';
import type { Database } from '../db/schema';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import type { SessionTokens } from '../http/session';
import type { UserRow, UsersStorage } from '../users/storage';
import { toUserDto } from '../users/service';
import type { Mailer } from '../mail';
import { renderMail } from '../mail/templates';
import type { PasswordHasher } from './passwords';
import { linkLifetimeMinutes, linkTokens, type LinkPurpose } from './tokens';
import { forgetSignInFailures } from './throttle';

export type SessionMeta = { userAgent?: string };

export interface AuthServiceDeps {
  db: Kysely<Database>;
  users: UsersStorage;
  passwords: PasswordHasher;
  sessions: SessionTokens;
  mailer: Mailer;
  /** Public origin of the app, for mailed links. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Email and password accounts: sign-up with a verification mail, sign-in, verification and recovery links. */
export function authService(deps: AuthServiceDeps) {
  const { db, users, passwords, sessions, mailer, publicUrl, log } = deps;
  const links = linkTokens(db);

  /**
   * A new session for the user (the device it was opened from is shown in the profile's session list).
   * `known`: the user's row when the caller has just read it (password sign-in), not read again.
   */
  async function respond(userId: string, meta: SessionMeta = {}, known?: UserRow): Promise<AuthResponse> {
    const row = known ?? (await users.byId(userId));
    if (!row) throw new AppError(500, 'internal');
    return { jwt: await sessions.issue(userId, meta), user: toUserDto(row) };
  }

  const linkPage: Record<LinkPurpose, string> = { verify_email: '/verification', reset_password: '/recover-pass' };

  /** Issues a link and mails it in the user's language (`later`: retried in the background if the transport refuses). */
  async function mailLink(user: UserRow & { email: string }, purpose: LinkPurpose, later = false): Promise<void> {
    const token = await links.issue(user.id, user.email, purpose);
    const link = `${publicUrl}${linkPage[purpose]}?token=${token}`;
    const minutes = linkLifetimeMinutes[purpose];
    const send = later && mailer.sendLater ? mailer.sendLater.bind(mailer) : mailer.send.bind(mailer);
    await send(
      renderMail(purpose, {
        to: user.email,
        language: user.language,
        name: user.first_name || user.nickname || user.email.split('@')[0],
        link,
        values: { hours: minutes / 60, minutes },
      }),
    );
  }

  /** Sends a cooldown-limited mail: 429 `tooSoon` within 60 s of the last one; the slot is returned if sending fails. */
  async function mailWithCooldown(user: UserRow & { email: string }, purpose: LinkPurpose, tooSoon: string): Promise<void> {
    if (!(await links.claimCooldown(user.id, purpose, MAIL_COOLDOWN_SECONDS))) throw new AppError(429, tooSoon);
    try {
      await mailLink(user, purpose);
    } catch (error) {
      await links.releaseCooldown(user.id, purpose);
      log.error({ err: error, purpose }, 'could not send mail');
      throw new AppError(503, 'mail_unavailable');
    }
  }

  return {
    respond,
    async signUp(input: { email: string; password: string; nickname?: string; language?: string }, meta: SessionMeta = {}): Promise<AuthResponse> {
      if (await users.byEmail(input.email)) throw conflict('email_taken');
      const passwordHash = await passwords.hash(input.password);
      let id: string;
      try {
        id = await users.create({ email: input.email, passwordHash, nickname: input.nickname || null, language: input.language });
      } catch (error) {
        // Two sign-ups racing for one email: the unique index decides.
        if ((error as { code?: string }).code === '23505') throw conflict('email_taken');
        throw error;
      }
      const row = (await users.byId(id)) as UserRow & { email: string };
      // The account exists either way; a mail failure is logged and the user can resend from /verification.
      await links.claimCooldown(id, 'verify_email', MAIL_COOLDOWN_SECONDS);
      // nobody to tell if it fails here (the account exists): retried in the background
      await mailLink(row, 'verify_email', true).catch((error) => log.error({ err: error }, 'could not send or queue the verification mail'));
      return respond(id, meta);
    },

    async signIn(input: { email: string; password: string }, meta: SessionMeta = {}): Promise<AuthResponse> {
      const row = await users.byEmail(input.email);
      if (!row) {
        await passwords.burn(input.password);
        throw new AppError(401, 'account_not_found');
      }
      if (!row.password_hash) {
        // Accounts created through Google have no password until they set one through recovery.
        await passwords.burn(input.password);
        throw new AppError(401, 'invalid_credentials');
      }
      if (!(await passwords.verify(row.password_hash, input.password))) throw new AppError(401, 'invalid_credentials');
      // the row read above: one statement less per sign-in, for the one the throttle adds (auth/throttle.ts)
      return respond(row.id, meta, row);
    },

    emailExists: async (email: string) => Boolean(await users.byEmail(email)),

    /** Resends the verification mail. Unknown or already verified addresses get the same silent success. */
    async resendVerification(email: string): Promise<void> {
      const row = await users.byEmail(email);
      if (!row || !row.email || row.email_verified) return;
      await mailWithCooldown(row as UserRow & { email: string }, 'verify_email', 'verification_too_soon');
    },

    /** Consumes a verification link; it proves the address it was sent to, if that is still the account's. */
    async verifyEmail(token: string): Promise<{ email: string }> {
      return db.transaction().execute(async (trx) => {
        const link = await links.consume(token, 'verify_email', trx);
        if (!link) throw badRequest('invalid_link');
        const updated = await trx
          .updateTable('users')
          .set({ email_verified: true, updated_at: new Date().toISOString() })
          .where('id', '=', link.userId)
          .where((eb) => eb(eb.fn('lower', ['email']), '=', link.email.toLowerCase()))
          .executeTakeFirst();
        // Rolls the consumption back too: a link for an address the account no longer has changes nothing.
        if (!updated.numUpdatedRows) throw badRequest('invalid_link');
        return { email: link.email };
      });
    },

    /** Mails a reset link, at most once per 60 seconds per account. */
    async requestRecovery(email: string): Promise<void> {
      const row = await users.byEmail(email);
      if (!row || !row.email) throw notFound('account_not_found');
      await mailWithCooldown(row as UserRow & { email: string }, 'reset_password', 'recovery_too_soon');
    },

    /** Sets a new password from a reset link; every other outstanding reset link stops working. */
    async resetPassword(token: string, password: string): Promise<void> {
      const passwordHash = await passwords.hash(password);
      let userId: string | undefined;
      let email: string | null = null;
      await db.transaction().execute(async (trx) => {
        const link = await links.consume(token, 'reset_password', trx);
        if (!link) throw badRequest('invalid_link');
        await links.revokeAll(link.userId, 'reset_password', trx);
        const user = await trx.selectFrom('users').select(['email']).where('id', '=', link.userId).executeTakeFirst();
        if (!user) throw badRequest('invalid_link');
        // Opening the link proved the mailbox, so the address counts as verified when it is still the account's.
        const sameAddress = (user.email ?? '').toLowerCase() === link.email.toLowerCase();
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: new Date().toISOString(), ...(sameAddress ? { email_verified: true } : {}) })
          .where('id', '=', link.userId)
          .execute();
        userId = link.userId;
        email = user.email;
      });
      // whoever held the old password holds no session any more
      await sessions.endAll(userId!);
      // the mailbox proved the owner: failed sign-ins (and the hard cap) are forgotten
      if (email) await forgetSignInFailures(db, email);
    },
  };
}
export type AuthService = ReturnType<typeof authService>;

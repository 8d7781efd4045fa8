import type { AuthResponse } from '@oncodesk/shared/contracts';
import { AppError, conflict } from '../http/errors';
import type { SessionTokens } from '../http/session';
import type { UsersStorage } from '../users/storage';
import { toUserDto } from '../users/service';
import type { PasswordHasher } from './passwords';

export function authService(deps: { users: UsersStorage; passwords: PasswordHasher; sessions: SessionTokens }) {
  const { users, passwords, sessions } = deps;
  async function respond(userId: string): Promise<AuthResponse> {
    const row = await users.byId(userId);
    if (!row) throw new AppError(500, 'internal');
    return { jwt: await sessions.issue(userId), user: toUserDto(row) };
  }
  return {
    async signUp(input: { email: string; password: string; nickname?: string; language?: string }): Promise<AuthResponse> {
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
      return respond(id);
    },
    async signIn(input: { email: string; password: string }): Promise<AuthResponse> {
      const row = await users.byEmail(input.email);
      if (!row) {
        await passwords.burn(input.password);
        throw new AppError(401, 'account_not_found');
      }
      if (!row.password_hash || !(await passwords.verify(row.password_hash, input.password))) {
        throw new AppError(401, 'invalid_credentials');
      }
      return respond(row.id);
    },
    emailExists: async (email: string) => Boolean(await users.byEmail(email)),
  };
}
export type AuthService = ReturnType<typeof authService>;

import type { Db } from '../db';
import type { PasswordHasher } from '../auth/passwords';
import { usersStorage } from '../users/storage';

/** The shared demo account the login page offers. Its data is public by design: no confidential data. */
export const demoCredentials = { email: 'demo@oncodesk.example', password: 'Demo-2026!' };

export async function seedDemoAccount(database: Db, passwords: PasswordHasher): Promise<void> {
  const users = usersStorage(database.db);
  if (await users.byEmail(demoCredentials.email)) return;
  await users.create({
    email: demoCredentials.email,
    passwordHash: await passwords.hash(demoCredentials.password),
    nickname: 'Demo clinician',
    isDemo: true,
    emailVerified: true,
  });
}

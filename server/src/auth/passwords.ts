import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated-module compilers cannot inline).
const ARGON2ID = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verify, so unknown emails are not revealed by timing. */
  burn(password: string): Promise<void>;
}

/** argon2id with the configured cost (defaults: 19 MiB, 2 passes, 1 lane: the OWASP baseline). */
export function passwordHasher(cost: { memoryCost: number; timeCost: number }): PasswordHasher {
  const options = { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 };
  let dummy: Promise<string> | null = null;
  return {
    hash: (password) => hash(password, options),
    verify: async (hashed, password) => {
      try {
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
    async burn(password) {
      dummy ??= hash('timing-equaliser', options);
      await verify(await dummy, password).catch(() => false);
    },
  };
}

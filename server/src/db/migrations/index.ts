import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_users_and_plans';

/**
 * Versioned migrations, applied in name order on start. Never edit one that has shipped: add a new file
 * (NNNN_what.ts) and list it here.
 */
const migrations: Record<string, Migration> = {
  '0001_users_and_plans': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

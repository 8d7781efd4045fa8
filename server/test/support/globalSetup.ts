import { migratedPgliteDump } from './pgliteDump';

/**
 * Before the workers start: the migrated PGlite dump test databases on PGlite load from (kept in the temporary
 * folder, so made once per schema: on a PostgreSQL run it is usually there already from the PGlite run).
 */
export default async function globalSetup() {
  await migratedPgliteDump();
}

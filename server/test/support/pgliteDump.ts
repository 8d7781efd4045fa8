import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrate } from '../../src/db';
import type { Database } from '../../src/db/schema';

/**
 * The path of a dump of a new PGlite database with every migration applied, made once per schema and machine
 * in the temporary folder (jest's globalSetup makes it before the workers start). A test database loaded from
 * it starts in ~1.5 s of CPU instead of ~7 (PGlite's initdb in WebAssembly, then the migrations). Keyed by the
 * contents of src/db and the installed PGlite, so a changed migration makes a new dump.
 */
export async function migratedPgliteDump(): Promise<string> {
  const serverDir = path.join(__dirname, '..', '..');
  const dbDir = path.join(serverDir, 'src', 'db');
  // the installed PGlite, by its folder in pnpm's store (named with its version)
  const hash = crypto.createHash('sha256').update(fs.realpathSync(path.join(serverDir, 'node_modules', '@electric-sql', 'pglite')));
  for (const file of (fs.readdirSync(dbDir, { recursive: true }) as string[]).sort()) {
    const full = path.join(dbDir, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const file = path.join(os.tmpdir(), 'oncodesk-test-pglite', `${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return file;
  const pglite = new PGlite();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrate(db);
  const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  await db.destroy();
  // written whole under another name, then renamed: a parallel jest worker never reads half a file
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, dump);
  fs.renameSync(partial, file);
  return file;
}

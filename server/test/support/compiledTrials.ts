import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { sharedDataDir } from '../../src/config/sharedData';
import { importDirectory, parseTrials } from '../../src/trials/importers';
import type { ImportResult } from '../../src/trials/model';

/**
 * Compiled trials of the shared data, made once and kept on disk for every test file and later runs.
 *
 * Compiling a trial record is seconds of CPU per thousand trials (the shared folder, 4,200 trials, is ~40 s
 * on one core), and several files need the same set: run by each, it was a third of the server suite's
 * time on CI. The result is a pure function of the sources and the data, so it is keyed by a digest of both
 * (the server's and shared package's sources, the data files' names, sizes and dates) and any change
 * compiles afresh. The unit is one trial file, so the whole folder, a folder of it and a filtered set share what
 * they have in common. Jest's workers are separate processes: the first to need a file takes a lock file and
 * compiles it, the others read what it wrote instead of compiling it again.
 */

const serverDir = path.join(__dirname, '..', '..');
const cacheDir = path.join(os.tmpdir(), 'oncodesk-test-trials');
const LOCK_STALE_MS = 10 * 60_000;

let sourcesDigest: string | undefined;
/** The sources a compile depends on: the server's and the shared package's TypeScript. */
function digestOfSources(): string {
  if (sourcesDigest) return sourcesDigest;
  const hash = crypto.createHash('sha256');
  for (const dir of [path.join(serverDir, 'src'), path.join(serverDir, '..', 'shared', 'src')]) {
    for (const file of (fs.readdirSync(dir, { recursive: true }) as string[]).sort()) {
      const full = path.join(dir, file);
      if (file.endsWith('.ts') || file.endsWith('.json')) hash.update(file).update(fs.readFileSync(full));
    }
  }
  sourcesDigest = hash.digest('hex');
  return sourcesDigest;
}

/** What a set is read from, by names, sizes and modification times (cheaper than reading ~200 MB). */
function digestOfData(target: string): string {
  const hash = crypto.createHash('sha256');
  const files = fs.statSync(target).isDirectory()
    ? (fs.readdirSync(target, { recursive: true }) as string[]).sort().map((f) => path.join(target, f))
    : [target];
  for (const file of files) {
    const s = fs.statSync(file);
    if (s.isFile()) hash.update(`${file}\0${s.size}\0${s.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The file's bytes, or undefined when it is not there (also when it goes between a check and the read). */
function readIfThere(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

let pruned = false;
/**
 * The files of other versions of the sources (~450 MB per version for the whole folder) are never read again:
 * removed once per process, when more than an hour old (a suite of another checkout may be using younger ones).
 */
function pruneOtherVersions() {
  if (pruned) return;
  pruned = true;
  const current = digestOfSources().slice(0, 12);
  for (const f of fs.readdirSync(cacheDir)) {
    const full = path.join(cacheDir, f);
    if (f.startsWith(current)) continue;
    const age = Date.now() - (fs.statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > 60 * 60_000) fs.rmSync(full, { force: true });
  }
}

/**
 * `compute()` once per key, read from disk afterwards (synchronous, as the parsers are). When another worker
 * holds the key's lock: `wait` waits for its file; otherwise returns undefined at once (the caller does other
 * work first and comes back).
 */
function cachedByKey<T>(name: string, key: string, compute: () => T, wait = true): T | undefined {
  // named by the sources first, so that files of other versions of the sources can be told and removed
  const file = path.join(cacheDir, `${digestOfSources().slice(0, 12)}-${name}-${key}.v8`);
  const lock = `${file}.lock`;
  fs.mkdirSync(cacheDir, { recursive: true });
  pruneOtherVersions();
  for (;;) {
    // the first pass only compiles what is missing: a file already written is read by the second pass, not twice
    if (!wait && fs.existsSync(file)) return undefined;
    const written = readIfThere(file);
    if (written) return v8.deserialize(written) as T;
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      // another worker compiles it; a lock left by a killed run is taken over
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > LOCK_STALE_MS) fs.rmSync(lock, { force: true });
      else if (!wait) return undefined;
      else sleep(20);
    }
  }
  try {
    const value = compute();
    // written whole under another name, then renamed: a waiting worker never reads half a file
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, v8.serialize(value));
    fs.renameSync(partial, file);
    return value;
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** One trial file's parse, keyed by the sources and the file's name, size and date. */
function cachedParse(wait: boolean) {
  return (content: string, file: string): ImportResult => {
    const key = crypto.createHash('sha256').update(digestOfSources()).update(digestOfData(file)).digest('hex').slice(0, 20);
    return (
      cachedByKey(
        `file-${path
          .basename(file)
          .replace(/[^a-z0-9]+/gi, '_')
          .slice(0, 40)}`,
        key,
        () => parseTrials(content, file),
        wait,
      ) ?? { trials: [], errors: [] }
    );
  };
}

/**
 * `importDirectory` with each file compiled at most once per version of the sources, whichever test asks for it
 * (the whole shared folder, one of its folders, a filtered set). Two passes: the first compiles every file no
 * other worker is compiling and skips the others, the second reads those once they are written, so two
 * workers asking for the same folder share its files instead of one waiting for the other.
 */
export function cachedImportDirectory(dir: string, filter?: (file: string) => boolean): ReturnType<typeof importDirectory> {
  importDirectory(dir, filter, cachedParse(false));
  return importDirectory(dir, filter, cachedParse(true));
}

const trialsDir = () => path.join(sharedDataDir(), 'trials');

/** `importDirectory` of the shared trials folder (or a folder in it), each file compiled once. */
export function sharedTrialsImport(sub = ''): ReturnType<typeof importDirectory> {
  return cachedImportDirectory(path.join(trialsDir(), sub));
}

/** The HINT file of the shared data (1,717 rows), compiled once (the same file the whole folder's import reads). */
export function sharedHintFile(): ReturnType<typeof importDirectory> {
  return sharedTrialsImport('hint');
}

import fs from 'node:fs';
import path from 'node:path';
import { sharedDataDir } from '../../src/config/sharedData';

/**
 * The shared reference data the owned lists are checked against. When it is absent (no SHARED_DATA_DIR
 * and no ../shared/data beside the project), the checks against it are skipped with a message; the
 * lists' own consistency checks still run.
 */
export const DATA = sharedDataDir();
export const HAVE_SHARED = fs.existsSync(path.join(DATA, 'vocab'));

export function describeShared(name: string, fn: () => void): void {
  if (HAVE_SHARED) {
    describe(name, fn);
    return;
  }
  describe(name, () => {
    it.skip(`skipped: shared reference data not found at ${DATA} (set SHARED_DATA_DIR)`, () => undefined);
  });
  // eslint-disable-next-line no-console
  console.warn(`[test/vocab] "${name}" skipped: shared reference data not found at ${DATA} (set SHARED_DATA_DIR to the shared/data folder)`);
}

export function readShared(...rel: string[]): string {
  return fs.readFileSync(path.join(DATA, ...rel), 'utf8');
}

export function readTsv(...rel: string[]): { header: string[]; rows: string[][] } {
  const lines = readShared(...rel).split('\n').filter((l) => l && !l.startsWith('#'));
  return { header: lines[0].split('\t'), rows: lines.slice(1).map((l) => l.split('\t')) };
}

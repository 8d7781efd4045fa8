import fs from 'node:fs';
import path from 'node:path';
import { sharedDataDir } from '../../src/config/sharedData';

/** The shared mCODE test material: the two MITRE trial-matching bundles and the STU4 IG examples. */
export const readPatientBundle = (name: 'TrialMatching_Patient01.json' | 'TrialMatching_Patient02.json') =>
  JSON.parse(fs.readFileSync(path.join(sharedDataDir(), 'patients', 'mcode', name), 'utf8')) as { entry: { resource: { resourceType: string; id: string } }[] };

export const igDir = path.join(sharedDataDir(), 'vocab', 'mcode', 'ig-stu4');
const exampleDir = path.join(igDir, 'example');

/** IG example resources whose file names match, wrapped into a collection bundle. */
export function exampleBundle(match: RegExp, types = /^(Patient|Condition|Observation|MedicationRequest|MedicationAdministration|Procedure)-/) {
  const files = fs.readdirSync(exampleDir).filter((f) => match.test(f) && types.test(f)).sort();
  return { resourceType: 'Bundle', type: 'collection', entry: files.map((f) => ({ resource: JSON.parse(fs.readFileSync(path.join(exampleDir, f), 'utf8')) })) };
}

export const readJsonFile = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

/** Whole years from a YYYY-MM-DD birth date to today, written independently of the importer. */
export function yearsSince(birth: string): number {
  const [y, m, d] = birth.split('-').map(Number);
  const now = new Date();
  const had = now.getUTCMonth() + 1 > m || (now.getUTCMonth() + 1 === m && now.getUTCDate() >= d);
  return now.getUTCFullYear() - y - (had ? 0 : 1);
}

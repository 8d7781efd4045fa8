import type { PatientData, Trial } from '@oncodesk/shared/contracts';
import { PatientData as PatientSchema } from '@oncodesk/shared/contracts';
import { finalizeTrial } from '../../src/trials/model';
import fs from 'node:fs';
import path from 'node:path';
import { sharedDataDir } from '../../src/config/sharedData';

export const DATA = sharedDataDir();
export const TRIALS_DIR = path.join(DATA, 'trials');

export function read(rel: string): string {
  return fs.readFileSync(path.join(DATA, rel), 'utf8');
}

let corpus: string | undefined;
const norm = (s: string) =>
  s
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&')
    .replace(/\\n/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** True when the sentence occurs (whitespace/entity-normalised) in the shared trial files. */
export function inSharedTrials(sentence: string): boolean {
  if (!corpus) {
    const parts: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(xml|csv|json|jsonl|ya?ml)$/.test(e.name)) parts.push(norm(fs.readFileSync(p, 'utf8')));
      }
    };
    walk(TRIALS_DIR);
    corpus = parts.join('\n');
  }
  return corpus.includes(norm(sentence));
}

/** Patient data with the contract's defaults. */
export const P = (p: Partial<PatientData>): PatientData => PatientSchema.parse(p);

/** A recruiting trial built from eligibility text (compiled as imported trials are). */
export function trial(id: string, text: string, extra: Partial<Parameters<typeof finalizeTrial>[0]> = {}): Trial {
  const r = finalizeTrial({
    id,
    nctId: id,
    otherIds: [],
    source: 'manual',
    briefTitle: extra.briefTitle ?? id,
    phases: extra.phases ?? ['2'],
    overallStatus: 'recruiting',
    collaborators: [],
    conditions: extra.conditions ?? [],
    keywords: extra.keywords ?? [],
    interventions: extra.interventions ?? [],
    cohorts: [],
    sites: extra.sites ?? [],
    dates: {},
    eligibility: { text, sex: 'all', minAge: 18 },
  });
  if (!r.trial) throw new Error(r.error);
  return r.trial;
}

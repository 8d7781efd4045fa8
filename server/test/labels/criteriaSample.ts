/**
 * The labelled criterion sample: how it is drawn (a seeded shuffle of every eligibility item of the
 * catalogue, so the same data gives the same sample) and how the compiler is scored against it.
 * Used by bench/criteria.ts and the jest floor in test/trials/criteria-sample.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { compileItem, type EligibilityItem } from '../../src/trials/compiler';
import { seededRandom } from '../support/random';

export const SAMPLE_SEED = 20261124;
export const SAMPLE_SIZE = 300;

export interface CatalogueItem {
  trial: string;
  item: EligibilityItem;
}

export interface LabelledItem {
  trial: string;
  section: 'inclusion' | 'exclusion';
  heading?: string;
  text: string;
  /** The criterion kinds the sentence states, read by a person; ["administrative"] for consent / logistics; [] when no kind fits. */
  kinds: string[];
  note?: string;
}


/** SAMPLE_SIZE items drawn without replacement (partial Fisher-Yates over the catalogue order). */
export function sampleItems(items: CatalogueItem[], seed = SAMPLE_SEED, size = SAMPLE_SIZE): CatalogueItem[] {
  const next = seededRandom(seed);
  const idx = items.map((_, i) => i);
  const out: CatalogueItem[] = [];
  for (let i = 0; i < Math.min(size, idx.length); i++) {
    const j = i + Math.floor(next() * (idx.length - i));
    [idx[i], idx[j]] = [idx[j], idx[i]];
    out.push(items[idx[i]]);
  }
  return out;
}

/** The tuning sample (criteria-sample.json) or the held-out one (criteria-heldout.json, never used to tune). */
export function labelledSample(which: 'sample' | 'heldout' = 'sample'): { seed: number; items: LabelledItem[] } {
  return JSON.parse(fs.readFileSync(path.join(__dirname, which === 'sample' ? 'criteria-sample.json' : 'criteria-heldout.json'), 'utf8'));
}

export interface KindScore {
  predicted: number;
  correct: number;
  labelled: number;
  found: number;
}

/** Compiles each labelled item and compares the kinds found with the kinds labelled. */
export function scoreSample(items: LabelledItem[]) {
  const perKind = new Map<string, KindScore>();
  const at = (k: string) => {
    let s = perKind.get(k);
    if (!s) perKind.set(k, (s = { predicted: 0, correct: 0, labelled: 0, found: 0 }));
    return s;
  };
  let concerning = 0;
  let covered = 0;
  let predicted = 0;
  let correct = 0;
  let administrativeLabelled = 0;
  let administrativeAgree = 0;
  const misses: Array<{ text: string; labelled: string[]; compiled: string[] }> = [];
  for (const it of items) {
    const compiled: string[] = [...new Set(compileItem({ text: it.text, section: it.section, heading: it.heading }).map((c) => c.spec.kind))].filter((k) => k !== 'free_text');
    const labels = new Set(it.kinds);
    const admin = labels.has('administrative');
    if (admin) {
      administrativeLabelled++;
      if (compiled.includes('administrative')) administrativeAgree++;
    } else {
      concerning++;
      if (compiled.some((k) => labels.has(k))) covered++;
    }
    for (const k of compiled) {
      const s = at(k);
      s.predicted++;
      predicted++;
      if (labels.has(k)) {
        s.correct++;
        correct++;
      }
    }
    for (const k of labels) {
      const s = at(k);
      s.labelled++;
      if (compiled.includes(k)) s.found++;
    }
    if (compiled.some((k) => !labels.has(k)) || [...labels].some((k) => !compiled.includes(k))) misses.push({ text: it.text, labelled: [...labels], compiled });
  }
  return { perKind, concerning, covered, predicted, correct, administrativeLabelled, administrativeAgree, misses };
}

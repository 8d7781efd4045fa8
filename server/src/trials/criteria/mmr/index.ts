import { msg } from '@oncodesk/shared/contracts';
import { msiDetection } from '../msi';
import { derived } from '../facts';
import { type CriterionModule, DIM_BIOMARKER } from '../types';

/** Criterion kind 'mmr': its detector, truth, words and verdict flags. */
export const mmr: CriterionModule<'mmr'> = {
  kind: 'mmr',
  detect: msiDetection,
  holds(spec, v) {
    const def = derived(v).mmrDef;
    if (def === undefined) return undefined;
    return spec.status === 'deficient' ? def : !def;
  },
  describe(spec, v) {
    const def = derived(v).mmrDef;
    return def === undefined
      ? { reason: msg('notRecorded', { what: 'MMR' }) }
      : { fact: msg('value', { value: def ? 'dMMR' : 'pMMR' }), reason: msg('status', { what: 'MMR', status: `@${spec.status}` }) };
  },
  dimension: DIM_BIOMARKER,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

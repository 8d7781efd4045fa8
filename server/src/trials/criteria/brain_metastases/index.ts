import { msg } from '@oncodesk/shared/contracts';
import { metastaticDetection } from '../metastatic';
import { unrecorded } from '../facts';
import { type CriterionModule, DIM_SETTING } from '../types';

/** Criterion kind 'brain_metastases': its detector, truth, words and verdict flags. */
export const brainMetastases: CriterionModule<'brain_metastases'> = {
  kind: 'brain_metastases',
  detect: metastaticDetection,
  holds(spec, v) {
    const p = v.p;
    if (v.hasBrainMets === undefined) return undefined;
    if (!v.hasBrainMets) return false;
    if (spec.condition === 'any') return true;
    const treated = p.brainMetastasesTreated;
    if (treated === undefined) return undefined;
    return spec.condition === 'untreated' ? !treated : treated;
  },
  describe(spec, v) {
    const p = v.p;
    if (v.hasBrainMets === undefined) return unrecorded('brain metastasis status');
    const reason = spec.condition === 'any' ? msg('value', { value: '@brain metastases' }) : msg('brainMetastases', { condition: `@${spec.condition}` });
    if (!v.hasBrainMets) return { fact: msg('value', { value: '@no brain metastases' }), reason };
    const treated = p.brainMetastasesTreated;
    if (spec.condition === 'any') return { fact: msg('value', { value: '@brain metastases' }), reason };
    return {
      fact:
        treated === undefined
          ? msg('brainMetsUnknownTreatment')
          : msg('value', { value: treated ? '@treated brain metastases' : '@untreated brain metastases' }),
      reason,
    };
  },
  dimension: DIM_SETTING,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

import { msg } from '@oncodesk/shared/contracts';
import { detectComorbidity } from '../../compiler/comorbidity';
import { conditionHolds, derived } from '../facts';
import { type CriterionModule } from '../types';

/** Criterion kind 'comorbidity': its detector, truth, words and verdict flags. */
export const comorbidity: CriterionModule<'comorbidity'> = {
  kind: 'comorbidity',
  detect: { order: 160, run: detectComorbidity },
  holds(spec, v) {
    return conditionHolds(derived(v).comorbidities, spec.condition);
  },
  describe(spec, v, holds) {
    if (holds === undefined) return { reason: msg('notRecorded', { what: `@${spec.condition}` }) };
    return {
      fact: holds ? msg('value', { value: `@${spec.condition}` }) : msg('no', { what: `@${spec.condition}` }),
      reason: msg('condition', { condition: `@${spec.condition}` }),
    };
  },
  dimension: 0,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

import { msg } from '@oncodesk/shared/contracts';
import { detectComorbidity } from '../../compiler/comorbidity';
import { conditionHolds, derived } from '../facts';
import { type CriterionModule } from '../types';

/** Criterion kind 'comorbidity': its detector, truth, words and verdict flags. */
export const comorbidity: CriterionModule<'comorbidity'> = {
  kind: 'comorbidity',
  detect: { order: 160, run: detectComorbidity },
  holds(spec, v) {
    if (spec.condition === 'cirrhosis') {
      // a Child-Pugh class beyond A is a cirrhotic, decompensating liver; class A is compensated: a criterion naming
      // cirrhosis of class B or C does not apply, one naming any cirrhosis does, and the condition does not say which
      const cp = v.p.childPugh;
      if (cp === 'B' || cp === 'C') return true;
      if (cp === 'A') return undefined;
    }
    return conditionHolds(derived(v).comorbidities, spec.condition);
  },
  describe(spec, v, holds) {
    if (spec.condition === 'cirrhosis' && v.p.childPugh)
      return { fact: msg('value', { value: `Child-Pugh ${v.p.childPugh}` }), reason: msg('condition', { condition: '@cirrhosis' }) };
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

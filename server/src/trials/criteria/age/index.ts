import { msg } from '@oncodesk/shared/contracts';
import { detectAge } from '../../compiler/age';
import { range, inRange, unrecorded } from '../facts';
import { type CriterionModule } from '../types';

/** Criterion kind 'age': its detector, truth, words and verdict flags. */
export const age: CriterionModule<'age'> = {
  kind: 'age',
  detect: { order: 10, run: detectAge },
  holds(spec, v) {
    const p = v.p;
    if (p.age === undefined) return undefined;
    return inRange(p.age, spec.min, spec.max);
  },
  describe(spec, v) {
    const p = v.p;
    return p.age === undefined
      ? unrecorded('age')
      : { fact: msg('age', { age: p.age }), reason: msg('requiresAge', { range: range(spec.min, spec.max, '∞') }) };
  },
  dimension: 0,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: true,
};

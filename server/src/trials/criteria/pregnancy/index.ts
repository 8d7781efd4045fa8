import { msg } from '@oncodesk/shared/contracts';
import { detectPregnancy } from '../../compiler/pregnancy';
import { type CriterionModule } from '../types';

/** Criterion kind 'pregnancy': its detector, truth, words and verdict flags. */
export const pregnancy: CriterionModule<'pregnancy'> = {
  kind: 'pregnancy',
  detect: { order: 150, run: detectPregnancy },
  holds(_spec, v) {
    const p = v.p;
    if (p.gender === 'male') return false;
    return p.pregnant;
  },
  describe(spec, v) {
    const p = v.p;
    if (p.gender === 'male') return { fact: msg('value', { value: '@male' }), reason: msg('pregnancy') };
    return { fact: p.pregnant === undefined ? undefined : msg('value', { value: p.pregnant ? '@pregnant' : '@not pregnant' }), reason: msg('pregnancy') };
  },
  dimension: 0,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

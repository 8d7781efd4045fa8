import { msg } from '@oncodesk/shared/contracts';
import { detectSex } from '../../compiler/sex';
import { unrecorded } from '../facts';
import { type CriterionModule } from '../types';

/** Criterion kind 'sex': its detector, truth, words and verdict flags. */
export const sex: CriterionModule<'sex'> = {
  kind: 'sex',
  detect: { order: 20, run: detectSex },
  holds(spec, v) {
    const p = v.p;
    if (!p.gender || p.gender === 'other') return undefined;
    return p.gender === spec.sex;
  },
  describe(spec, v) {
    const p = v.p;
    if (!p.gender) return unrecorded('sex');
    return { fact: msg('sex', { sex: `@sex_${p.gender}` }), reason: msg('restrictedTo', { sex: `@${spec.sex}` }) };
  },
  dimension: 0,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: true,
};

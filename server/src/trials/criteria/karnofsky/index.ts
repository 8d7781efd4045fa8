import { msg } from '@oncodesk/shared/contracts';
import { ecogDetection } from '../ecog';
import { ECOG_TO_KPS, range, inRange, unrecorded } from '../facts';
import { type CriterionModule } from '../types';

/** Criterion kind 'karnofsky': its detector, truth, words and verdict flags. */
export const karnofsky: CriterionModule<'karnofsky'> = {
  kind: 'karnofsky',
  detect: ecogDetection,
  holds(spec, v) {
    const p = v.p;
    if (p.karnofsky !== undefined) return inRange(p.karnofsky, spec.min, spec.max);
    if (p.ecog === undefined) return undefined;
    const [lo, hi] = ECOG_TO_KPS[p.ecog];
    if ((spec.min === undefined || lo >= spec.min) && (spec.max === undefined || hi <= spec.max)) return true;
    if ((spec.min !== undefined && hi < spec.min) || (spec.max !== undefined && lo > spec.max)) return false;
    return undefined;
  },
  describe(spec, v) {
    const p = v.p;
    if (p.karnofsky !== undefined)
      return { fact: msg('karnofsky', { value: p.karnofsky }), reason: msg('karnofskyRange', { range: range(spec.min, spec.max, 100) }) };
    if (p.ecog === undefined) return unrecorded('Karnofsky');
    const [lo, hi] = ECOG_TO_KPS[p.ecog];
    return { fact: msg('ecogAsKarnofsky', { ecog: p.ecog, range: `${lo}–${hi}` }), reason: msg('karnofskyFromEcog') };
  },
  dimension: 0,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

import { msg } from '@oncodesk/shared/contracts';
import { detectPerformance } from '../../compiler/performance';
import { range, derived, inRange, unrecorded } from '../facts';
import { type CriterionModule, type Detection } from '../types';

/** The detector reading ecog, karnofsky (one pass over the sentence for all of them). */
export const ecogDetection: Detection = { order: 30, run: detectPerformance };

/** Criterion kind 'ecog': its detector, truth, words and verdict flags. */
export const ecog: CriterionModule<'ecog'> = {
  kind: 'ecog',
  detect: ecogDetection,
  holds(spec, v) {
    const p = v.p;
    if (p.ecog !== undefined) return inRange(p.ecog, spec.min, spec.max);
    const e = derived(v).ecogFromKps;
    return e === undefined ? undefined : inRange(e, spec.min, spec.max);
  },
  describe(spec, v) {
    const p = v.p;
    if (p.ecog !== undefined) return { fact: msg('ecog', { value: p.ecog }), reason: msg('ecogRange', { range: range(spec.min, spec.max, 4) }) };
    const e = derived(v).ecogFromKps;
    return e === undefined ? unrecorded('ECOG') : { fact: msg('karnofskyAsEcog', { kps: p.karnofsky!, ecog: e }), reason: msg('ecogFromKarnofsky') };
  },
  dimension: 0,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

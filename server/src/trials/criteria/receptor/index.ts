import { msg } from '@oncodesk/shared/contracts';
import { detectReceptor } from '../../compiler/receptor';
import { cmp, derived, receptorOf } from '../facts';
import { type CriterionModule, DIM_BIOMARKER } from '../types';

/** Criterion kind 'receptor': its detector, truth, words and verdict flags. */
export const receptor: CriterionModule<'receptor'> = {
  kind: 'receptor',
  detect: { order: 100, run: detectReceptor },
  holds(spec, v) {
    const r = receptorOf(v, derived(v), spec.marker);
    if (!r) return undefined;
    if (spec.marker === 'PD-L1' && spec.value !== undefined && !Number.isNaN(r.n)) return cmp(spec.op ?? '>=', r.n, spec.value);
    return spec.status === 'positive' ? r.pos && !r.low : spec.status === 'low' ? r.low : !r.pos || r.low;
  },
  describe(spec, v) {
    const r = receptorOf(v, derived(v), spec.marker);
    if (!r) return { reason: msg('notRecorded', { what: spec.marker }) };
    if (spec.marker === 'PD-L1' && spec.value !== undefined && !Number.isNaN(r.n))
      return {
        fact: msg('measured', { what: 'PD-L1', value: `${r.n}%` }),
        reason: msg('compare', { what: 'PD-L1', op: spec.op ?? '>=', value: `${spec.value}%` }),
      };
    return {
      fact: msg('measured', { what: spec.marker, value: /^(?:positive|negative|low|high)$/.test(r.value) ? `@${r.value}` : r.value }),
      reason: msg('status', { what: spec.marker, status: `@${spec.status}` }),
    };
  },
  dimension: DIM_BIOMARKER,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

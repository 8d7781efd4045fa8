import { msg } from '@oncodesk/shared/contracts';
import { detectTmb } from '../../compiler/tmb';
import { cmp, derived } from '../facts';
import { type CriterionModule, DIM_BIOMARKER } from '../types';

/** Criterion kind 'tmb': its detector, truth, words and verdict flags. */
export const tmb: CriterionModule<'tmb'> = {
  kind: 'tmb',
  detect: { order: 80, run: detectTmb },
  holds(spec, v) {
    const t = derived(v).tmb;
    return t === undefined ? undefined : cmp(spec.op, t, spec.value);
  },
  describe(spec, v) {
    const t = derived(v).tmb;
    return t === undefined
      ? { reason: msg('notRecorded', { what: 'TMB' }) }
      : { fact: msg('measured', { what: 'TMB', value: t }), reason: msg('compare', { what: 'TMB', op: spec.op, value: spec.value }) };
  },
  dimension: DIM_BIOMARKER,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

import { msg } from '@oncodesk/shared/contracts';
import { detectResectability } from '../../compiler/resectability';
import { unrecorded } from '../facts';
import { type CriterionModule, DIM_SETTING } from '../types';

/** Criterion kind 'resectability': its detector, truth, words and verdict flags. */
export const resectability: CriterionModule<'resectability'> = {
  kind: 'resectability',
  detect: { order: 130, run: detectResectability },
  holds(spec, v) {
    const p = v.p;
    if (p.resectable === undefined) return p.metastatic ? (spec.resectable ? undefined : true) : undefined;
    return p.resectable === spec.resectable;
  },
  describe(spec, v) {
    const p = v.p;
    if (p.resectable === undefined)
      return p.metastatic
        ? { fact: msg('value', { value: '@metastatic' }), reason: msg(spec.resectable ? 'resectable' : 'unresectableOrMetastatic') }
        : unrecorded('resectability');
    return { fact: msg('value', { value: p.resectable ? '@resectable' : '@unresectable' }), reason: msg(spec.resectable ? 'resectable' : 'unresectable') };
  },
  dimension: DIM_SETTING,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

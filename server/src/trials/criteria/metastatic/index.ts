import { msg } from '@oncodesk/shared/contracts';
import { detectMetastatic } from '../../compiler/metastatic';
import { derived } from '../facts';
import { type CriterionModule, type Detection, DIM_SETTING } from '../types';

/** The detector reading metastatic, metastasis_site, brain_metastases (one pass over the sentence for all of them). */
export const metastaticDetection: Detection = { order: 50, run: detectMetastatic };

/** Criterion kind 'metastatic': its detector, truth, words and verdict flags. */
export const metastatic: CriterionModule<'metastatic'> = {
  kind: 'metastatic',
  detect: metastaticDetection,
  holds(spec, v) {
    const p = v.p;
    const d = derived(v);
    const met = d.met;
    if (spec.state === 'metastatic') return met;
    if (spec.state === 'non_metastatic') return met === undefined ? undefined : !met;
    if (met) return true;
    const ps = d.stage;
    if (ps && ps.n >= 3) return true;
    if (p.resectable === false) return true;
    if (ps && ps.n <= 2) return false;
    return undefined;
  },
  describe(spec, v) {
    const p = v.p;
    const d = derived(v);
    const reason = msg('requiresState', { state: spec.state === 'non_metastatic' ? '@non-metastatic' : `@${spec.state}` });
    if (d.met !== undefined) return { fact: msg('value', { value: d.met ? '@metastatic' : '@not metastatic' }), reason };
    if (spec.state === 'advanced' && d.stage) return { fact: msg('stage', { stage: p.stage! }), reason };
    if (spec.state === 'advanced' && p.resectable === false) return { fact: msg('value', { value: '@unresectable' }), reason };
    return { reason };
  },
  dimension: DIM_SETTING,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

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
    // "advanced" as trials use it: beyond curative local treatment. The record's extent, an unresectable tumour, a
    // BCLC C / D liver cancer and stage IV say so; "localized", BCLC 0 / A and stage I-II say not. Stage III alone does
    // not decide it (a resected stage III colon cancer, a IIIB cervix for chemoradiation are curable): unknown
    const ext = p.diseaseExtent;
    if (ext === 'advanced' || ext === 'locally_advanced') return true;
    if (p.resectable === false) return true;
    if (p.bclcStage === 'C' || p.bclcStage === 'D') return true;
    const ps = d.stage;
    if (ps && ps.n >= 4) return true;
    if (ext === 'localized' || p.bclcStage === '0' || p.bclcStage === 'A') return false;
    if (ps && ps.n <= 2) return false;
    return undefined;
  },
  describe(spec, v) {
    const p = v.p;
    const d = derived(v);
    const reason = msg('requiresState', { state: spec.state === 'non_metastatic' ? '@non-metastatic' : `@${spec.state}` });
    if (d.met !== undefined) return { fact: msg('value', { value: d.met ? '@metastatic' : '@not metastatic' }), reason };
    if (spec.state === 'advanced' && p.diseaseExtent)
      return { fact: msg('value', { value: `@${p.diseaseExtent === 'locally_advanced' ? 'locally advanced' : p.diseaseExtent}` }), reason };
    if (spec.state === 'advanced' && p.bclcStage) return { fact: msg('value', { value: `BCLC ${p.bclcStage}` }), reason };
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

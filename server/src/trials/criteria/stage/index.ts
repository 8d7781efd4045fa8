import { msg } from '@oncodesk/shared/contracts';
import { detectStage } from '../../compiler/stage';
import { stageOf, derived, unrecorded } from '../facts';
import { type CriterionModule, DIM_SETTING } from '../types';

/** Criterion kind 'stage': its detector, truth, words and verdict flags. */
export const stage: CriterionModule<'stage'> = {
  kind: 'stage',
  detect: { order: 40, run: detectStage },
  holds(spec, v) {
    const p = v.p;
    if (!p.stage && !p.tnm) return undefined;
    if (spec.groups.length && p.stage) {
      const ps = derived(v).stage;
      if (!ps) return undefined;
      let unknown = false;
      for (const g of spec.groups) {
        const gs = stageOf(g);
        if (!gs || gs.n !== ps.n) continue;
        if (!gs.letter || gs.letter === ps.letter) return true;
        if (!ps.letter) unknown = true;
      }
      return unknown ? undefined : false;
    }
    if (p.tnm && (spec.t || spec.n || spec.m)) {
      const part = (want: string[] | undefined, have: string | undefined) =>
        !want
          ? true
          : !have
            ? undefined
            : want.some((w) =>
                have
                  .toUpperCase()
                  .replace(/^[TNM]/, '')
                  .startsWith(w.toUpperCase()),
              );
      const r = [part(spec.t, p.tnm.t), part(spec.n, p.tnm.n), part(spec.m, p.tnm.m)];
      return r.includes(false) ? false : r.includes(undefined) ? undefined : true;
    }
    return undefined;
  },
  describe(spec, v) {
    const p = v.p;
    if (!p.stage && !p.tnm) return unrecorded('stage');
    if (spec.groups.length && p.stage)
      return {
        fact: msg('stage', { stage: p.stage }),
        reason: derived(v).stage ? msg('stageGroups', { groups: spec.groups.join('/') }) : msg('stageUnreadable'),
      };
    if (p.tnm && (spec.t || spec.n || spec.m)) return { fact: msg('tnmFact', { tnm: `${p.tnm.t ?? ''}${p.tnm.n ?? ''}${p.tnm.m ?? ''}` }), reason: msg('tnm') };
    return { reason: msg('stageNotComparable') };
  },
  dimension: DIM_SETTING,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

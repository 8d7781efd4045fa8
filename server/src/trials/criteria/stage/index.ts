import { msg } from '@oncodesk/shared/contracts';
import { detectStage } from '../../compiler/stage';
import { stageNumberOfDistantSpread } from '../../../vocab/stage';
import { stageOf, derived, unrecorded, type PatientView } from '../facts';
import { type CriterionModule, DIM_SETTING } from '../types';

/**
 * The stage number distant spread places a patient in, when the patient has no recorded stage, is recorded with
 * distant metastases and the trial names stage groups: a trial for stage I–II breast cancer (an NCI listing's
 * "Stage I Breast Cancer", a title's "Stage I-III") is not for a metastatic patient, whatever the stage at diagnosis.
 */
function spreadStage(groups: readonly string[], v: PatientView): number | undefined {
  return groups.length && derived(v).met === true ? stageNumberOfDistantSpread(v.p.focusArea) : undefined;
}

/**
 * The trial's stage groups against the patient's stage: a group of another number fails, one of the same number
 * holds when it names no letter or the patient's; a lettered group ("IVB") against a stage without a letter may.
 */
function groupsHold(groups: readonly string[], ps: { n: number; letter?: string }): boolean | undefined {
  let unknown = false;
  for (const g of groups) {
    const gs = stageOf(g);
    if (!gs || gs.n !== ps.n) continue;
    if (!gs.letter || gs.letter === ps.letter) return true;
    if (!ps.letter) unknown = true;
  }
  return unknown ? undefined : false;
}

/** The stage groups against the stage of distant spread (a number without a letter). */
function bySpread(groups: readonly string[], v: PatientView): boolean | undefined {
  const n = spreadStage(groups, v);
  return n === undefined ? undefined : groupsHold(groups, { n });
}

/**
 * The patient's TNM as a stage criterion reads it: as recorded, its M (or the whole, when none is recorded) taken
 * from the recorded spread when the record does not say — distant metastases are M1, disease recorded as not
 * metastatic M0 ("Stage T1-T2cN0M0" focal therapy is not for a metastatic castration-resistant patient).
 */
function tnmOf(v: PatientView): { t?: string; n?: string; m?: string; spread?: true } | undefined {
  const met = derived(v).met;
  const m = met === true ? 'M1' : met === false ? 'M0' : undefined;
  if (v.p.tnm) return v.p.tnm.m || !m ? v.p.tnm : { ...v.p.tnm, m, spread: true };
  return m ? { m, spread: true } : undefined;
}

/** Criterion kind 'stage': its detector, truth, words and verdict flags. */
export const stage: CriterionModule<'stage'> = {
  kind: 'stage',
  detect: { order: 40, run: detectStage },
  holds(spec, v) {
    const p = v.p;
    if (!p.stage && !p.tnm) {
      const r = bySpread(spec.groups, v);
      if (r !== undefined || !spec.m) return r;
    }
    if (spec.groups.length && p.stage) {
      const ps = derived(v).stage;
      return ps ? groupsHold(spec.groups, ps) : undefined;
    }
    const tnm = tnmOf(v);
    if (tnm && (spec.t || spec.n || spec.m)) {
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
      const r = [part(spec.t, tnm.t), part(spec.n, tnm.n), part(spec.m, tnm.m)];
      return r.includes(false) ? false : r.includes(undefined) ? undefined : true;
    }
    return undefined;
  },
  describe(spec, v) {
    const p = v.p;
    if (!p.stage && !p.tnm) {
      const n = spreadStage(spec.groups, v);
      if (n !== undefined)
        return { fact: msg('stageBySpread', { stage: 'I II III IV'.split(' ')[n - 1] }), reason: msg('stageGroups', { groups: spec.groups.join('/') }) };
      if (!spec.m || !tnmOf(v)) return unrecorded('stage');
    }
    if (spec.groups.length && p.stage)
      return {
        fact: msg('stage', { stage: p.stage }),
        reason: derived(v).stage ? msg('stageGroups', { groups: spec.groups.join('/') }) : msg('stageUnreadable'),
      };
    const tnm = tnmOf(v);
    if (tnm && (spec.t || spec.n || spec.m))
      return { fact: msg(tnm.spread ? 'tnmBySpread' : 'tnmFact', { tnm: `${tnm.t ?? ''}${tnm.n ?? ''}${tnm.m ?? ''}` }), reason: msg('tnm') };
    return { reason: msg('stageNotComparable') };
  },
  dimension: DIM_SETTING,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

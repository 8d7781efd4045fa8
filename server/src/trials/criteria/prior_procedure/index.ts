import { msg } from '@oncodesk/shared/contracts';
import { detectPriorProcedure } from '../../compiler/priorProcedure';
import { conditionHolds, derived } from '../facts';
import { type CriterionModule } from '../types';

/** Criterion kind 'prior_procedure': its detector, truth, words and verdict flags. */
export const priorProcedure: CriterionModule<'prior_procedure'> = {
  kind: 'prior_procedure',
  detect: { order: 220, run: detectPriorProcedure },
  holds(spec, v) {
    const p = v.p;
    if (spec.procedure === 'stem_cell_transplant') return conditionHolds(derived(v).comorbidities, 'organ_transplant') ? true : undefined;
    const kind = spec.procedure === 'radiotherapy' ? 'radiation' : 'surgery';
    return (p.priorTreatments ?? []).some((t) => t.kind === kind) ? true : undefined;
  },
  describe(spec, v, holds) {
    const what = spec.site
      ? msg('priorProcedureAt', { procedure: `@${spec.procedure}`, site: spec.site })
      : msg('priorProcedure', { procedure: `@${spec.procedure}` });
    return holds ? { fact: what, reason: what } : { reason: { ...what, key: spec.site ? 'priorProcedureAtNotRecorded' : 'priorProcedureNotRecorded' } };
  },
  dimension: 0,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

import { msg } from '@oncodesk/shared/contracts';
import { detectRecentTherapy } from '../../compiler/recentTherapy';
import { SYSTEMIC_RECENT } from '../facts';
import { type CriterionModule } from '../types';

/** Criterion kind 'recent_therapy': its detector, truth, words and verdict flags. */
export const recentTherapy: CriterionModule<'recent_therapy'> = {
  kind: 'recent_therapy',
  detect: { order: 210, run: detectRecentTherapy },
  holds(spec, v) {
    // a patient known never to have had systemic therapy had none recently; dates are not recorded otherwise
    return SYSTEMIC_RECENT.has(spec.therapy) && v.treatmentsKnown && !v.anyPriorTherapy ? false : undefined;
  },
  describe(spec, v, holds) {
    const what =
      spec.days !== undefined
        ? msg('recentTherapy', { therapy: `@${spec.therapy}`, days: spec.days })
        : msg('recentTherapyAny', { therapy: `@${spec.therapy}` });
    return holds === false
      ? { fact: msg('noPriorSystemic'), reason: what }
      : { reason: { ...what, key: spec.days !== undefined ? 'recentNoDates' : 'recentAnyNoDates' } };
  },
  dimension: 0,
  speaksToLevel: false,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

import { msg } from '@oncodesk/shared/contracts';
import { detectConcomitant } from '../../compiler/concomitant';
import { MEDICATION_FROM_CONDITION, conditionHolds, derived } from '../facts';
import { type CriterionModule } from '../types';

/** Criterion kind 'concomitant_medication': its detector, truth, words and verdict flags. */
export const concomitantMedication: CriterionModule<'concomitant_medication'> = {
  kind: 'concomitant_medication',
  detect: { order: 230, run: detectConcomitant },
  holds(spec, v) {
    const condition = MEDICATION_FROM_CONDITION[spec.medication];
    return condition ? conditionHolds(derived(v).comorbidities, condition) : undefined;
  },
  describe(spec, v, holds) {
    const reason = msg('currentMedication', { medication: `@${spec.medication}` });
    return holds === undefined
      ? { reason: { ...reason, key: 'currentMedicationNotRecorded' } }
      : { fact: holds ? msg('value', { value: `@${spec.medication}` }) : msg('no', { what: `@${spec.medication}` }), reason };
  },
  dimension: 0,
  speaksToLevel: false,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

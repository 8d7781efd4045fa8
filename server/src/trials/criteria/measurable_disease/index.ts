import { msg } from '@oncodesk/shared/contracts';
import { detectMeasurable } from '../../compiler/measurable';
import { type CriterionModule } from '../types';

/** Criterion kind 'measurable_disease': its detector, truth, words and verdict flags. */
export const measurableDisease: CriterionModule<'measurable_disease'> = {
  kind: 'measurable_disease',
  detect: { order: 120, run: detectMeasurable },
  holds(_spec, v) {
    const p = v.p;
    return p.measurableDisease;
  },
  describe(spec, v) {
    const p = v.p;
    return {
      fact: p.measurableDisease === undefined ? undefined : msg('value', { value: p.measurableDisease ? '@measurable disease' : '@no measurable disease' }),
      reason: msg('measurableDisease'),
    };
  },
  dimension: 0,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

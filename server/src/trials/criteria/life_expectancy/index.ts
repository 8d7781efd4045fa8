import { msg } from '@oncodesk/shared/contracts';
import { detectLifeExpectancy } from '../../compiler/lifeExpectancy';
import { type CriterionModule } from '../types';

/** Criterion kind 'life_expectancy': its detector, truth, words and verdict flags. */
export const lifeExpectancy: CriterionModule<'life_expectancy'> = {
  kind: 'life_expectancy',
  detect: { order: 180, run: detectLifeExpectancy },
  holds() {
    return undefined;
  },
  describe(spec, v) {
    return { reason: msg('lifeExpectancy', { months: spec.minMonths }) };
  },
  dimension: 0,
  speaksToLevel: false,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

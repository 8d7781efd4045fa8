import { msg } from '@oncodesk/shared/contracts';
import { detectOrganFunction } from '../../compiler/organFunction';
import { type CriterionModule } from '../types';

/** Criterion kind 'organ_function': its detector, truth, words and verdict flags. */
export const organFunction: CriterionModule<'organ_function'> = {
  kind: 'organ_function',
  detect: { order: 200, run: detectOrganFunction },
  holds() {
    return undefined;
  },
  describe(spec, v) {
    return { reason: msg('organFunction', { system: `@${spec.system}` }) };
  },
  dimension: 0,
  speaksToLevel: false,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

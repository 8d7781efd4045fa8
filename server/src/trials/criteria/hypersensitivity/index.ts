import { msg } from '@oncodesk/shared/contracts';
import { detectHypersensitivity } from '../../compiler/hypersensitivity';
import { type CriterionModule } from '../types';

/** Criterion kind 'hypersensitivity': its detector, truth, words and verdict flags. */
export const hypersensitivity: CriterionModule<'hypersensitivity'> = {
  kind: 'hypersensitivity',
  detect: { order: 240, run: detectHypersensitivity },
  holds() {
    return undefined;
  },
  describe(spec, v) {
    return { reason: spec.drugs.length ? msg('hypersensitivity', { drugs: spec.drugs.join(', ') }) : msg('hypersensitivityStudy') };
  },
  dimension: 0,
  speaksToLevel: false,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

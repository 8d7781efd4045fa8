import { msg } from '@oncodesk/shared/contracts';
import { detectAdministrative } from '../../compiler/administrative';
import { type CriterionModule } from '../types';

/** Criterion kind 'administrative': its detector, truth, words and verdict flags. */
export const administrative: CriterionModule<'administrative'> = {
  kind: 'administrative',
  detect: { order: 1000, run: detectAdministrative, fallback: true },
  holds() {
    return undefined;
  },
  describe(spec, v) {
    return { reason: msg('administrative', { topic: `@${spec.topic}` }) };
  },
  dimension: 0,
  speaksToLevel: true,
  counted: false,
  topical: false,
  alternatives: false,
  registryField: false,
};

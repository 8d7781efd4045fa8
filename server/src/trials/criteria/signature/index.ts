import { msg } from '@oncodesk/shared/contracts';
import { type CriterionModule, DIM_BIOMARKER } from '../types';

/** Criterion kind 'signature': its detector, truth, words and verdict flags. */
export const signature: CriterionModule<'signature'> = {
  kind: 'signature',
  // no sentence detector: from structured imports only (CTML signatures, importers/ctml.ts); guideline rules use it too
  detect: null,
  holds() {
    return undefined;
  },
  describe(spec, v) {
    return { reason: msg('signatureNotRecorded', { name: spec.name }) };
  },
  dimension: DIM_BIOMARKER,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

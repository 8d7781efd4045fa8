import { msg } from '@oncodesk/shared/contracts';
import { type CriterionModule } from '../types';

/** Criterion kind 'free_text': its detector, truth, words and verdict flags. */
export const freeText: CriterionModule<'free_text'> = {
  kind: 'free_text',
  // no detector: the compiler's fallback for a sentence no detector read (compiler/index.ts compileItem)
  detect: null,
  holds() {
    return undefined;
  },
  describe(spec, v) {
    return { reason: spec.decides ? msg('freeTextDeciding', { topic: `@deciding_${spec.decides}` }) : msg('freeText') };
  },
  dimension: 0,
  speaksToLevel: false,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

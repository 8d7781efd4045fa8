import { msg } from '@oncodesk/shared/contracts';
import { diseaseStateHolds } from '../facts';
import { type CriterionModule, DIM_SETTING } from '../types';

/** Criterion kind 'disease_state': its detector, truth, words and verdict flags. */
export const diseaseState: CriterionModule<'disease_state'> = {
  kind: 'disease_state',
  // no sentence detector of its own: compiler/setting.ts deriveSetting reads it with the disease setting
  detect: null,
  holds(spec, v) {
    const p = v.p;
    return diseaseStateHolds(spec.state, p);
  },
  describe(spec, v, holds) {
    return holds === undefined
      ? { reason: msg('notRecordedSuffix', { what: `@${spec.state}` }) }
      : { fact: holds ? msg('value', { value: `@${spec.state}` }) : msg('not', { what: `@${spec.state}` }), reason: msg('value', { value: `@${spec.state}` }) };
  },
  dimension: DIM_SETTING,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

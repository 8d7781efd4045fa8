import { msg } from '@oncodesk/shared/contracts';
import { detectMenopausal } from '../../compiler/menopausal';
import { type CriterionModule } from '../types';

/** Criterion kind 'menopausal_status': its detector, truth, words and verdict flags. */
export const menopausalStatus: CriterionModule<'menopausal_status'> = {
  kind: 'menopausal_status',
  detect: { order: 170, run: detectMenopausal },
  holds(spec, v) {
    const p = v.p;
    if (p.gender === 'male') return false;
    return p.menopausalStatus === undefined ? undefined : p.menopausalStatus === spec.status;
  },
  describe(spec, v) {
    if (v.p.gender === 'male') return { fact: msg('value', { value: '@male' }), reason: msg('value', { value: `@${spec.status}` }) };
    const status = v.p.menopausalStatus;
    return status
      ? { fact: msg('value', { value: `@${status}` }), reason: msg('value', { value: `@${spec.status}` }) }
      : { reason: msg('notRecordedSuffix', { what: '@menopausal status' }) };
  },
  dimension: 0,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

import { msg } from '@oncodesk/shared/contracts';
import { metastaticDetection } from '../metastatic';
import { derived, unrecorded } from '../facts';
import { type CriterionModule, DIM_SETTING } from '../types';

/** Criterion kind 'metastasis_site': its detector, truth, words and verdict flags. */
export const metastasisSite: CriterionModule<'metastasis_site'> = {
  kind: 'metastasis_site',
  detect: metastaticDetection,
  holds(spec, v) {
    const p = v.p;
    const sites = derived(v).metSites;
    for (const s of sites) if (s.includes(spec.site) || (spec.site === 'liver' && s.includes('hepat'))) return true;
    if (p.metastatic === false) return false;
    if (sites.length) return false;
    return undefined;
  },
  describe(spec, v) {
    const p = v.p;
    const sites = derived(v).metSites;
    const reason = msg('sitesMetastases', { site: spec.site });
    if (sites.length) return { fact: msg('metastasesAt', { sites: sites.join(', ') }), reason };
    return p.metastatic === false ? { fact: msg('value', { value: '@not metastatic' }), reason } : unrecorded('metastatic sites');
  },
  dimension: DIM_SETTING,
  speaksToLevel: true,
  counted: true,
  topical: false,
  alternatives: false,
  registryField: false,
};

import type { Condition } from '@medplum/fhirtypes';
import type { FocusArea } from '@oncodesk/shared/contracts';
import { badRequest } from '../../http/errors';
import { focusAreaOfCode, focusAreaOfText, oncotreeCandidates } from '../terms/cancers';
import { metastasisSiteOf } from '../terms/metastases';
import { snomed, systems } from '../profiles';
import { claims, codings, dateOf, hasCode, textOf, type Entry, type ParsedBundle } from './bundle';
import type { Collector } from './collect';

const CANCER_WORDS = /cancer|carcinoma|malignan|neoplasm|tumou?r|sarcoma|lymphoma|leuka?emia|melanoma|myeloma|blastoma/i;
const SECONDARY_WORDS = /secondary malignant|metasta/i;
const MORPHOLOGY = /mcode-histology-morphology-behavior$/;

export interface Primary {
  entry: Entry;
  focusArea?: FocusArea;
  /** Code, morphology and body site words, for the histology. */
  texts: string[];
}

const refuted = (c: Condition) => codings(c.verificationStatus).some((x) => x.code === 'refuted' || x.code === 'entered-in-error');

export function isSecondary(c: Condition): boolean {
  if (claims(c, 'mcode-secondary-cancer-condition')) return true;
  return !claims(c, 'mcode-primary-cancer-condition') && SECONDARY_WORDS.test(textOf(c.code));
}

function morphologyText(c: Condition): string {
  const ext = Array.isArray(c.extension) ? c.extension.find((e) => typeof e?.url === 'string' && MORPHOLOGY.test(e.url)) : undefined;
  return textOf(ext?.valueCodeableConcept);
}

function focusAreaOf(c: Condition): FocusArea | undefined {
  const bodySites = Array.isArray(c.bodySite) ? c.bodySite : [];
  for (const x of codings(c.code)) {
    const fa = focusAreaOfCode(x.system, x.code);
    if (fa) return fa;
  }
  for (const x of bodySites.flatMap(codings)) {
    const fa = focusAreaOfCode(x.system, x.code, 'body_site');
    if (fa) return fa;
  }
  return focusAreaOfText(textOf(c.code)) ?? focusAreaOfText(bodySites.map(textOf).join(' ')) ?? focusAreaOfText(morphologyText(c));
}

/** Primary cancer conditions: claimed by the mCODE profile, or a cancer condition that is not a secondary one. */
export function primariesOf(b: ParsedBundle): Primary[] {
  return b.entries
    .filter((e) => e.resource.resourceType === 'Condition')
    .filter((e) => {
      const c = e.resource as Condition;
      if (refuted(c) || isSecondary(c)) return false;
      return claims(c, 'mcode-primary-cancer-condition') || focusAreaOf(c) !== undefined || CANCER_WORDS.test(textOf(c.code));
    })
    .map((entry) => {
      const c = entry.resource as Condition;
      return { entry, focusArea: focusAreaOf(c), texts: [textOf(c.code), morphologyText(c), ...(Array.isArray(c.bodySite) ? c.bodySite.map(textOf) : [])] };
    });
}

const active = (p: Primary) => codings((p.entry.resource as Condition).clinicalStatus).some((x) => x.code === 'active' || x.code === 'recurrence' || x.code === 'relapse');

/**
 * The primary cancer the folder is about. No cancer condition, or one whose focus area cannot be told
 * while none was asked for, or cancers of several focus areas, is a 400: nothing is imported.
 */
export function choosePrimary(primaries: Primary[], asked: FocusArea | undefined, c: Collector): Primary & { focusArea: FocusArea } {
  if (!primaries.length) throw badRequest('fhir_no_cancer_condition');
  let pool: Primary[];
  if (asked) {
    pool = primaries.filter((p) => p.focusArea === asked);
    if (!pool.length) pool = primaries.filter((p) => p.focusArea === undefined);
    if (!pool.length) throw badRequest('focus_area_mismatch', [{ path: 'focusArea', code: primaries[0].focusArea! }]);
  } else {
    const areas = new Set(primaries.map((p) => p.focusArea).filter(Boolean));
    if (areas.size !== 1) throw badRequest('focus_area_unknown', [...areas].map((a) => ({ path: 'focusArea', code: a! })));
    pool = primaries.filter((p) => p.focusArea);
  }
  // the active one, then the latest diagnosis
  const chosen = [...pool].sort((a, b) => Number(active(b)) - Number(active(a)) || dateOf(b.entry.resource).localeCompare(dateOf(a.entry.resource)))[0];
  for (const p of primaries) if (p !== chosen) c.skip(p.entry.ref, 'other_primary_cancer', p.texts[0]);
  return { ...chosen, focusArea: asked ?? chosen.focusArea! };
}

/** Diagnosis (OncoTree, the best-fitting node first) and the date of diagnosis. */
export function readPrimary(p: Primary & { focusArea: FocusArea }, c: Collector): void {
  const cond = p.entry.resource as Condition;
  // an OncoTree coding (OncoDesk's own export writes one) says it outright; else the histology words
  const coded = codings(cond.code).filter((x) => /oncotree/i.test(x.system ?? '') && x.code).map((x) => x.code!.toUpperCase());
  const [first, ...rest] = [...new Set([...coded, ...oncotreeCandidates(p.focusArea, p.texts)])];
  c.propose({ questionId: `diagnosis.${p.focusArea}`, value: first, alternatives: rest, resource: p.entry.ref, detail: p.texts.filter(Boolean).join(' | ') });
  const onset = typeof cond.onsetDateTime === 'string' ? cond.onsetDateTime : cond.onsetPeriod?.start;
  if (typeof onset === 'string') {
    if (/^\d{4}-\d{2}-\d{2}/.test(onset)) c.propose({ questionId: 'diagnosis_date', value: onset.slice(0, 10), resource: p.entry.ref });
    else c.skip(p.entry.ref, 'partial_date', `onset ${onset}`);
  }
}

/** Secondary cancer conditions: each a metastasis site (regional nodes set aside). Returns the refs that show distant spread. */
export function readSecondaries(b: ParsedBundle, focusArea: FocusArea, c: Collector): string[] {
  const distant: string[] = [];
  for (const e of b.entries) {
    const cond = e.resource as Condition;
    if (cond.resourceType !== 'Condition' || refuted(cond) || !isSecondary(cond)) continue;
    const text = [textOf(cond.code), ...(Array.isArray(cond.bodySite) ? cond.bodySite.map(textOf) : [])].join(' | ');
    const site = metastasisSiteOf(focusArea, codings(cond.code), text);
    if ('regional' in site) {
      c.skip(e.ref, 'regional_lymph_nodes', text);
      continue;
    }
    distant.push(e.ref);
    // "metastatic malignant neoplasm" names no site: the patient is metastatic, the site unknown
    if (hasCode(cond.code, systems.snomed, [snomed.metastaticUnspecified])) {
      c.seen.add(e.ref);
      continue;
    }
    c.propose({ questionId: 'metastasis_sites', value: site.site, item: true, resource: e.ref, detail: text });
  }
  return distant;
}

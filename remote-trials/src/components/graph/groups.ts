import type { CriterionKind, CriterionResult, CriterionStatus, PatientData, TrialMatchResult } from '@oncodesk/shared';
import { decidesAlone, diseaseName, treatmentName, type MessageLanguage } from '@oncodesk/shared/contracts';

/** The criteria groups around the patient in the match graph. */
export const GROUPS = [
  'age',
  'ecog',
  'country',
  'gender',
  'metastatic',
  'spread',
  'diagnosis',
  'prior_treatments',
  'stage',
  'tmb',
  'alterations',
  'resectability',
  'inclusion',
  'exclusion',
  'acceptance',
] as const;
export type GroupKey = (typeof GROUPS)[number];

/** Every criterion kind's node in the graph; null: the inclusion or exclusion node, by polarity. A new kind must say which, or tsc fails. */
const BY_KIND = {
  age: 'age',
  ecog: 'ecog',
  karnofsky: 'ecog',
  sex: 'gender',
  pregnancy: 'gender',
  metastatic: 'metastatic',
  disease_state: 'metastatic',
  metastasis_site: 'spread',
  brain_metastases: 'spread',
  diagnosis: 'diagnosis',
  prior_therapy: 'prior_treatments',
  recent_therapy: 'prior_treatments',
  prior_procedure: 'prior_treatments',
  menopausal_status: 'gender',
  stage: 'stage',
  histologic_grade: 'stage',
  tmb: 'tmb',
  alteration: 'alterations',
  msi: 'alterations',
  mmr: 'alterations',
  receptor: 'alterations',
  signature: 'alterations',
  resectability: 'resectability',
  measurable_disease: 'resectability',
  lab: null,
  comorbidity: null,
  life_expectancy: null,
  organ_function: null,
  concomitant_medication: null,
  hypersensitivity: null,
  administrative: null,
  free_text: null,
} satisfies Record<CriterionKind, GroupKey | null>;

export type GroupStatus = CriterionStatus | 'none';

export interface Group {
  key: GroupKey;
  status: GroupStatus;
  criteria: CriterionResult[];
  /** What the patient record says for this group (shown in the node). */
  fact?: string;
}

/**
 * Any unmet criterion that decides alone decides the group; then any undecided one, or an unmet one that does
 * not decide alone (a cohort's or a condition's sentence: to check, as the verdict treats it); a group without
 * criteria is "not discussed".
 */
export function aggregate(results: ReadonlyArray<Pick<CriterionResult, 'status' | 'confidence' | 'overridden'>>): GroupStatus {
  if (!results.length) return 'none';
  if (results.some((r) => r.status === 'no_match' && decidesAlone(r))) return 'no_match';
  if (results.some((r) => r.status !== 'match')) return 'unknown';
  return 'match';
}

function fact(key: GroupKey, p: PatientData | undefined, match: TrialMatchResult, lang: MessageLanguage): string | undefined {
  if (!p) return undefined;
  switch (key) {
    case 'age':
      return p.age?.toString();
    case 'ecog':
      return p.ecog?.toString();
    case 'country':
      return p.location?.countryCode ?? p.location?.country;
    case 'gender':
      return p.gender;
    case 'metastatic':
      return p.metastatic === undefined ? undefined : String(p.metastatic);
    case 'spread':
      return p.metastasisSites.join(', ') || undefined;
    case 'diagnosis': {
      const name = p.oncotreeCode && diseaseName(p.oncotreeCode, lang);
      return name ? `${p.oncotreeCode} (${name})` : p.oncotreeCode;
    }
    case 'prior_treatments':
      return p.priorTreatments.map((t) => treatmentName(t.name, lang)).join(', ') || undefined;
    case 'stage':
      return p.stage;
    case 'tmb':
      return p.tmb?.toString();
    case 'alterations':
      return p.alterations.map((a) => `${a.gene} ${a.proteinChange ?? ''}`.trim()).join(', ') || undefined;
    case 'resectability':
      return p.resectable === undefined ? undefined : String(p.resectable);
    case 'acceptance':
      return match.verdict;
    default:
      return undefined;
  }
}

/** Splits a trial's match into the graph's groups. */
export function groupsOf(match: TrialMatchResult, patient?: PatientData, lang: MessageLanguage = 'en'): Group[] {
  const all = [...match.results, ...match.cohorts.flatMap((c) => c.results)];
  const seen = new Set<string>();
  // administrative items (consent, logistics) are not eligibility: no node of the graph shows them
  const unique = all.filter((r) => r.kind !== 'administrative' && (seen.has(r.criterionId) ? false : (seen.add(r.criterionId), true)));
  const buckets = new Map<GroupKey, CriterionResult[]>(GROUPS.map((g) => [g, []]));
  for (const r of unique) {
    const g = BY_KIND[r.kind] ?? (r.polarity === 'inclusion' ? 'inclusion' : 'exclusion');
    buckets.get(g)!.push(r);
  }
  return GROUPS.map((key) => {
    const criteria = buckets.get(key)!;
    let status: GroupStatus;
    if (key === 'country') {
      // No criterion: whether a recruiting site is in the patient's country.
      const own = patient?.location?.countryCode;
      status = !own || !match.nearestSite ? 'unknown' : match.nearestSite.countryCode === own ? 'match' : 'no_match';
    } else if (key === 'acceptance') {
      status = match.verdict === 'match' ? 'match' : match.verdict === 'unknown' ? 'unknown' : 'no_match';
    } else status = aggregate(criteria);
    return { key, status, criteria, fact: fact(key, patient, match, lang) };
  });
}

export const STATUS_COLORS: Record<GroupStatus, string> = { match: '#389e0d', no_match: '#cf1322', unknown: '#d48806', none: '#8c8c8c' };

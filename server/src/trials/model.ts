import { Trial as TrialSchema, type CompiledCriterion, type ImportError, type OverallStatus, type SiteStatus, type Trial, type TrialPhase } from '@oncodesk/shared/contracts';
import { histologyInTrialDisease } from './compiler/histologyInContext';
import { compileEligibility, splitEligibility } from './compiler';
import { deriveExpectedLine, deriveSetting } from './compiler/setting';
import { deriveTargetRequirement } from './compiler/targetedDrug';
import { detectAlteration } from './compiler/alteration';
import { findDiseases } from '../vocab/diseases';
import { readTrialDisease } from './trialDisease';
import { studyPurpose } from './purpose';
import { ONCOTREE_ROOT, isOncotreeCode, isWithin } from '../vocab/diseaseTree';
import { findGenes, normalizeGene } from '../vocab/geneNames';
import { CLASS_TARGETS, drugClasses, drugTargets, findDrugs, normalizeDrug } from '../vocab/drugKnowledge';
import { countryCode } from './matcher/countries';

export type { Trial, TrialCohort, TrialSite, CompiledCriterion, ImportError } from '@oncodesk/shared/contracts';

/** Output of every importer: trials that parsed plus per-file/per-record errors. Never throws. */
export interface ImportResult {
  trials: Trial[];
  errors: ImportError[];
  /** Each trial's source record as received, by trial id (importers of single records that can be kept). */
  raw?: Map<string, string>;
}

/** A trial as an importer builds it, before eligibility is compiled and the record validated. */
export type TrialDraft = Omit<Trial, 'diseaseCodes' | 'genes' | 'eligibility' | 'targets' | 'primaryPurpose' | 'purposeOrigin'> & {
  /** The registry's primary purpose when the record states it (the study's own text decides otherwise). */
  primaryPurpose?: Trial['primaryPurpose'];
  eligibility: Omit<Trial['eligibility'], 'criteria'> & { criteria?: CompiledCriterion[] };
  diseaseCodes?: string[];
  genes?: string[];
};

export function normalizeStatus(s: string | undefined | null): OverallStatus {
  const t = (s ?? '').toLowerCase().replace(/[\s,-]+/g, '_');
  if (!t) return 'unknown';
  if (t === 'recruiting' || t === 'active' || t === 'open_to_accrual' || t === 'open') return 'recruiting';
  if (t.startsWith('not_yet')) return 'not_yet_recruiting';
  if (t.startsWith('enrolling')) return 'enrolling_by_invitation';
  if (t.startsWith('active_not') || t === 'closed_to_accrual') return 'active_not_recruiting';
  if (t.startsWith('temporarily_closed')) return 'temporarily_closed';
  if (t.startsWith('suspend')) return 'suspended';
  if (t.startsWith('complete')) return 'completed';
  if (t.startsWith('terminat')) return 'terminated';
  if (t.startsWith('withdrawn')) return 'withdrawn';
  if (t === 'approved') return 'approved';
  if (t === 'in_review') return 'in_review';
  if (t.startsWith('closed') || t === 'administratively_complete' || t === 'no_longer_available') return 'closed';
  if (t === 'available') return 'available';
  return 'unknown';
}

export function normalizeSiteStatus(s: string | undefined | null): SiteStatus {
  const t = (s ?? '').toLowerCase().replace(/[\s,-]+/g, '_');
  if (!t) return 'unknown';
  if (t === 'recruiting' || t === 'active' || t === 'enrolling_by_invitation') return 'recruiting';
  if (t.startsWith('not_yet') || t === 'approved' || t === 'in_review') return 'not_yet_recruiting';
  if (t.startsWith('active_not') || t.startsWith('temporarily') || t === 'suspended') return 'active_not_recruiting';
  if (/complete|terminat|withdrawn|closed/.test(t)) return 'closed';
  return 'unknown';
}

export function normalizePhases(s: string | string[] | undefined | null): TrialPhase[] {
  const parts = (Array.isArray(s) ? s : [s ?? '']).join(' ').toLowerCase();
  const out = new Set<TrialPhase>();
  if (/early[_ ]?(?:phase[_ ]?)?1|phase[_ ]?0|\bearly_phase1\b/.test(parts)) out.add('early_1');
  const re = /(?:phase[_ ]?|\b)(i{1,3}v?|[1-4])\b/g;
  let m: RegExpExecArray | null;
  const cleaned = parts.replace(/early[_ ]?(?:phase[_ ]?)?1/g, '');
  while ((m = re.exec(cleaned))) {
    const v = m[1];
    const n = /^\d$/.test(v) ? v : ({ i: '1', ii: '2', iii: '3', iv: '4' } as Record<string, string>)[v];
    if (n) out.add(n as TrialPhase);
  }
  if (/n\/a|not applicable|\bna\b/.test(parts) && !out.size) out.add('na');
  return [...out];
}

/** Parses "18 Years", "6 Months", "N/A" into years. */
export function parseAgeYears(s: string | undefined | null): number | undefined {
  if (!s) return undefined;
  const m = /(\d+(?:\.\d+)?)\s*(year|month|week|day|hour|minute)?/i.exec(s);
  if (!m) return undefined;
  const v = Number(m[1]);
  const unit = (m[2] ?? 'year').toLowerCase();
  const years = unit === 'year' ? v : unit === 'month' ? v / 12 : unit === 'week' ? v / 52 : unit === 'day' ? v / 365 : 0;
  return Math.round(years * 100) / 100;
}

export function normalizeSex(s: string | undefined | null): 'all' | 'male' | 'female' {
  const t = (s ?? '').toLowerCase();
  if (t.startsWith('f')) return 'female';
  if (t.startsWith('m')) return 'male';
  return 'all';
}

export function cleanText(s: string | undefined | null): string | undefined {
  if (s === undefined || s === null) return undefined;
  const t = String(s).replace(/\r\n?/g, '\n').replace(/[ \t]+/g, ' ').replace(/\n /g, '\n').trim();
  return t || undefined;
}

/**
 * A ClinicalTrials.gov API v2 text field as plain text. v2 serves its free-text fields as Markdown, so literal
 * punctuation arrives backslash-escaped ("HLA-A\*02:01", "\< 1000 mg/24h", "\[ie, ≥ 12 months\]"); the product shows
 * and reads these texts as plain text (the detail page, the compiler, the assistant's quotes), so the escapes are
 * undone here, once, where the record is read. CommonMark allows a backslash before any ASCII punctuation.
 */
export function markdownText(s: string | undefined | null): string | undefined {
  return cleanText(s)?.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

export function siteCountryCode(country: string | undefined): string | undefined {
  return countryCode(country);
}

/** Drugs (generic names) mentioned in an intervention name/other names. */
export function interventionDrugs(names: string[]): string[] {
  const out = new Set<string>();
  for (const n of names) {
    const d = normalizeDrug(n);
    if (d) out.add(d);
    for (const m of findDrugs(n)) if (m.drug) out.add(m.drug);
  }
  return [...out];
}

/**
 * Completes a draft: structured age/sex criteria, diagnosis from conditions, compiled text criteria,
 * disease codes and genes for indexing, then validates. Returns the trial or a validation message.
 */
export function finalizeTrial(draft: TrialDraft): { trial?: Trial; error?: string } {
  const prefix = 'trial';
  const criteria: CompiledCriterion[] = [];
  let i = 0;
  const e = draft.eligibility;
  if (e.minAge !== undefined || e.maxAge !== undefined) {
    const min = e.minAge && e.minAge > 0 ? e.minAge : undefined;
    const max = e.maxAge !== undefined && e.maxAge < 120 ? e.maxAge : undefined;
    if (min !== undefined || max !== undefined)
      criteria.push({ id: `${prefix}#${i++}`, polarity: 'inclusion', spec: { kind: 'age', min, max }, source: `Age: ${min ?? '-'} to ${max ?? '-'} years (structured)`, confidence: 1, origin: 'structured' });
  }
  if (e.sex === 'male' || e.sex === 'female') criteria.push({ id: `${prefix}#${i++}`, polarity: 'inclusion', spec: { kind: 'sex', sex: e.sex }, source: `Sex: ${e.sex} (structured)`, confidence: 1, origin: 'structured' });
  // disease codes from conditions (structured list), titles and, when they disagree, the eligibility text
  const disease = readTrialDisease({ ...draft, eligibilityText: e.text });
  // a disease the vocabulary could not resolve indexes and ranks as no disease at all (it is not "any cancer");
  // the criterion below still names it, as unresolved
  const diseaseCodes = disease.unresolved ? [] : disease.codes;
  if (disease.codes.length && !(draft.eligibility.criteria ?? []).some((c) => c.spec.kind === 'diagnosis')) {
    criteria.push({
      id: `${prefix}#${i++}`,
      polarity: 'inclusion',
      spec: { kind: 'diagnosis', codes: disease.codes, text: (draft.conditions.length ? draft.conditions : [draft.briefTitle]).join('; ').slice(0, 300), ...(disease.unresolved ? { unresolved: true } : {}) },
      source: `${draft.conditions.length ? 'Conditions' : 'Title'}: ${(draft.conditions.length ? draft.conditions : [draft.briefTitle]).join('; ')}${disease.note ? ` (${disease.note}: ${draft.briefTitle})` : ''}`.slice(0, 4000),
      confidence: disease.fromConditions ? 0.9 : 0.7,
      origin: 'structured',
    });
  }
  criteria.push(...(draft.eligibility.criteria ?? []).map((c) => ({ ...c, id: c.id || `${prefix}#${i++}` })));
  i = criteria.length;
  if (e.text) {
    const structuredAge = criteria.some((c) => c.spec.kind === 'age' && c.origin === 'structured');
    const structuredSex = criteria.some((c) => c.spec.kind === 'sex' && c.origin === 'structured');
    for (const c of compileEligibility(e.text, { idPrefix: prefix, startIndex: i })) {
      // the registry's structured age/sex fields win; text statements are often subgroup conditions
      if ((c.spec.kind === 'age' && structuredAge) || (c.spec.kind === 'sex' && structuredSex)) c.confidence = Math.min(c.confidence, 0.5);
      // "Histologically confirmed adenocarcinoma": the histology, read under the trial's own disease
      const histology = c.spec.kind === 'free_text' && c.spec.decides === 'subtype' && c.polarity === 'inclusion' ? histologyInTrialDisease(c.source, diseaseCodes) : undefined;
      criteria.push(histology ? { ...c, spec: { kind: 'diagnosis', codes: histology.codes, text: histology.text }, confidence: 0.75 } : c);
    }
  }
  // what the title and conditions say of the setting, where the eligibility criteria do not say it
  criteria.push(...deriveSetting(draft, criteria, { idPrefix: prefix, startIndex: criteria.length }));
  // the line an early-phase trial for advanced disease leaves unstated: in practice after standard therapy
  criteria.push(...deriveExpectedLine(draft, criteria, { idPrefix: prefix, startIndex: criteria.length }));
  // a trial of a targeted drug needs its target in the patient, stated or not
  criteria.push(...deriveTargetRequirement(draft, criteria, { idPrefix: prefix, startIndex: criteria.length }));
  // "Patients with ALL must have MLL gene rearrangement or hyperdiploidy" in a trial that also admits
  // other diseases: a condition for the patients with that disease, not a requirement of the trial
  for (const c of criteria) {
    if (c.origin !== 'text' || c.spec.kind === 'pregnancy') continue;
    const subject = diseaseSubject(c.source);
    if (!subject.length) continue;
    if (diseaseCodes.length && diseaseCodes.every((d) => subject.some((x) => x === d || isWithin(d, x)))) continue;
    c.confidence = Math.min(c.confidence, 0.5);
  }
  // inclusion sentences requiring unrelated diseases ("Pathologically confirmed breast cancer" and
  // "... non-small cell lung cancer" in a two-cohort trial) cannot all hold: they are alternatives
  // (cohorts), so none of them decides the trial alone
  const dx = criteria.filter((c) => c.origin === 'text' && c.polarity === 'inclusion' && c.spec.kind === 'diagnosis');
  // (a sentence admitting any solid tumour next to one naming a disease makes the latter a cohort condition too)
  const related = (a: string[], b: string[]) => a.some((x) => b.some((y) => x === y || (x !== ONCOTREE_ROOT && y !== ONCOTREE_ROOT && (isWithin(x, y) || isWithin(y, x)))));
  for (const c of dx) {
    const codes = (c.spec as { codes: string[] }).codes;
    if (dx.some((o) => o.source !== c.source && !related(codes, (o.spec as { codes: string[] }).codes))) c.confidence = Math.min(c.confidence, 0.5);
  }
  // genes the trial targets: title, conditions, keywords and inclusion criteria
  const genes = new Set<string>(draft.genes ?? []);
  for (const t of [draft.briefTitle, draft.officialTitle ?? '', ...draft.conditions, ...draft.keywords]) for (const g of findGenes(t)) genes.add(g.gene);
  for (const c of criteria) if (c.spec.kind === 'alteration' && c.polarity === 'inclusion' && !c.spec.wildType && c.spec.gene !== '*') genes.add(c.spec.gene);
  for (const co of draft.cohorts) for (const c of co.criteria) if (c.spec.kind === 'alteration' && c.polarity === 'inclusion' && c.spec.gene !== '*') genes.add(c.spec.gene);
  // alterations the trial targets (title, conditions, keywords, summary, inclusion criteria)
  const targets: Trial['targets'] = [];
  const addTarget = (t: { gene: string; proteinChange?: string; wildcard?: boolean; category?: string }) => {
    if (t.gene === '*' || targets.some((x) => x.gene === t.gene && x.proteinChange === t.proteinChange && x.category === t.category)) return;
    targets.push({ gene: t.gene, proteinChange: t.proteinChange, wildcard: t.wildcard, category: t.category });
  };
  const upGenes = (x: string) => x.replace(/\b[a-z][a-z0-9]*\d[a-z0-9]*\b/g, (w) => (normalizeGene(w) ? w.toUpperCase() : w));
  for (const t of [draft.briefTitle, draft.officialTitle ?? '', ...draft.conditions.map(upGenes), ...draft.keywords.map(upGenes), draft.summary ?? '']) {
    if (!t) continue;
    for (const d of detectAlteration(t, { section: 'inclusion', negated: false, permissive: false })) if (d.spec.kind === 'alteration' && !d.spec.wildType) addTarget(d.spec);
  }
  for (const c of criteria) if (c.spec.kind === 'alteration' && c.polarity === 'inclusion' && !c.spec.wildType) addTarget(c.spec);
  for (const co of draft.cohorts) for (const c of co.criteria) if (c.spec.kind === 'alteration' && c.polarity === 'inclusion' && !c.spec.wildType) addTarget(c.spec);
  // HER2-positive / Philadelphia-positive populations target ERBB2 amplification / ABL1 fusion; PD-L1 selected ones its expression
  for (const c of [...criteria, ...draft.cohorts.flatMap((co) => co.criteria)]) {
    if (c.polarity === 'inclusion' && c.spec.kind === 'receptor' && c.spec.marker === 'HER2' && c.spec.status === 'positive') addTarget({ gene: 'ERBB2', category: 'amplification' });
    // a population selected by its PD-L1 result (positive, negative or a threshold) is selected by PD-L1 expression
    if (c.polarity === 'inclusion' && c.spec.kind === 'receptor' && c.spec.marker === 'PD-L1') addTarget({ gene: 'CD274', category: 'expression' });
  }
  for (const t of [draft.briefTitle, draft.officialTitle ?? '', ...draft.conditions, ...draft.keywords]) {
    if (/\bHER2[- ]?(?:\/neu[- ]?)?(?:positive|\+|overexpress|amplified)/i.test(t)) addTarget({ gene: 'ERBB2', category: 'amplification' });
    if (/philadelphia[- ]chromosome[- ]positive|\bPh\+|\bPh[- ]positive|\bBCR[- /]ABL/i.test(t)) addTarget({ gene: 'ABL1', category: 'fusion' });
  }
  if (draft.eligibility.text && /philadelphia[- ]chromosome[- ]positive|\bPh\+|\bBCR[- /]ABL1?\b/i.test(draft.eligibility.text)) genes.add('ABL1');
  const interventions = draft.interventions.map((iv) => ({ ...iv, drugs: iv.drugs?.length ? iv.drugs : interventionDrugs([iv.name, ...(iv.otherNames ?? [])]) }));
  // genes targeted by the interventions' drugs (labelled molecular targets)
  for (const iv of interventions) {
    for (const d of iv.drugs) for (const t of drugTargets(d)) addTarget(t);
    for (const m of findDrugs([iv.name, ...(iv.otherNames ?? [])].join('; '))) if (m.drugClass) for (const g of CLASS_TARGETS[m.drugClass] ?? []) genes.add(g);
  }
  for (const t of targets) genes.add(t.gene);
  // genes named in inclusion criteria (tests, biomarker cohorts), not in drug names
  if (e.text) {
    for (const item of splitEligibility(e.text)) {
      if (item.section !== 'inclusion' || /^\W*(?:no|not|without)\b/i.test(item.text)) continue;
      for (const g of findGenes(item.text)) {
        const after = item.text.slice(g.end, g.end + 25);
        if (/^[\s-]*(?:tyrosine kinase inhibitors?|TKIs?|inhibitors?|targeted|directed|antibod|antagonist)/i.test(after)) continue;
        genes.add(g.gene);
      }
    }
  }
  const purpose = studyPurpose(draft.primaryPurpose, { ...draft, interventions, healthyVolunteers: draft.eligibility.healthyVolunteers });
  const candidate = {
    ...draft,
    ...purpose,
    interventions,
    eligibility: { ...draft.eligibility, criteria },
    diseaseCodes,
    genes: [...genes],
    targets,
  };
  let parsed = TrialSchema.safeParse(candidate);
  // checked once, as a whole; only a trial that fails goes back to the criteria that broke the contract
  if (!parsed.success) {
    const readable = keptReadable(candidate, parsed.error.issues);
    if (readable) parsed = TrialSchema.safeParse(readable);
  }
  if (!parsed.success) return { error: parsed.error.issues.slice(0, 3).map((x) => `${x.path.join('.')}: ${x.message}`).join('; ') };
  return { trial: parsed.data };
}

/**
 * A criterion whose compiled form breaks the contract (a field past its length, a value out of range) is kept
 * as its sentence, not understood (free text: shown, never counted), instead of rejecting the whole trial for
 * one sentence: a melanoma basket study listing thirty diseases in one criterion was lost that way.
 */
function keptReadable<T extends { eligibility: { criteria: CompiledCriterion[] }; cohorts: Array<{ criteria: CompiledCriterion[] }> }>(candidate: T, issues: ReadonlyArray<{ path: PropertyKey[] }>): T | undefined {
  const criteria = [...candidate.eligibility.criteria];
  const cohorts = candidate.cohorts.map((co) => ({ ...co, criteria: [...co.criteria] }));
  let kept = false;
  for (const { path } of issues) {
    const [list, at] = path[0] === 'eligibility' && path[1] === 'criteria' ? [criteria, path[2]] : path[0] === 'cohorts' && path[2] === 'criteria' ? [cohorts[path[1] as number]?.criteria, path[3]] : [];
    const c = typeof at === 'number' ? list?.[at] : undefined;
    if (!list || !c || c.spec.kind === 'free_text') continue;
    list[at as number] = { id: c.id, polarity: c.polarity, spec: { kind: 'free_text' }, source: c.source.slice(0, 4000), confidence: 0, origin: c.origin };
    kept = true;
  }
  return kept ? { ...candidate, eligibility: { ...candidate.eligibility, criteria }, cohorts } : undefined;
}

/** Disease abbreviations written as the subject of a sentence ("Patients with ALL must ..."). */
const SUBJECT_ABBREVIATIONS: Record<string, string> = {
  ALL: 'acute lymphoblastic leukemia',
  AML: 'acute myeloid leukemia',
  CML: 'chronic myeloid leukemia',
  MDS: 'myelodysplastic syndrome',
  NSCLC: 'non-small cell lung cancer',
  SCLC: 'small cell lung cancer',
  CRC: 'colorectal cancer',
  HCC: 'hepatocellular carcinoma',
  RCC: 'renal cell carcinoma',
};
const DISEASE_SUBJECT = /^\W*(?:for\s+)?(?:patients|subjects|participants)\s+with\s+([^,:;()]{2,60}?)\s*(?:[,:]|\b(?:must|should|need|needs|will need|are required|have to)\b)/i;

/** OncoTree codes of the disease a sentence is conditioned on ("Patients with <disease> must ..."), else []. */
export function diseaseSubject(sentence: string): string[] {
  const m = DISEASE_SUBJECT.exec(sentence);
  if (!m) return [];
  const phrase = m[1].replace(/\b[A-Z]{3,5}\b/g, (w) => SUBJECT_ABBREVIATIONS[w] ?? w);
  return [...new Set(findDiseases(phrase).map((d) => d.code))];
}

/** Drug classes of a generic drug (re-export for callers of the model). */
export { drugClasses };

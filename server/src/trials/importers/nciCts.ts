import type { CompiledCriterion, ImportError, Trial } from '@oncodesk/shared/contracts';
import { normalizePurpose } from '../purpose';
import { compileItem } from '../compiler';
import { cleanText, finalizeTrial, normalizePhases, normalizeSex, normalizeSiteStatus, normalizeStatus, siteCountryCode, type ImportResult, type TrialDraft } from '../model';
import { resolveDisease } from '../../vocab/diseases';
import { isWithin, oncotree } from '../../vocab/diseaseTree';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

function ageYears(structured: Json, which: 'min' | 'max'): number | undefined {
  const v = structured?.[`${which}_age_in_years`] ?? structured?.[`${which}_age_number`];
  if (typeof v !== 'number') return undefined;
  if (which === 'max' && v >= 120) return undefined;
  if (which === 'min' && v <= 0) return undefined;
  return v;
}

/** An NCIt concept that stages or sets a disease ("Stage IV Renal Cell Cancer", "Metastatic Bladder Carcinoma"). */
const STAGING_CONCEPT = /^\s*(?:stage\s|(?:locally\s+)?advanced\s|metastatic\s|unresectable\s|recurrent\s|refractory\s|relapsed\s)/i;

/**
 * The OncoTree code of one NCIt disease concept: the most specific any of its names reads as. The first
 * synonym that read as anything decided before, and NCIt's synonyms run from exact to loose ("Papillary
 * Renal Cell Cancer" has "Chromophil Carcinoma of Kidney", read as cancer in general; "Sarcomatoid Renal
 * Cell Cancer" has "RCC w/ sarcomatoid features", read as RCC).
 */
function conceptCode(d: Json): string | undefined {
  const names = [d?.name, d?.preferred_name, d?.display_name, ...(Array.isArray(d?.synonyms) ? d.synonyms : [])].filter((x): x is string => typeof x === 'string' && !!x);
  const tree = oncotree();
  const codes = names.map((n) => resolveDisease(n)).filter((c): c is string => !!c);
  return codes.sort((a, b) => (tree.get(b)?.level ?? 0) - (tree.get(a)?.level ?? 0))[0];
}

/** Maps one NCI CTS v2 trial to a draft: structured eligibility, biomarkers, diseases, arms, sites. */
export function nciCtsToDraft(t: Json): TrialDraft {
  const nci: string | undefined = t?.nci_id;
  const nct: string | undefined = typeof t?.nct_id === 'string' && /^NCT\d{8}$/.test(t.nct_id) ? t.nct_id : undefined;
  const id = nct ?? nci;
  if (!id) throw new Error('missing nct_id and nci_id');
  const structured = t.eligibility?.structured ?? {};
  const unstructured: Json[] = t.eligibility?.unstructured ?? [];
  // unstructured criteria: each entry is one sentence with its own inclusion flag
  const text = unstructured.length
    ? ['Inclusion Criteria:', ...unstructured.filter((u) => u.inclusion_indicator).sort((a, b) => a.display_order - b.display_order).map((u) => `- ${u.description}`), '', 'Exclusion Criteria:', ...unstructured.filter((u) => !u.inclusion_indicator).sort((a, b) => a.display_order - b.display_order).map((u) => `- ${u.description}`)].join('\n')
    : undefined;
  const criteria: CompiledCriterion[] = [];
  const seen = new Set<string>();
  let k = 0;
  for (const b of t.biomarkers ?? []) {
    if (!b?.name || (Array.isArray(b.type) && b.type.includes('branch'))) continue;
    const section = /exclu/i.test(b.eligibility_criterion ?? '') ? 'exclusion' : 'inclusion';
    for (const c of compileItem({ text: String(b.name), section })) {
      if (c.spec.kind === 'free_text') continue;
      const key = JSON.stringify([c.polarity, c.spec]);
      if (seen.has(key)) continue;
      seen.add(key);
      criteria.push({ id: `trial#bm${k++}`, polarity: c.polarity, spec: c.spec, source: `Biomarker (${section}): ${b.name}`, confidence: 0.9, origin: 'structured' });
    }
  }
  // diseases: lead/trial-level NCIt diseases mapped to OncoTree by name and synonyms
  const conditions: string[] = [];
  const mapped: Array<{ code: string; staging: boolean }> = [];
  for (const d of t.diseases ?? []) {
    if (d?.inclusion_indicator && d.inclusion_indicator !== 'TRIAL') continue;
    if (d?.name) conditions.push(d.name);
    const code = conceptCode(d);
    const label = String(d?.name ?? d?.display_name ?? d?.preferred_name ?? '');
    if (code) mapped.push({ code, staging: STAGING_CONCEPT.test(label) });
  }
  // "Stage IV Renal Cell Cancer" beside "Papillary Renal Cell Cancer" and "Collecting Duct Carcinoma" (a rare-GU
  // trial, NCT03866382) stages the subtypes listed: read as RCC it opened the trial to every clear-cell patient
  // through the tree. A staging concept's disease is kept only when no listed concept is a subtype of it.
  const diseaseCodes = new Set(mapped.filter((m) => !m.staging || !mapped.some((o) => o.code !== m.code && isWithin(o.code, m.code))).map((m) => m.code));
  const overall = normalizeStatus(t.current_trial_status);
  return {
    id,
    nctId: nct,
    otherIds: [nci, t.protocol_id, t.ctep_id, t.dcp_id, t.ccr_id].filter((x): x is string => typeof x === 'string' && x !== id),
    source: 'nci-cts',
    briefTitle: t.brief_title ?? t.official_title ?? id,
    officialTitle: t.official_title ?? undefined,
    summary: cleanText(t.brief_summary),
    description: cleanText(t.detail_description),
    phases: normalizePhases(t.phase ? `phase ${String(t.phase).replace(/_/g, ' ')}` : undefined),
    studyType: t.study_protocol_type?.toLowerCase(),
    primaryPurpose: normalizePurpose(typeof t.primary_purpose === 'string' ? t.primary_purpose : t.primary_purpose?.primary_purpose_code),
    overallStatus: overall,
    sponsor: t.lead_org ?? undefined,
    collaborators: (t.collaborators ?? []).map((c: Json) => c?.name).filter(Boolean),
    principalInvestigator: t.principal_investigator ?? undefined,
    conditions: conditions.slice(0, 50),
    keywords: (t.keywords ?? []).filter((x: unknown) => typeof x === 'string'),
    interventions: (t.arms ?? []).flatMap((a: Json) => a?.interventions ?? []).filter((iv: Json, i: number, all: Json[]) => iv?.name && all.findIndex((x) => x?.name === iv.name) === i).map((iv: Json) => ({ name: iv.name, type: iv.type?.toLowerCase(), otherNames: (iv.synonyms ?? []).slice(0, 30), drugs: [] })),
    cohorts: (t.arms ?? []).map((a: Json, i: number) => ({
      id: `arm${i + 1}`,
      label: a?.name ?? `Arm ${i + 1}`,
      description: cleanText(a?.description)?.slice(0, 4000),
      type: a?.type?.toLowerCase(),
      interventions: (a?.interventions ?? []).map((iv: Json) => iv?.name).filter(Boolean),
      open: true,
      criteria: [],
    })),
    sites: (t.sites ?? []).map((s: Json) => ({
      name: s?.org_name ?? s?.org_city ?? 'Site',
      address: { line1: s?.org_address_line_1 ?? undefined, city: s?.org_city ?? undefined, state: s?.org_state_or_province ?? undefined, postalCode: s?.org_postal_code ?? undefined, country: s?.org_country ?? undefined, countryCode: siteCountryCode(s?.org_country) },
      point: s?.org_coordinates && typeof s.org_coordinates.lat === 'number' ? { lat: s.org_coordinates.lat, lon: s.org_coordinates.lon } : undefined,
      status: normalizeSiteStatus(s?.recruitment_status),
      contact: s?.contact_name || s?.contact_email ? { name: s.contact_name ?? undefined, email: s.contact_email ?? undefined, phone: s.contact_phone ?? undefined } : undefined,
    })),
    dates: { start: t.start_date ?? undefined, completion: t.completion_date ?? undefined, lastUpdate: t.amendment_date ?? t.record_verification_date ?? undefined },
    eligibility: {
      text,
      minAge: ageYears(structured, 'min'),
      maxAge: ageYears(structured, 'max'),
      sex: normalizeSex(structured.sex),
      healthyVolunteers: typeof structured.accepts_healthy_volunteers === 'boolean' ? structured.accepts_healthy_volunteers : undefined,
      criteria,
    },
    diseaseCodes: [...diseaseCodes],
  };
}

function one(t: Json, file: string | undefined, rec: string, trials: Trial[], errors: ImportError[]) {
  try {
    const r = finalizeTrial(nciCtsToDraft(t));
    if (r.trial) trials.push(r.trial);
    else errors.push({ file, record: rec, message: `validation: ${r.error}` });
  } catch (e) {
    errors.push({ file, record: rec, message: (e as Error).message });
  }
}

/** Parses NCI CTS v2 JSON: one trial object, `{data:[...]}`, an array, or JSON Lines. */
export function parseNciCts(content: string, file?: string): ImportResult {
  const trials: Trial[] = [];
  const errors: ImportError[] = [];
  const trimmed = content.trim();
  let whole: Json;
  try {
    whole = JSON.parse(trimmed);
  } catch {
    whole = undefined;
  }
  if (whole !== undefined) {
    const list: Json[] = Array.isArray(whole) ? whole : Array.isArray(whole?.data) ? whole.data : Array.isArray(whole?.trials) ? whole.trials : [whole];
    list.forEach((t, i) => one(t, file, t?.nci_id ?? t?.nct_id ?? `#${i}`, trials, errors));
    return { trials, errors };
  }
  trimmed.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let t: Json;
    try {
      t = JSON.parse(line);
    } catch (e) {
      errors.push({ file, record: `line ${i + 1}`, message: `invalid JSON: ${(e as Error).message}` });
      return;
    }
    one(t, file, t?.nci_id ?? t?.nct_id ?? `line ${i + 1}`, trials, errors);
  });
  return { trials, errors };
}

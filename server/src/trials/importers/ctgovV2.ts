import type { ImportError, Trial } from '@oncodesk/shared/contracts';
import { designOf } from '../design';
import { normalizePurpose } from '../purpose';
import { finalizeTrial, markdownText, normalizePhases, normalizeSex, normalizeSiteStatus, normalizeStatus, parseAgeYears, siteCountryCode, type ImportResult, type TrialDraft } from '../model';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

/** Maps one API v2 study (`{protocolSection, ...}`) to a trial draft. */
export function ctgovV2StudyToDraft(study: Json): TrialDraft {
  const ps = study?.protocolSection;
  if (!ps || typeof ps !== 'object') throw new Error('missing protocolSection');
  const id = ps.identificationModule ?? {};
  const nctId: string | undefined = id.nctId;
  if (!nctId || !/^NCT\d{8}$/.test(nctId)) throw new Error(`missing or invalid nctId: ${String(nctId)}`);
  const st = ps.statusModule ?? {};
  const sp = ps.sponsorCollaboratorsModule ?? {};
  const desc = ps.descriptionModule ?? {};
  const cond = ps.conditionsModule ?? {};
  const design = ps.designModule ?? {};
  const arms = ps.armsInterventionsModule ?? {};
  const elig = ps.eligibilityModule ?? {};
  const cl = ps.contactsLocationsModule ?? {};
  const officials: Json[] = cl.overallOfficials ?? [];
  const pi = officials.find((o) => /principal/i.test(o.role ?? '')) ?? officials[0];
  return {
    id: nctId,
    nctId,
    otherIds: [id.orgStudyIdInfo?.id, ...(id.secondaryIdInfos ?? []).map((x: Json) => x.id)].filter(Boolean),
    source: 'ctgov-v2',
    briefTitle: id.briefTitle ?? id.officialTitle ?? nctId,
    officialTitle: id.officialTitle,
    summary: markdownText(desc.briefSummary),
    description: markdownText(desc.detailedDescription),
    phases: normalizePhases(design.phases ?? []),
    studyType: design.studyType?.toLowerCase(),
    primaryPurpose: normalizePurpose(design.designInfo?.primaryPurpose),
    design: designOf(design.designInfo?.allocation, design.designInfo?.interventionModel, design.designInfo?.maskingInfo?.masking),
    overallStatus: normalizeStatus(st.overallStatus),
    sponsor: sp.leadSponsor?.name,
    collaborators: (sp.collaborators ?? []).map((c: Json) => c.name).filter(Boolean),
    principalInvestigator: pi?.name,
    conditions: cond.conditions ?? [],
    keywords: cond.keywords ?? [],
    interventions: (arms.interventions ?? []).map((iv: Json) => ({ name: iv.name, type: iv.type?.toLowerCase(), otherNames: iv.otherNames ?? [], drugs: [] })),
    cohorts: (arms.armGroups ?? []).map((a: Json, k: number) => ({
      id: `arm${k + 1}`,
      label: a.label ?? `Arm ${k + 1}`,
      description: a.description,
      type: a.type?.toLowerCase(),
      interventions: a.interventionNames ?? [],
      open: true,
      criteria: [],
    })),
    sites: (cl.locations ?? []).map((l: Json) => ({
      name: l.facility ?? l.city ?? 'Site',
      address: { city: l.city, state: l.state, postalCode: l.zip, country: l.country, countryCode: siteCountryCode(l.country) },
      point: l.geoPoint && typeof l.geoPoint.lat === 'number' ? { lat: l.geoPoint.lat, lon: l.geoPoint.lon } : undefined,
      status: normalizeSiteStatus(l.status ?? (normalizeStatus(st.overallStatus) === 'recruiting' ? 'recruiting' : st.overallStatus)),
    })),
    dates: { start: st.startDateStruct?.date, primaryCompletion: st.primaryCompletionDateStruct?.date, completion: st.completionDateStruct?.date, lastUpdate: st.lastUpdatePostDateStruct?.date },
    eligibility: {
      text: markdownText(elig.eligibilityCriteria),
      minAge: parseAgeYears(elig.minimumAge),
      maxAge: parseAgeYears(elig.maximumAge),
      sex: normalizeSex(elig.sex),
      healthyVolunteers: typeof elig.healthyVolunteers === 'boolean' ? elig.healthyVolunteers : undefined,
    },
  };
}

/** Parses API v2 JSON: a single study, a search page `{studies,totalCount,nextPageToken}` or an array. */
export function parseCtgovV2(content: string, file?: string): ImportResult & { totalCount?: number; nextPageToken?: string } {
  const errors: ImportError[] = [];
  const trials: Trial[] = [];
  const raw = new Map<string, string>();
  let doc: Json;
  try {
    doc = JSON.parse(content);
  } catch (e) {
    return { trials, errors: [{ file, message: `invalid JSON: ${(e as Error).message}` }] };
  }
  const studies: Json[] = Array.isArray(doc) ? doc : Array.isArray(doc?.studies) ? doc.studies : doc?.protocolSection ? [doc] : [];
  if (!studies.length && !Array.isArray(doc?.studies)) errors.push({ file, message: 'not a ClinicalTrials.gov v2 study or search page' });
  studies.forEach((s, k) => {
    const rec = s?.protocolSection?.identificationModule?.nctId ?? `#${k}`;
    try {
      const r = finalizeTrial(ctgovV2StudyToDraft(s));
      if (r.trial) {
        trials.push(r.trial);
        raw.set(r.trial.id, JSON.stringify(s));
      } else errors.push({ file, record: rec, message: `validation: ${r.error}` });
    } catch (e) {
      errors.push({ file, record: rec, message: (e as Error).message });
    }
  });
  return { trials, errors, raw, totalCount: typeof doc?.totalCount === 'number' ? doc.totalCount : undefined, nextPageToken: doc?.nextPageToken };
}

import { XMLParser } from 'fast-xml-parser';
import { designOf } from '../design';
import { normalizePurpose } from '../purpose';
import type { ImportError, Trial } from '@oncodesk/shared/contracts';
import { cleanText, finalizeTrial, normalizePhases, normalizeSex, normalizeSiteStatus, normalizeStatus, parseAgeYears, siteCountryCode, type ImportResult, type TrialDraft } from '../model';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

const ARRAYS = new Set(['condition', 'keyword', 'intervention', 'arm_group', 'location', 'overall_official', 'collaborator', 'other_name', 'arm_group_label', 'secondary_id', 'mesh_term', 'clinical_study', 'DOC']);
// htmlEntities: numeric character references too ("&#xD;" ends thousands of registry lines; it showed as text in summaries)
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', textNodeName: '#text', trimValues: false, parseTagValue: false, isArray: (name) => ARRAYS.has(name), processEntities: true, htmlEntities: true });

function text(v: Json): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return text(v[0]);
  if (typeof v === 'object') {
    if ('textblock' in v) return text(v.textblock);
    if ('#text' in v) return text(v['#text']);
  }
  return undefined;
}

function arr(v: Json): Json[] {
  return v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
}

/** Maps a legacy `<clinical_study>` (or TREC `<DOC>` slice) to a trial draft. */
export function ctgovXmlStudyToDraft(cs: Json, fallbackId?: string): TrialDraft {
  const nctId: string | undefined = text(cs.id_info?.nct_id) ?? text(cs.DOCNO) ?? text(cs.nct_id) ?? fallbackId;
  if (!nctId || !/^NCT\d{8}$/.test(nctId.trim())) throw new Error(`missing or invalid nct_id: ${String(nctId)}`);
  const id = nctId.trim();
  const overall = normalizeStatus(text(cs.overall_status));
  const elig = cs.eligibility ?? cs;
  const officials = arr(cs.overall_official);
  const pi = officials.find((o) => /principal/i.test(text(o.role) ?? '')) ?? officials[0];
  const criteriaText = text(elig.criteria) ?? text(cs.criteria);
  return {
    id,
    nctId: id,
    otherIds: [text(cs.id_info?.org_study_id), ...arr(cs.id_info?.secondary_id).map(text)].filter((x): x is string => !!x),
    source: 'ctgov-xml',
    briefTitle: cleanText(text(cs.brief_title)) ?? cleanText(text(cs.official_title)) ?? id,
    officialTitle: cleanText(text(cs.official_title)),
    summary: cleanText(text(cs.brief_summary)),
    description: cleanText(text(cs.detailed_description) ?? text(cs.description)),
    phases: normalizePhases(text(cs.phase)),
    studyType: text(cs.study_type)?.toLowerCase(),
    primaryPurpose: normalizePurpose(text(cs.study_design_info?.primary_purpose)),
    design: designOf(text(cs.study_design_info?.allocation), text(cs.study_design_info?.intervention_model), text(cs.study_design_info?.masking)),
    overallStatus: overall,
    sponsor: text(cs.sponsors?.lead_sponsor?.agency),
    collaborators: arr(cs.sponsors?.collaborator).map((c) => text(c.agency)).filter((x): x is string => !!x),
    principalInvestigator: pi ? text(pi.last_name) : undefined,
    conditions: arr(cs.condition).map(text).filter((x): x is string => !!x).map((x) => x.trim()),
    keywords: [...arr(cs.keyword), ...arr(cs.condition_browse?.mesh_term), ...arr(cs.mesh_term)].map(text).filter((x): x is string => !!x).map((x) => x.trim()),
    interventions: arr(cs.intervention).map((iv) => ({ name: (text(iv.intervention_name) ?? 'intervention').trim(), type: text(iv.intervention_type)?.toLowerCase(), otherNames: arr(iv.other_name).map(text).filter((x): x is string => !!x), drugs: [] })),
    cohorts: arr(cs.arm_group).map((a, k) => ({
      id: `arm${k + 1}`,
      label: (text(a.arm_group_label) ?? `Arm ${k + 1}`).trim(),
      description: cleanText(text(a.description)),
      type: text(a.arm_group_type)?.toLowerCase(),
      interventions: arr(cs.intervention).filter((iv) => arr(iv.arm_group_label).map(text).includes(text(a.arm_group_label))).map((iv) => text(iv.intervention_name) ?? ''),
      open: true,
      criteria: [],
    })),
    sites: arr(cs.location).map((l) => {
      const f = l.facility ?? {};
      const a = f.address ?? {};
      const country = text(a.country)?.trim();
      return {
        name: (text(f.name) ?? text(a.city) ?? 'Site').trim(),
        address: { city: text(a.city)?.trim(), state: text(a.state)?.trim(), postalCode: text(a.zip)?.trim(), country, countryCode: siteCountryCode(country) },
        status: normalizeSiteStatus(text(l.status) ?? (overall === 'recruiting' ? 'recruiting' : text(cs.overall_status))),
        contact: l.contact ? { name: text(l.contact.last_name), email: text(l.contact.email), phone: text(l.contact.phone) } : undefined,
      };
    }),
    dates: { start: text(cs.start_date), primaryCompletion: text(cs.primary_completion_date), completion: text(cs.completion_date), lastUpdate: text(cs.last_update_posted ?? cs.lastchanged_date) },
    eligibility: {
      text: cleanText(criteriaText),
      minAge: parseAgeYears(text(elig.minimum_age)),
      maxAge: parseAgeYears(text(elig.maximum_age)),
      sex: normalizeSex(text(elig.gender)),
      healthyVolunteers: text(elig.healthy_volunteers) ? /yes|accepts/i.test(text(elig.healthy_volunteers)!) : undefined,
    },
  };
}

/** Parses one legacy XML file (a `<clinical_study>` record or TREC `<DOC>` slices). */
export function parseCtgovXml(content: string, file?: string): ImportResult {
  const errors: ImportError[] = [];
  const trials: Trial[] = [];
  let doc: Json;
  try {
    if (!/<\s*(clinical_study|DOC)\b/.test(content)) throw new Error('no <clinical_study> or <DOC> element');
    doc = parser.parse(content);
  } catch (e) {
    return { trials, errors: [{ file, message: `invalid XML: ${(e as Error).message}` }] };
  }
  const records: Json[] = [...arr(doc.clinical_study), ...arr(doc.DOC)];
  const fallback = file ? /NCT\d{8}/.exec(file)?.[0] : undefined;
  records.forEach((r, k) => {
    const rec = text(r?.id_info?.nct_id) ?? text(r?.DOCNO) ?? `#${k}`;
    try {
      const out = finalizeTrial(ctgovXmlStudyToDraft(r, records.length === 1 ? fallback : undefined));
      if (out.trial) trials.push(out.trial);
      else errors.push({ file, record: rec, message: `validation: ${out.error}` });
    } catch (e) {
      errors.push({ file, record: rec, message: (e as Error).message });
    }
  });
  if (!records.length) errors.push({ file, message: 'no study records found' });
  return { trials, errors };
}

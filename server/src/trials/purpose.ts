/**
 * What a study is for. The registry's primary purpose wins when the record has one (ClinicalTrials.gov XML
 * and API v2, NCI CTS full records); otherwise it is read from the title, conditions, interventions and
 * design (the HINT slice, NCI search records, observational studies) and marked "inferred". A clinician
 * looking for trials for a patient with cancer wants treatment trials: screening, prevention, risk,
 * supportive-care and healthy-volunteer studies are what made result lists look careless.
 */
import type { PrimaryPurpose, Trial } from '@oncodesk/shared/contracts';
import { drugClasses, findDrugs } from '../vocab/drugKnowledge';

/** The registry's wording ("Supportive Care", "SUPPORTIVE_CARE", "HEALTH_SERVICES_RESEARCH") as a key. */
export function normalizePurpose(s: string | undefined | null): PrimaryPurpose | undefined {
  const t = (s ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');
  if (!t) return undefined;
  if (t === 'treatment') return 'treatment';
  if (t === 'prevention') return 'prevention';
  if (t === 'screening') return 'screening';
  if (t === 'diagnostic') return 'diagnostic';
  if (t === 'supportive_care') return 'supportive_care';
  if (t === 'health_services_research') return 'health_services_research';
  if (t === 'basic_science') return 'basic_science';
  if (t === 'other' || t === 'device_feasibility' || t === 'ect') return 'other';
  return undefined;
}

/** A study type that enrols no one on an intervention (ClinicalTrials.gov "Observational", NCI "Non-Interventional"). */
const OBSERVATIONAL_TYPE = /observational|non[- ]?interventional/i;

type PurposeInput = Pick<Trial, 'briefTitle' | 'officialTitle' | 'conditions' | 'interventions' | 'studyType'> & { healthyVolunteers?: boolean };

/**
 * A title that says it treats patients ("… in Treating Patients With …", NCI's house style; "Preventing
 * Relapses in … HER2-Positive Breast Cancer" with an anticancer drug is adjuvant treatment) is a treatment
 * trial whatever else it mentions ("screening", "imaging").
 */
const TREATING = /\bin treating (?:younger |older |adult |pediatric )?(?:patients|participants|children|women|men|adults|people)\b|\bfor (?:the )?treatment of (?:patients with )?(?:(?! in | for | during )[^,]){0,90}(?:cancer|carcinoma|tumou?r|neoplasm|malignan|leuk|lymphoma|melanoma|sarcoma|myeloma|glioma)/i;
const PREVENTING_RELAPSE = /\bprevent\w* (?:relapses?|recurrences?|progression)\b/i;

/** A study continuing a drug for a parent trial's patients: it enrols no new patient (also NOT_AN_OPTION). */
const CONTINUATION = String.raw`\broll-?over\b|\bextension study\b|\bcontinued access\b`;
/** How care is delivered, not a treatment to choose: telemonitoring, a preference between two routes (also NOT_AN_OPTION). */
const ANOTHER_WAY_OF_CARE = String.raw`\btelemonitoring\b|\bpatient preference\b`;

/** Title phrases, most specific first; each names what the study is for whatever else it mentions. */
const RULES: Array<[PrimaryPurpose, RegExp]> = [
  // laboratory and genetic studies, pharmacology in volunteers
  ['basic_science', /\bhealthy (?:volunteers|subjects|participants|adults)\b|\bbioequivalen|\brepolari[sz]ation\b|\bQTc? (?:interval|prolongation|study)\b|\bwhole[- ]exome\b|\bgermline\b|\bcausative variants?\b|\bgenetic (?:study|analysis|variants?|susceptibility)\b|\bbiospecimen|\btissue (?:bank|collection|samples?)\b|\bsamples? collection\b|\bmechanisms? of\b|^studying\b/i],
  // symptoms and side effects of cancer or its treatment
  ['supportive_care', /\bnausea\b|\bvomiting\b|\bemesis\b|\bpain\b|\bfatigue\b|\banxiety\b|\bdepress(?:ion|ive)\b|\binsomnia\b|\bsleep\b|\bmucositis\b|\bhot flash|\bhot flush|\bcachexia\b|\bappetite\b|\blymph(?:o)?edema\b|\bdistress\b|\bquality of life\b|\bcardiotoxic|\bcardioprotect|\bheart (?:disease|failure|damage)\b|\bskin (?:toxicity|rash)\b|\bhand[- ]foot\b|\bneutropeni|\banemia\b|\bthrombo(?:sis|embolism)\b|\bsymptom(?:s| management| burden)\b|\bcognitive (?:impairment|function)\b|\bexercise\b|\bnutrition|\bpsycholog|\bcounseling\b|\bcognitive[- ]behavio|\bsurvivorship\b|\bpalliative\b|\bxerostomia\b|\barthralgias?\b|\bhot flashes\b|\bdiarrh(?:o)?ea\b|\bneuropathy\b|\berectile\b|\bsexual (?:function|dysfunction|health)\b|\b(?:urinary )?(?:in)?continence\b|\bbone (?:mineral )?density\b/i],
  // registries, cohorts and outcome studies: no intervention to enrol a patient on
  // a rollover or extension study continues a drug for patients of a parent trial: it enrols no new patient
  ['other', new RegExp(String.raw`${CONTINUATION}|\bnon[- ]?interventional\b|\bobservational (?:study|cohort|registry)\b|\bregistry\b|\bresearch (?:and outcomes )?network\b|\bprofiling protocol\b|\bcollection of (?:samples|data|blood)\b|\breal[- ]world\b|\bnatural history\b|\bprognostic (?:index|model)\b|\boutcomes? research\b|\bpatient[- ]reported outcome|\bcohort study\b`, 'i')],
  ['screening', /\bscreening\b|\bearly detection\b/i],
  ['prevention', /\bprevent|\bchemoprevent|\brisk[- ]reduc|\bprophyla|\bvaccin(?:e|ation) against\b|\b(?:HPV|hepatitis B) vaccin|\bsmoking cessation\b|\bhigh[- ]risk (?:women|men|individuals|subjects|persons)\b|\bcarriers?\b|\bbreast cancer risk\b/i],
  ['diagnostic', /\bimaging\b|\bPET(?:\/CT)?\b|\bMRI\b|\bCT scan|\bdiagnostic\b|\bdiagnosing\b|\bdetect(?:ion|ing)\b|\bsentinel (?:lymph )?node (?:mapping|detection|biopsy)\b|\bcontrast agent\b|\btracer\b|\bstaging\b|\bbiomarkers? (?:study|validation)\b|\bliquid biopsy\b|\bcirculating tumou?r (?:DNA|cells)\b/i],
  // care delivery, and what cancer costs patients ("Impact of COVID-19 Pandemic on Out-of-Pocket Costs, Lost Wages, and
  // Unemployment in Patients with Cancer", an NCI listing without a purpose)
  ['health_services_research', new RegExp(String.raw`\bnavigat(?:ion|or)\b|\btele(?:health|medicine)\b|${ANOTHER_WAY_OF_CARE}|\bdecision aid\b|\bcost[- ]effective|\bhealth services\b|\bcare delivery\b|\badherence\b|\beducation(?:al)? (?:program|intervention)\b|\bout[- ]of[- ]pocket\b|\bfinancial (?:toxicity|burden|hardship|distress)\b|\b(?:health[- ]?care|medical|treatment) costs\b|\blost wages\b|\bunemployment\b|\bemployment (?:status|outcomes?)\b`, 'i')],
];

const CANCER = /cancer|carcinoma|tumou?r|neoplasm|lymphoma|leuk(?:a)?emia|melanoma|myeloma|sarcoma|glioma|blastoma|malignan/i;
/** An anticancer drug of the vocabulary among the interventions or named in the title. */
const anticancerDrug = (t: PurposeInput) =>
  t.interventions.some((iv) => iv.drugs.some((d) => drugClasses(d).length > 0)) || findDrugs(`${t.briefTitle} ${t.officialTitle ?? ''}`).some((m) => (m.drug && drugClasses(m.drug).length > 0) || m.drugClass);

/** A treatment intervention: an anticancer drug of the vocabulary, radiotherapy, surgery or a procedure on the tumour. */
function treats(t: PurposeInput): boolean {
  if (anticancerDrug(t)) return true;
  // a drug study whose conditions are cancers (not symptoms: those were read as supportive care above)
  const cancer = t.conditions.some((c) => CANCER.test(c));
  for (const iv of t.interventions) {
    if (/^(?:radiation|procedure|biological|genetic|combination product)$/i.test(iv.type ?? '')) return true;
    if (cancer && /^drug$/i.test(iv.type ?? '')) return true;
  }
  // "A Study of MRTX849 in Patients With Cancer Having a KRAS G12C Mutation": an investigational agent in patients with cancer
  if (/\b(?:study|trial|evaluat\w*|safety)\b[^|]{0,80}\bin (?:subjects|patients|participants|people|adults|children) (?:with|having)\b[^|]{0,80}(?:advanced|metastatic|relapsed|refractory|recurrent|solid tumou?rs?|cancer|carcinoma|malignan|lymphoma|leuk|myeloma)/i.test(t.briefTitle)) return true;
  return /\btherapy\b|\btreatments?\b|\btesting (?:the )?(?:drug|use|addition)\b|\bvaccin|\befficacy\b|\bproton\b|\bcryoablation\b|\btreat(?:ing|ment)? (?:of |patients |participants |women |men |children )?(?:with )?[^,]{0,40}(?:cancer|carcinoma|tumou?r|neoplasm|malignan|leuk|lymphoma|melanoma|sarcoma|myeloma)|\bchemotherapy\b|\bradiotherapy\b|\bradiation therapy\b|\bchemoradi|\bimmunotherapy\b|\btargeted therapy\b|\binhibitor\b|\bantibody\b|\bresection\b|\bsurgery\b|\bablation\b|\btransplant|\bversus\b|\bvs\.?\b|\bin combination\b|\bplus\b|\bwith or without\b|\bmaintenance\b|\badjuvant\b/i.test(`${t.briefTitle} ${t.officialTitle ?? ''}`);
}

/**
 * The purpose read from the study itself, with what the registry would say when it does not: observational
 * studies and healthy-volunteer studies are never treatment trials; the title's phrasing decides the rest;
 * a study of anticancer drugs, radiotherapy or surgery is treatment; otherwise "unknown" (never a guess).
 */
export function inferPurpose(t: PurposeInput): PrimaryPurpose {
  const title = [t.briefTitle, t.officialTitle ?? ''].join(' | ');
  const text = [title, ...t.conditions].join(' | ');
  const observational = OBSERVATIONAL_TYPE.test(t.studyType ?? '');
  // an observational study enrols no one on a treatment, even one "of patients treated for ..." (NCT00700258)
  if (!observational && (TREATING.test(title) || (PREVENTING_RELAPSE.test(title) && anticancerDrug(t)))) return 'treatment';
  for (const [purpose, re] of RULES) {
    // conditions name symptoms ("Pain", "Anxiety") as well as diseases: they count for supportive care only
    if (re.test(purpose === 'supportive_care' ? text : title)) return purpose;
  }
  if (t.healthyVolunteers === true && !treats(t)) return 'basic_science';
  if (observational) return 'other';
  return treats(t) ? 'treatment' : 'unknown';
}

const NOT_AN_OPTION = new RegExp(`${CONTINUATION}|${ANOTHER_WAY_OF_CARE}`, 'i');

/** The purpose to store: the registry's when given, otherwise the inferred one, and where it came from. */
export function studyPurpose(registry: PrimaryPurpose | undefined, t: PurposeInput): Pick<Trial, 'primaryPurpose' | 'purposeOrigin'> {
  if (registry === 'treatment') {
    // the registry's "Treatment" is of whatever the study treats: anxiety ("Brief CBT for Anxiety and
    // Advanced Cancer"), or nothing at all in healthy volunteers ("Effect of HKI-272 on … Cardiac
    // Repolarization"), or of a precursor to prevent a cancer ("Chemoprevention Trial - Anastrozole in DCIS").
    // Here treatment means treatment of the cancer: such studies are read from their text.
    const read = inferPurpose(t);
    const chemoprevention = read === 'prevention' && /\bchemoprevent|\bprevent\w* (?:\w+ )?(?:cancer|carcinoma|neoplas)/i.test(`${t.briefTitle} ${t.officialTitle ?? ''}`);
    // a record that states it is observational (its study type, or a title saying "registry" / "non-interventional")
    // enrols no patient on a treatment, whatever its purpose field says (NCT00700258, a registry of treated patients)
    const observational = OBSERVATIONAL_TYPE.test(t.studyType ?? '') || /\bregistry\b|\bnon[- ]?interventional\b|\bobservational\b/i.test(`${t.briefTitle} ${t.officialTitle ?? ''}`);
    // a rollover for a parent trial's patients, telemonitoring, a preference between two ways of giving the same drug:
    // the registry's "Treatment" of patients already treated, not a treatment option for a new patient
    const notAnOption = (read === 'other' || read === 'health_services_research') && NOT_AN_OPTION.test(`${t.briefTitle} ${t.officialTitle ?? ''}`);
    if (read === 'supportive_care' || chemoprevention || notAnOption || (read === 'basic_science' && t.healthyVolunteers) || (observational && read !== 'treatment')) return { primaryPurpose: read === 'unknown' ? 'other' : read, purposeOrigin: 'inferred' };
  }
  if (registry && registry !== 'unknown') return { primaryPurpose: registry, purposeOrigin: 'registry' };
  const inferred = inferPurpose(t);
  return inferred === 'unknown' ? { primaryPurpose: 'unknown' } : { primaryPurpose: inferred, purposeOrigin: 'inferred' };
}

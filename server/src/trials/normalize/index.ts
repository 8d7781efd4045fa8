import { EXON_EVENT, exonEventKey } from '../../vocab/proteinChange';
import { PatientData as PatientSchema, type PatientData } from '@oncodesk/shared/contracts';
import { findDiseases } from '../vocab/diseases';
import { oncoNode, ONCOTREE_ROOT } from '../vocab/oncotree';
import { findGenes, normalizeGene } from '../vocab/genes';
import { findDrugs, normalizeDrug, REGIMENS } from '../vocab/drugs';

/** One piece of the text the normaliser understood. */
export interface Span {
  start: number;
  end: number;
  text: string;
  /** PatientData field it filled, e.g. "age", "oncotreeCode", "alterations". */
  field: string;
  value: unknown;
}

export interface NormalizedPatient {
  patient: PatientData;
  spans: Span[];
  /** Input the normaliser could not use (e.g. an impossible age). */
  warnings: string[];
}

const FOCUS: Array<[string, PatientData['focusArea']]> = [
  ['BREAST', 'breast'],
  ['LUNG', 'lung'],
  ['PROSTATE', 'prostate'],
  ['STOMACH', 'stomach'],
  ['LIVER', 'liver'],
  ['BILIARY_TRACT', 'liver'],
  ['THYROID', 'thyroid'],
  ['CERVIX', 'cervix_uteri'],
  ['BLADDER', 'bladder'],
  ['KIDNEY', 'kidney'],
  ['BOWEL', 'colon'],
];

/** The focus area an OncoTree code belongs to (walking up the tree), if any of the ten. */
export function focusOf(code: string): PatientData['focusArea'] {
  let cur = oncoNode(code);
  while (cur) {
    const f = FOCUS.find(([c]) => c === cur!.code);
    if (f) return f[1];
    cur = cur.parent ? oncoNode(cur.parent) : undefined;
  }
  return undefined;
}

const METS: Array<[RegExp, string]> = [
  [/\bbrain\b|\bCNS\b|cerebral/i, 'brain'],
  [/\bliver\b|hepatic/i, 'liver'],
  [/\bbones?\b|osseous/i, 'bone'],
  [/\blungs?\b|pulmonary/i, 'lung'],
  [/peritone/i, 'peritoneum'],
  [/lymph nodes?|nodal/i, 'lymph_node'],
  [/adrenal/i, 'adrenal'],
];

/**
 * Free-text patient description -> PatientData plus the spans it understood, e.g.
 * "64-year-old man with metastatic gastric adenocarcinoma, ERBB2 amplified, ECOG 1, progressed on FOLFOX".
 */
export function normalizePatient(text: string, base: Partial<PatientData> = {}): NormalizedPatient {
  const spans: Span[] = [];
  const warnings: string[] = [];
  const p: Record<string, unknown> = { metastasisSites: [], priorTreatments: [], biomarkers: [], alterations: [], comorbidities: [], ...base };
  const add = (m: RegExpExecArray | { index: number; 0: string }, field: string, value: unknown) => spans.push({ start: m.index, end: m.index + m[0].length, text: m[0], field, value });
  let m: RegExpExecArray | null;

  // age
  if ((m = /\b(\d{1,3})[- ]?(?:years?|yrs?|y)[- ]?(?:old|of age)?\b|\bage[ds]?\s*:?\s*(\d{1,3})\b/i.exec(text))) {
    const age = Number(m[1] ?? m[2]);
    if (age >= 0 && age <= 120) {
      p.age = age;
      add(m, 'age', age);
    } else warnings.push(`impossible age: ${age}`);
  }
  // sex
  if ((m = /\b(male|man|gentleman|boy|female|woman|lady|girl|M|F)\b/.exec(text)) || (m = /\b(male|man|female|woman)\b/i.exec(text))) {
    const w = m[1].toLowerCase();
    const g = /^(male|man|gentleman|boy|m)$/.test(w) ? 'male' : 'female';
    p.gender = g;
    add(m, 'gender', g);
  }
  // diagnosis
  const diseases = findDiseases(text).filter((d) => !/\bhistory of\s*$/i.test(text.slice(Math.max(0, d.start - 15), d.start)));
  if (diseases.length) {
    const specific = diseases.filter((d) => d.code !== ONCOTREE_ROOT);
    const pick = (specific.length ? specific : diseases).sort((a, b) => (oncoNode(b.code)?.level ?? 0) - (oncoNode(a.code)?.level ?? 0))[0];
    p.oncotreeCode = pick.code;
    p.diagnosisText = pick.phrase;
    const f = focusOf(pick.code);
    if (f) p.focusArea = f;
    spans.push({ start: pick.start, end: pick.end, text: pick.phrase, field: 'oncotreeCode', value: pick.code });
  }
  // metastatic / stage
  if ((m = /\bnon-?metastatic\b|\blocali[sz]ed\b/i.exec(text))) {
    p.metastatic = false;
    add(m, 'metastatic', false);
  } else if ((m = /\bmetastatic\b|\bmetastases\b|\bmetastasis\b|\bstage\s*IV\b|\bM1[abc]?\b/i.exec(text))) {
    p.metastatic = true;
    add(m, 'metastatic', true);
  }
  if ((m = /\bstage\s*(0|IV|III|II|I)([A-D]\d?)?\b/i.exec(text))) {
    p.stage = (m[1] + (m[2] ?? '')).toUpperCase();
    add(m, 'stage', p.stage);
    if (String(p.stage).startsWith('IV') && p.metastatic === undefined) p.metastatic = true;
  }
  const metRe = /\b(?:metastas[ie]s|mets|metastatic disease|spread)\s+(?:to|in)\s+(?:the\s+)?([a-z]+(?:\s*(?:,|and|or)\s*(?:the\s+)?[a-z]+)*)|\b(brain|liver|bone|lung|peritoneal|adrenal|hepatic|nodal)(?:\s+and\s+(brain|liver|bone|lung|peritoneal|adrenal|hepatic))?\s+(?:metastas[ie]s|mets|lesions)/gi;
  while ((m = metRe.exec(text))) {
    const phrase = m[1] ?? `${m[2]} ${m[3] ?? ''}`;
    for (const [re, site] of METS) {
      if (re.test(phrase) && !(p.metastasisSites as string[]).includes(site)) {
        (p.metastasisSites as string[]).push(site);
        add(m, 'metastasisSites', site);
      }
    }
    p.metastatic = true;
  }
  if ((p.metastasisSites as string[]).includes('brain')) {
    if (/\b(?:untreated|active|symptomatic|progressing) (?:brain|CNS)/i.test(text)) p.brainMetastasesTreated = false;
    else if (/\b(?:treated|irradiated|stable|resected) (?:brain|CNS)/i.test(text)) p.brainMetastasesTreated = true;
  }
  // performance status
  if ((m = /\b(?:ECOG|PS|performance status)\s*(?:PS|score|of)?\s*:?\s*([0-4])\b/i.exec(text))) {
    p.ecog = Number(m[1]);
    add(m, 'ecog', p.ecog);
  }
  if ((m = /\b(?:Karnofsky|KPS)\s*(?:score|of)?\s*:?\s*(\d{2,3})\s*%?/i.exec(text))) {
    const k = Number(m[1]);
    if (k <= 100) {
      p.karnofsky = k;
      add(m, 'karnofsky', k);
    }
  }
  // biomarkers
  const bm = (name: string, value: string, mm: RegExpExecArray) => {
    (p.biomarkers as Array<{ name: string; value: string }>).push({ name, value });
    add(mm, 'biomarkers', { name, value });
  };
  if ((m = /\b(?:HER2|HER-2)[\s-]*(?:\/neu)?[\s-]*(positive|negative|\+|-|low|[0-3]\+)/i.exec(text))) bm('HER2', /pos|\+$|3\+/.test(m[1]) && !/[12]\+/.test(m[1]) ? 'positive' : /low|[12]\+/.test(m[1]) ? 'low' : 'negative', m);
  if ((m = /\b(?:ER|estrogen receptor)[\s-]*(positive|negative|\+|-)(?!\w)/i.exec(text))) bm('ER', /pos|\+/.test(m[1]) ? 'positive' : 'negative', m);
  if ((m = /\b(?:PR|PgR|progesterone receptor)[\s-]*(positive|negative|\+|-)(?!\w)/i.exec(text))) bm('PR', /pos|\+/.test(m[1]) ? 'positive' : 'negative', m);
  if ((m = /\b(?:HR|hormone receptor)[\s-]*(positive|negative|\+|-)(?!\w)/i.exec(text))) {
    bm('ER', /pos|\+/.test(m[1]) ? 'positive' : 'negative', m);
  }
  if ((m = /\btriple[- ]negative\b/i.exec(text))) {
    bm('ER', 'negative', m);
    bm('PR', 'negative', m);
    bm('HER2', 'negative', m);
  }
  if ((m = /\bPD-?L1\b[^.;,]{0,30}?(\d{1,3})\s*%|\b(\d{1,3})\s*%[^.;,]{0,30}?PD-?L1\b/i.exec(text))) bm('PD-L1', String(m[1] ?? m[2]), m);
  else if ((m = /\b(?:PD-?L1)[\s-]*(?:expression\s*)?(positive|negative|high)|(?:negative|positive) for PD-?L1/i.exec(text))) bm('PD-L1', /neg/i.test(m[0]) ? 'negative' : 'positive', m);
  if ((m = /\b(?:TMB|tumou?r mutation(?:al)? burden)[^0-9.;]{0,20}?(\d+(?:\.\d+)?)\s*(?:mut(?:ations)?\/Mb)?/i.exec(text))) {
    p.tmb = Number(m[1]);
    add(m, 'tmb', p.tmb);
  } else if ((m = /\b(?:high|elevated) (?:TMB|tumou?r mutation(?:al)? burden)|\bTMB[- ]high\b/i.exec(text))) {
    p.tmb = 10;
    add(m, 'tmb', 10);
  }
  if ((m = /\bMSI[- ]?H(?:igh)?\b|microsatellite instability[- ]high|\bdMMR\b|mismatch repair[- ]deficient/i.exec(text))) {
    p.msi = 'high';
    add(m, 'msi', 'high');
  } else if ((m = /\bMSS\b|microsatellite[- ]stable/i.exec(text))) {
    p.msi = 'stable';
    add(m, 'msi', 'stable');
  }
  // genomic alterations
  const genes = findGenes(text).filter((g) => !['CD274', 'PDCD1'].includes(g.gene) && !(g.gene === 'ERBB2' && /^[\s-]*(?:\/neu)?[\s-]*(?:positive|negative|\+|-(?!\w)|low)/i.test(text.slice(g.end, g.end + 15))) && !/^[\s-]*(?:TKI|inhibitor|targeted)/i.test(text.slice(g.end, g.end + 20)));
  const alts = p.alterations as Array<{ gene: string; proteinChange?: string; category: string }>;
  for (let i = 0; i < genes.length; i++) {
    const g = genes[i];
    const next = genes[i + 1]?.start ?? text.length;
    const win = text.slice(g.end, Math.min(next, g.end + 50)).split(/[;.,]/)[0];
    const before = text.slice(Math.max(0, g.start - 25), g.start);
    // fusion written as EML4-ALK: the first gene is the partner
    if (text[g.end] === '-' && genes[i + 1]?.start === g.end + 1) continue;
    const protein = /(?:^|[\s(:,-])(?:p\.)?([ACDEFGHIKLMNPQRSTVWY]\d{1,4}(?:[ACDEFGHIKLMNPQRSTVWY*]|fs\*?\d*|_[A-Z]\d+(?:dup|del|ins\w*))?)(?![A-Za-z0-9])/.exec(win);
    const exon = EXON_EVENT.exec(win);
    let category = 'mutation';
    const w = (before.slice(-12) + ' ' + win).toLowerCase();
    if (/wild[- ]?type|\bwt\b|negative|not (?:mutated|detected)/.test(w)) category = 'wild_type';
    else if (/amplif|\bamp\b|gain/.test(w)) category = 'amplification';
    else if (/fusion|rearrang|translocat|positive/.test(w) && !protein) category = /positive/.test(w) && !/fusion|rearrang/.test(w) && !['ALK', 'ROS1', 'RET', 'NTRK1', 'NTRK2', 'NTRK3'].includes(g.gene) ? 'mutation' : 'fusion';
    else if (/deletion|deleted|\bloss\b|\bnull\b/.test(w) && !exon) category = 'deletion';
    else if (/overexpress|expression/.test(w)) category = 'expression';
    if (text[g.start - 1] === '-' && genes[i - 1]?.end === g.start - 1) category = 'fusion';
    // a bare gene ("KRAS", "BRCA2"): altered, kind not reported (not presumed a mutation)
    if (category === 'mutation' && !protein && !exon && !/mutat|mutant|variant|activating|inactivat|truncat|loss[- ]of[- ]function|splice|frameshift|missense|nonsense|insertion|substitution|altera|aberra|positive|hotspot|driver/.test(w)) category = 'other';
    const proteinChange = protein ? protein[1] : exon ? exonEventKey(exon[1], exon[2]) : undefined;
    const gene = normalizeGene(g.gene) ?? g.gene;
    if (alts.some((a) => a.gene === gene && a.proteinChange === proteinChange && a.category === category)) continue;
    alts.push({ gene, proteinChange, category });
    spans.push({ start: g.start, end: g.end + (protein ? protein.index + protein[0].length : 0), text: text.slice(g.start, g.end + (protein ? protein.index + protein[0].length : 0)), field: 'alterations', value: { gene, proteinChange, category } });
  }
  // prior treatments
  const treatCue = /\b(?:progressed|progression|failed|refractory|after|prior|previous(?:ly)?|received|treated with|on|s\/p|status post|following)\b/i;
  const drugs = findDrugs(text);
  const tx = p.priorTreatments as Array<{ name: string; kind: string; progressed?: boolean }>;
  for (const d of drugs) {
    const before = text.slice(Math.max(0, d.start - 60), d.start);
    if (!treatCue.test(before) && !treatCue.test(text.slice(d.end, d.end + 20))) continue;
    const progressed = /progress|failed|refractory|resistan/i.test(before + text.slice(d.end, d.end + 25));
    const name = REGIMENS[d.text.toLowerCase()] ? d.text.toUpperCase() : d.drug ?? d.drugClass ?? d.text;
    if (tx.some((t) => t.name === name)) continue;
    tx.push({ name, kind: d.drug || REGIMENS[d.text.toLowerCase()] ? 'drug' : 'drug_class', progressed: progressed || undefined });
    spans.push({ start: d.start, end: d.end, text: d.text, field: 'priorTreatments', value: name });
  }
  if ((m = /\b(?:treatment|therapy|chemo(?:therapy)?)[- ]na[iï]ve\b|\buntreated\b|\bno prior (?:systemic )?(?:therapy|treatment)/i.exec(text))) {
    p.priorLines = 0;
    add(m, 'priorLines', 0);
  }
  if ((m = /\b(\d|one|two|three|four)\s+prior\s+(?:lines?|regimens?)/i.exec(text))) {
    const n = { one: 1, two: 2, three: 3, four: 4 }[m[1].toLowerCase() as 'one'] ?? Number(m[1]);
    p.priorLines = n;
    add(m, 'priorLines', n);
  }
  // disease state
  if ((m = /\bunresectable\b|\binoperable\b/i.exec(text))) {
    p.resectable = false;
    add(m, 'resectable', false);
  } else if ((m = /\bresectable\b/i.exec(text))) {
    p.resectable = true;
    add(m, 'resectable', true);
  }
  if ((m = /\bmeasurable disease\b/i.exec(text))) {
    const neg = /\bno(?:n)?[- ]?$/i.test(text.slice(Math.max(0, m.index - 5), m.index));
    p.measurableDisease = !neg;
    add(m, 'measurableDisease', !neg);
  }
  if ((m = /\bpregnant\b/i.exec(text))) {
    const neg = /\bnot\s+$/i.test(text.slice(Math.max(0, m.index - 5), m.index));
    p.pregnant = !neg;
    add(m, 'pregnant', !neg);
  }
  const comorb: Array<[RegExp, string]> = [
    [/\bHIV\b/, 'hiv'],
    [/hepatitis B|\bHBV\b/i, 'hepatitis_b'],
    [/hepatitis C|\bHCV\b/i, 'hepatitis_c'],
    [/auto-?immune|lupus|rheumatoid arthritis|crohn|ulcerative colitis/i, 'autoimmune'],
    [/heart failure|myocardial infarction|coronary|cardiac|heart disease/i, 'cardiac'],
  ];
  for (const [re, key] of comorb) {
    if ((m = re.exec(text))) {
      if (/\b(?:no|denies|negative)\b[^.;]{0,20}$/i.test(text.slice(Math.max(0, m.index - 25), m.index))) continue;
      (p.comorbidities as string[]).push(key);
      add(m, 'comorbidities', key);
    }
  }
  const parsed = PatientSchema.safeParse(p);
  if (!parsed.success) {
    warnings.push(...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
    // drop invalid fields one by one rather than fail the whole record
    const clean = { ...p };
    for (const i of parsed.error.issues) delete clean[String(i.path[0])];
    return { patient: PatientSchema.parse(clean), spans: spans.sort((a, b) => a.start - b.start), warnings };
  }
  return { patient: parsed.data, spans: spans.sort((a, b) => a.start - b.start), warnings };
}

/** Validates a structured patient record (rejects unknown OncoTree codes and impossible values). */
export function validatePatient(input: unknown): { patient?: PatientData; errors: string[] } {
  const r = PatientSchema.safeParse(input);
  if (!r.success) return { errors: r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const errors: string[] = [];
  if (r.data.oncotreeCode && !oncoNode(r.data.oncotreeCode)) errors.push(`oncotreeCode: unknown OncoTree code "${r.data.oncotreeCode}"`);
  for (const a of r.data.alterations) if (!normalizeGene(a.gene)) errors.push(`alterations: unknown gene "${a.gene}"`);
  return errors.length ? { errors } : { patient: r.data, errors };
}

export { normalizeDrug };

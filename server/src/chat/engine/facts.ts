import { PatientData, type Citation } from '@oncodesk/shared/contracts';
import enLocale from '@oncodesk/shared/locales/en.json';
import esLocale from '@oncodesk/shared/locales/es.json';
import itLocale from '@oncodesk/shared/locales/it.json';
import { patientSummary } from '../../patients/summary';
import type { Answer } from './answers';
import { plain } from './intent';
import { say, type Lang } from './messages';
import { cut } from './quote';
import type { ChatSources } from './sources';
import { findingCitation, quotableFindings, recordedMarkers } from './status';

/**
 * "creatinine clearance?", "funzione renale", "ki67?", "menopausal status?", "¿fuma?": a question about one
 * clinical attribute of the patient is answered from the record's own field for it (its laboratory values,
 * menopausal status, Child-Pugh class…) and the report lines that name it, each cited. An attribute neither
 * states is "not recorded (unknown)", followed by what the record does hold that bears on it (a creatinine
 * for a clearance; never a value computed from it) or else what the record holds at all — never invented.
 * One table of attributes, each with the words that ask for it in en/es/it: a new attribute is a row, not a
 * new intent.
 */
type L = Record<Lang, string>;
interface Attribute {
  key: string;
  name: L;
  /** The words that ask for it (accents removed, lower case). */
  asks: RegExp;
  /** Laboratory analytes (LabValue.analyte keys) that state it. */
  analytes?: string[];
  /** Analytes that bear on it without stating it (a creatinine for a clearance): shown as related, never converted. */
  related?: string[];
  /** The record's own value, in words. */
  value?: (p: PatientData, lang: Lang) => string | undefined;
  /** How a report line that states it is written. */
  report?: RegExp;
}

const w = (en: string, es: string, it: string): L => ({ en, es, it });
const yesNo = (v: boolean | undefined, lang: Lang) => (v === undefined ? undefined : v ? w('yes', 'sí', 'sì')[lang] : w('no', 'no', 'no')[lang]);
const LABS = enLocale.labs as Record<string, string>;
const LAB_NAMES: Record<Lang, Record<string, string>> = { en: LABS, es: esLocale.labs, it: itLocale.labs };
const labName = (key: string, lang: Lang) => LAB_NAMES[lang][key] ?? key;

/** A report line about kidney function ("eGFR" only as written so: "EGFR" is the gene). */
const CLEARANCE_REPORT = /[Cc]learance|\bC?[Cc]r[Cc]l\b|\bC?CRCL\b|[Gg]lomerular|[Cc]ockcroft|\beGFR\b/;
const RENAL_REPORT = new RegExp(`[Cc]reatinin|CREATININ|${CLEARANCE_REPORT.source}`);
/** "eGFR" as typed (a lower-case e): the filtration rate, not the gene. */
const EGFR_RATE = /(?<![A-Za-z])eGFR(?![A-Za-z])/;

/** Most specific first: a question's words are taken by the first attribute that reads them ("creatinine clearance" is not also "creatinine"). */
const ATTRIBUTES: Attribute[] = [
  {
    key: 'crcl',
    name: w('creatinine clearance / eGFR', 'aclaramiento de creatinina / FGe', 'clearance della creatinina / eGFR'),
    asks: /\bcreatinine? clearance\b|\bclearance(?: (?:de|della|di) (?:la )?creatinina)?\b|\baclaramiento(?: de creatinina)?\b|\bc?crcl\b|\bgfr\b|\bfge\b|\bfiltrado glomerular\b|\bfiltrato glomerulare\b|\bglomerular filtration\b|\bcockcroft\w*/,
    analytes: ['creatinine_clearance'],
    related: ['creatinine'],
    report: CLEARANCE_REPORT,
  },
  {
    key: 'renal',
    name: w('renal function', 'función renal', 'funzione renale'),
    // not "renal cell carcinoma": that is a diagnosis
    asks: /\b(?:renal|kidney) (?:function|impairment|failure|insufficiency)\b|\bfuncion renal\b|\bfunzione renale\b|\binsuficiencia renal\b|\binsufficienza renale\b|\brenal(?! cell| carcinoma| cancer| tumou?r| mass)\b|\brenale\b/,
    analytes: ['creatinine_clearance', 'creatinine'],
    report: RENAL_REPORT,
  },
  {
    key: 'liver',
    name: w('liver function', 'función hepática', 'funzione epatica'),
    asks: /\b(?:liver|hepatic) (?:function|tests?|enzymes?|impairment)\b|\blfts?\b|\bfuncion hepatica\b|\bfunzione epatica\b|\btransaminas\w*|\bpruebas hepaticas\b|\benzimi epatici\b/,
    analytes: ['bilirubin', 'ast', 'alt', 'alp', 'albumin', 'inr'],
    value: (p) => (p.childPugh ? `Child-Pugh ${p.childPugh}` : undefined),
    report: /bilirubin|\bAST\b|\bALT\b|\bGOT\b|\bGPT\b|phosphatase|fosfatas|albumin|\bINR\b|transaminas/i,
  },
  {
    key: 'counts',
    name: w('blood counts', 'hemograma', 'emocromo'),
    asks: /\bblood counts?\b|\bcbc\b|\bfbc\b|\bhemograma\b|\bemocromo\b|\bbone marrow function\b|\bfuncion medular\b|\bfunzione midollare\b|\bhaematolog\w*|\bhematolog\w*|\bematolog\w*/,
    analytes: ['hemoglobin', 'wbc', 'anc', 'lymphocytes', 'platelets'],
    report: /h(?:a)?emoglobin|neutrophil|platelet|leukocyte|white blood|lymphocyte/i,
  },
  {
    key: 'ki67',
    name: w('Ki-67', 'Ki-67', 'Ki-67'),
    asks: /\bki-?\s?67\b|\bmib-?1\b|\bproliferation index\b|\bindice (?:de|di) proliferaci\w*/,
    report: /\bki-?\s?67\b|\bMIB-?1\b|proliferation index/i,
  },
  {
    key: 'menopause',
    name: w('menopausal status', 'estado menopáusico', 'stato menopausale'),
    asks: /\b(?:pre|peri|post)?-?menopaus\w*|\bmenopausi\w*|\bclimater\w*/,
    value: (p, lang) =>
      p.menopausalStatus &&
      { premenopausal: w('premenopausal', 'premenopáusica', 'premenopausa'), postmenopausal: w('postmenopausal', 'posmenopáusica', 'postmenopausa') }[
        p.menopausalStatus
      ][lang],
    report: /menopaus/i,
  },
  {
    key: 'smoking',
    name: w('smoking status', 'tabaquismo', 'abitudine al fumo'),
    asks: /\bsmok(?:er|ers|ing status|ing history)\b|\bdoes (?:she|he) smoke\b|\bfuma(?:ba)?\b|\bha fumato\b|\bpack[- ]?years?\b|\bfumador\w*|\btabaquismo\b|\bfumatore\b|\bfumatrice\b|\btabagismo\b|\bnever[- ]smoker\b/,
    value: (p, lang) =>
      p.smokingStatus &&
      {
        never: w('never smoker', 'nunca fumadora', 'mai fumatrice'),
        former: w('former smoker', 'exfumadora', 'ex fumatrice'),
        current: w('current smoker', 'fumadora actual', 'fumatrice attuale'),
      }[p.smokingStatus][lang],
    report: /smok|tabac|fumat|fumador/i,
  },
  {
    key: 'childPugh',
    name: w('Child-Pugh class', 'clase Child-Pugh', 'classe Child-Pugh'),
    asks: /\bchild[- ]?pugh\b/,
    value: (p) => p.childPugh,
    report: /child[- ]?pugh/i,
  },
  { key: 'bclc', name: w('BCLC stage', 'estadio BCLC', 'stadio BCLC'), asks: /\bbclc\b/, value: (p) => p.bclcStage, report: /\bBCLC\b/i },
  {
    key: 'castration',
    name: w('castration status', 'estado de castración', 'stato di castrazione'),
    asks: /\bcastrat\w*|\bcastraci\w*|\bcrpc\b|\bhspc\b|\bcspc\b/,
    value: (p, lang) =>
      p.castrationStatus &&
      {
        sensitive: w('castration-sensitive', 'sensible a la castración', 'sensibile alla castrazione'),
        resistant: w('castration-resistant', 'resistente a la castración', 'resistente alla castrazione'),
      }[p.castrationStatus][lang],
    report: /castrat/i,
  },
  {
    key: 'gleason',
    name: w('Gleason score / ISUP grade group', 'puntuación de Gleason / grupo ISUP', 'punteggio di Gleason / gruppo ISUP'),
    asks: /\bgleason\b|\bisup\b|\bgrade group\b|\bgrupo de grado\b|\bgruppo di grado\b/,
    value: (p) => [p.gleasonScore && `Gleason ${p.gleasonScore}`, p.gleasonGradeGroup && `ISUP ${p.gleasonGradeGroup}`].filter(Boolean).join(', ') || undefined,
    report: /gleason|\bISUP\b/i,
  },
  {
    key: 'imdc',
    name: w('IMDC risk group', 'grupo de riesgo IMDC', 'gruppo di rischio IMDC'),
    asks: /\bimdc\b|\bheng\b|\bmskcc risk\b/,
    value: (p) => p.imdcRisk,
    report: /\bIMDC\b|\bHeng\b/i,
  },
  {
    key: 'grade',
    name: w('tumour grade', 'grado tumoral', 'grado del tumore'),
    asks: /\btumou?r grade\b|\bgrado (?:tumoral|del tumore|histologico|istologico)\b|\bhigh[- ]grade\b|\blow[- ]grade\b|\bgrade\b/,
    value: (p) => p.tumorGrade,
    report: /\bgrade\b|\bG[1-3]\b|grado/i,
  },
  {
    key: 'rai',
    name: w('radioiodine refractoriness', 'refractariedad al radioyodo', 'refrattarietà al radioiodio'),
    asks: /\brai\b|\bradio-?iodine\b|\bradioyodo\b|\bradioiodio\b|\biodine[- ]refractory\b/,
    value: (p, lang) => yesNo(p.raiRefractory, lang),
    report: /radioiod|\bRAI\b/i,
  },
  {
    key: 'pregnancy',
    name: w('pregnancy', 'embarazo', 'gravidanza'),
    // the record's fact ("is she pregnant", "embarazo?"), not whether she may become pregnant (advice, out of scope)
    asks: /\bpregnan(?:t|cy)(?: status| test)?\s*\??$|\bis (?:she|the patient) pregnant\b|\besta embarazada\b|\bembarazo\s*\??$|\b[eè] incinta\b|\bgravidanza\s*\??$/,
    value: (p, lang) => yesNo(p.pregnant, lang),
    report: /pregnan|embaraz|gravidanz/i,
  },
  {
    key: 'measurable',
    name: w('measurable disease (RECIST)', 'enfermedad medible (RECIST)', 'malattia misurabile (RECIST)'),
    asks: /\bmeasurable\b|\brecist\b|\bmedible\b|\bmisurabil\w*/,
    value: (p, lang) => yesNo(p.measurableDisease, lang),
    report: /measurable|RECIST/i,
  },
  {
    key: 'resectable',
    name: w('resectability', 'resecabilidad', 'resecabilità'),
    asks: /\b(?:un)?resectab\w*|\boperab\w*|\b(?:ir)?resecab\w*|\boperabil\w*/,
    value: (p, lang) => yesNo(p.resectable, lang),
    report: /resect|operab/i,
  },
  {
    key: 'brain',
    name: w('brain metastases', 'metástasis cerebrales', 'metastasi cerebrali'),
    asks: /\bbrain (?:mets|metastas[ie]s|lesions?)\b|\bcns (?:mets|metastas[ie]s|disease)\b|\bmetastasis cerebrales\b|\bmetastasi cerebrali\b|\bbrain\b|\bcerebral\w*/,
    value: (p, lang) => {
      const brain = p.metastasisSites.some((x) => /brain|cns/i.test(x));
      const absent = p.absentMetastasisSites?.some((x) => /brain|cns/i.test(x));
      if (brain)
        return `${w('yes', 'sí', 'sì')[lang]}${p.brainMetastasesTreated !== undefined ? ` (${p.brainMetastasesTreated ? w('treated', 'tratadas', 'trattate')[lang] : w('untreated', 'no tratadas', 'non trattate')[lang]})` : ''}`;
      return absent ? w('no', 'no', 'no')[lang] : undefined;
    },
    report: /\bbrain\b|\bcerebral|\bCNS\b/i,
  },
  {
    key: 'metastases',
    name: w('metastases', 'metástasis', 'metastasi'),
    asks: /\bmetasta\w*|\bmets\b|\bspread\b|\bextension\b|\bextensi[oó]n\b|\bestensione\b/,
    value: (p, lang) => {
      const sites = p.metastasisSites.join(', ');
      const flag = yesNo(p.metastatic, lang);
      return [flag, sites].filter(Boolean).join(' — ') || undefined;
    },
  },
  {
    key: 'diagnosis',
    name: w('diagnosis / histology', 'diagnóstico / histología', 'diagnosi / istologia'),
    asks: /\bhistolog\w*|\bistolog\w*|\bhistotype\b|\bdiagnos\w*|\btumou?r type\b|\btipo de tumor\b|\btipo (?:di )?tumore\b|\bwhat cancer\b|\bqu[eé] c[aá]ncer\b|\bche tumore\b/,
    value: (p, lang) => {
      const row = patientSummary(PatientData.parse({ oncotreeCode: p.oncotreeCode, diagnosisText: p.diagnosisText }), lang)[0]?.value;
      return [row, p.diagnosisDate].filter(Boolean).join(', ') || undefined;
    },
  },
  {
    key: 'sex',
    name: w('sex', 'sexo', 'sesso'),
    asks: /\bsex\b|\bgender\b|\bsexo\b|\bsesso\b|\bmale or female\b|\bhombre o mujer\b|\buomo o donna\b/,
    value: (p, lang) =>
      p.gender && { male: w('male', 'hombre', 'uomo'), female: w('female', 'mujer', 'donna'), other: w('other', 'otro', 'altro') }[p.gender][lang],
  },
  {
    key: 'lines',
    name: w('prior lines of therapy', 'líneas previas de tratamiento', 'linee di terapia precedenti'),
    asks: /\b(?:prior|previous) lines?\b|\blines? of (?:therapy|treatment)\b|\bhow many lines\b|\blineas previas\b|\bcuantas lineas\b|\blinee precedenti\b|\bquante linee\b/,
    // the count and the treatments it counts, as the summary writes them
    value: (p, lang) =>
      [p.priorLines?.toString(), patientSummary(PatientData.parse({ priorTreatments: p.priorTreatments }), lang)[0]?.value].filter(Boolean).join(' — ') ||
      undefined,
  },
  {
    key: 'comorbidities',
    name: w('comorbidities', 'comorbilidades', 'comorbidità'),
    asks: /\bcomorbid\w*|\bhiv\b|\bhepatitis\b|\bhepatitis [bc]\b|\bepatite\b|\bhbv\b|\bhcv\b|\bautoimmun\w*|\bautoinmun\w*/,
    value: (p) => p.comorbidities.join(', ') || undefined,
  },
  {
    key: 'location',
    name: w('location', 'ubicación', 'luogo'),
    asks: /\bwhere does (?:she|he|the patient) live\b|\b(?:location|address|city|country) of the patient\b|\bpatient'?s? (?:location|address|city|country)\b|\b(?:her|his) (?:location|address|city|country)\b|\bdonde vive\b|\bubicacion del paciente\b|\bdove vive\b|\bposizione del paziente\b|\bresidenc\w*|\bdomicilio\b/,
    value: (p) => [p.location?.city, p.location?.region, p.location?.country ?? p.location?.countryCode].filter(Boolean).join(', ') || undefined,
  },
  {
    key: 'ecog',
    name: w('performance status (ECOG / Karnofsky)', 'estado funcional (ECOG / Karnofsky)', 'performance status (ECOG / Karnofsky)'),
    asks: /\becog\b|\bperformance status\b|\bkarnofsky\b|\bkps\b|\bestado funcional\b|\bstato funzionale\b/,
    value: (p) => [p.ecog !== undefined && `ECOG ${p.ecog}`, p.karnofsky !== undefined && `Karnofsky ${p.karnofsky}`].filter(Boolean).join(', ') || undefined,
    report: /\bECOG\b|karnofsky/i,
  },
  {
    key: 'stage',
    name: w('stage (TNM)', 'estadio (TNM)', 'stadio (TNM)'),
    asks: /\bstag(?:e|ing)\b|\bestadi(?:o|aje)\b|\bstadi(?:o|azione)\b|\btnm\b/,
    value: (p) => {
      const tnm = p.tnm && [p.tnm.t && `T${p.tnm.t}`, p.tnm.n && `N${p.tnm.n}`, p.tnm.m && `M${p.tnm.m}`].filter(Boolean).join(' ');
      return [p.stage, tnm && `${p.tnm?.prefix ?? ''}${tnm}`].filter(Boolean).join(', ') || undefined;
    },
    report: /\bstage\b|\bpT\d|\bcT\d|\bTNM\b/i,
  },
];

/** Laboratory analytes by the names the interface gives them in each language (the shared locale's lab names), one attribute each. */
const LAB_ATTRIBUTES: Attribute[] = Object.keys(LABS).map((key) => {
  // not the bracketed qualifiers, nor abbreviations that are everyday words or a gene ("GOT", "RAN", "eGFR" read as "egfr")
  const names = (['en', 'es', 'it'] as const)
    .flatMap((l) =>
      labName(key, l)
        .split(/[/(),]/)
        .map((n: string) => plain(n).trim().toLowerCase()),
    )
    .filter((n) => n.length >= 3 && !/^(?:absolute|total|totale|conta assoluta|recuento absoluto|got|gpt|ran|egfr|fge)$/.test(n));
  const words = [...new Set(names)].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[ -]?'));
  return {
    key: `lab:${key}`,
    name: { en: labName(key, 'en'), es: labName(key, 'es'), it: labName(key, 'it') },
    asks: new RegExp(`(?<![a-z])(?:${words.join('|')})(?![a-z])`),
    analytes: [key],
    report: new RegExp(`(?<![A-Za-z])(?:${words.join('|')})(?![A-Za-z])`, 'i'),
  };
});

/** Shorthand clinicians type for a few analytes (the locale names are the long ones). */
const LAB_SHORTHAND: Array<[RegExp, string]> = [
  [/\bhb\b|\bhgb\b|\bemoglob\w*|\bhemoglob\w*|\bhaemoglob\w*/, 'hemoglobin'],
  [/\bplts?\b|\bpiastrin\w*|\bplaquet\w*/, 'platelets'],
  [/\banc\b|\bneutrophils?\b|\bneutrofil\w*|\bneutr[oó]fil\w*/, 'anc'],
  [/\bcrea\b|\bcreat\b|\bcreatinin\w*/, 'creatinine'],
  [/\bbili\b|\bbilirrubin\w*|\bbilirubin\w*/, 'bilirubin'],
];

/** The attributes a question asks about: each attribute takes the words it reads, so a more specific one wins. */
export function attributesIn(question: string): Attribute[] {
  let text = plain(question).toLowerCase();
  const out: Attribute[] = [];
  const take = (a: Attribute, re: RegExp) => {
    const g = new RegExp(re.source, 'g');
    if (!g.test(text)) return;
    out.push(a);
    text = text.replace(g, ' ');
  };
  if (EGFR_RATE.test(question)) take(ATTRIBUTES[0], /\begfr\b/);
  for (const a of ATTRIBUTES) take(a, a.asks);
  for (const [re, key] of LAB_SHORTHAND) {
    const a = LAB_ATTRIBUTES.find((x) => x.key === `lab:${key}`);
    if (a) take(a, re);
  }
  for (const a of LAB_ATTRIBUTES) take(a, a.asks);
  return [...new Map(out.map((a) => [a.key, a])).values()];
}

const bare = (x: string) => x.toLowerCase().replace(/[^a-z0-9]/g, '');
/** The record's laboratory values for some analytes, as written ("Creatinine: 0.84 mg/dL"), and the tumour markers it holds as biomarkers (PSA, CEA…). */
function labLines(p: PatientData, analytes: string[], lang: Lang): string[] {
  const labs = (p.labs ?? [])
    .filter((x) => analytes.includes(x.analyte))
    .map((x) => `${labName(x.analyte, lang)}: ${x.value}${x.unit ? ` ${x.unit}` : ''}${x.uln ? ` (ULN ${x.uln})` : ''}`);
  const keys = new Set(analytes.map(bare));
  const markers = p.biomarkers.filter((b) => keys.has(bare(b.name))).map((b) => `${b.name}: ${b.value}${b.unit ? ` ${b.unit}` : ''}`);
  return [...labs, ...markers];
}

/** The answer to a question about clinical attributes of the patient; null when it names none. */
export async function recordFacts(question: string, s: ChatSources, lang: Lang): Promise<Answer | null> {
  if (!s.patient) return null;
  const asked = attributesIn(question);
  if (!asked.length) return null;
  const p = s.patient.data;
  const pc: Citation = { kind: 'patient', id: s.patient.id, patientId: s.patient.id, label: s.patient.name };
  const citations: Citation[] = [pc];
  const lines = [say('statusOf', lang)];
  const findings = await quotableFindings(s);
  const quoted = new Set<string>();
  const quote = (about: (f: (typeof findings)[number]['f']) => boolean): number => {
    let n = 0;
    for (const { d, f } of findings) {
      if (!about(f) || quoted.has(f.source.text)) continue;
      quoted.add(f.source.text);
      citations.push(findingCitation(d, f, s.patient!.id, lang));
      lines.push(`- [${citations.length}] ${d.name}, ${say('page', lang, { page: f.source.page })}: “${cut(f.source.text, 200)}”`);
      n++;
    }
    return n;
  };
  const unknown: Attribute[] = [];
  for (const a of asked) {
    const value = a.value?.(p, lang);
    // laboratory lines carry their analyte's name ("Creatinine: 0.84 mg/dL")
    const own = [...(value ? [`${a.name[lang]}: ${value}`] : []), ...labLines(p, a.analytes ?? [], lang)];
    for (const x of own) lines.push(`- [1] ${x}`);
    const inReports = quote((f) => (!!f.analyte && !!a.analytes?.includes(f.analyte)) || !!a.report?.test(f.source.text));
    if (!own.length && !inReports) unknown.push(a);
  }
  if (!unknown.length) return { content: lines.join('\n'), citations };
  const onlyUnknown = unknown.length === asked.length;
  const head = say('factNotRecorded', lang, { what: unknown.map((a) => a.name[lang]).join(', ') });
  // what bears on it without stating it (a creatinine for a clearance), quoted as recorded, never converted
  const related = [...new Set(unknown.flatMap((a) => a.related ?? []))];
  const relatedLines: string[] = [];
  if (related.length) {
    const before = lines.length;
    for (const x of labLines(p, related, lang)) lines.push(`- [1] ${x}`);
    quote((f) => !!f.analyte && related.includes(f.analyte));
    relatedLines.push(...lines.splice(before));
  }
  if (!onlyUnknown) return { content: [...lines, head, ...(relatedLines.length ? [say('factRelated', lang), ...relatedLines] : [])].join('\n'), citations };
  if (relatedLines.length) return { content: [head, say('factRelated', lang), ...relatedLines].join('\n'), citations };
  // nothing bears on it: what the record does hold, so the reader sees what was looked at
  const held = [...patientSummary(p, lang).map((r) => `${r.label}: ${r.value}`), ...recordedMarkers(p, lang)];
  return { content: [head, ...(held.length ? [say('factHeld', lang), ...held.map((x) => `- [1] ${x}`)] : [])].join('\n'), citations };
}

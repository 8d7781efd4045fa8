import {
  ComorbidityCondition,
  PatientData as PatientSchema,
  readDigits,
  resolveReadings,
  type NumberLocale,
  type PatientData,
} from '@oncodesk/shared/contracts';
import { stageMeansDistant } from '../vocab/stage';
import { assertionAt, EXPERIENCER, LISTED_AS_TESTED } from './assertion';
import { EXON_EVENT, exonEventKey } from '../vocab/proteinChange';
import { findDiseases } from '../vocab/diseases';
import { oncoNode, ONCOTREE_ROOT } from '../vocab/diseaseTree';
import { findGenes, normalizeGene } from '../vocab/geneNames';
import { findDrugs, normalizeDrug, REGIMENS } from '../vocab/drugKnowledge';
import * as L from './lexicon';

/**
 * The clinical language reader: a patient line as clinicians write it (tumour-board note, referral letter, registry
 * abstract; English, Spanish or Italian) -> PatientData, the spans it placed, and the spans it could not place.
 *
 * Three layers: the lexicon (lexicon.ts and the project's gene / drug / disease vocabularies) names concepts; a
 * small grammar below attaches values to them (a score to its biomarker, a line to its regimen, a site to its
 * spread word, a treatment to "s/p" / "tras" / "dopo" rather than to "candidate for"); the documents domain's
 * NegEx/ConText triggers (language/assertion.ts, the one definition also used for reports) decide what is denied ("no brain
 * mets", "sin tratamiento adyuvante"). Each reader claims the characters it used, so a later one cannot read them
 * again ("CDK4/6i" is a treatment, not a CDK4 alteration; "eGFR 45" is a laboratory value, not the EGFR gene).
 * What no reader claimed and is not a filler word comes back as not understood — never guessed.
 */

export interface ReadSpan {
  start: number;
  end: number;
  text: string;
  /** PatientData field it filled, e.g. "age", "oncotreeCode", "alterations". */
  field: string;
  value: unknown;
  /** "absent" for a denied finding ("no brain mets"). */
  assertion?: 'present' | 'absent';
}
export interface UnplacedSpan {
  start: number;
  end: number;
  text: string;
  /** "uncertain": written as a question ("?FH-deficient"), so not taken as a fact. */
  reason: 'unknown' | 'uncertain';
}
export interface PatientReading {
  patient: PatientData;
  spans: ReadSpan[];
  notUnderstood: UnplacedSpan[];
  /** Input the reader could not use (an impossible age, an ambiguous number). */
  warnings: string[];
  /** The language the numbers were read in. */
  language: NumberLocale;
}

const rx = (src: string, flags = 'gi') => new RegExp(src, flags);
/** Global flags of a shorthand pattern, in its case (lexicon.ts shorthandIgnoresCase). */
const caseOf = (src: string) => (L.shorthandIgnoresCase(src) ? 'gi' : 'g');

const ES = /\b(?:años|tras|mujer|var[oó]n|met[aá]stasis|sin|l[ií]nea|c[aá]ncer|estadio|progresi[oó]n|paciente|con|y|del|carcinoma\s+de)\b/gi;
const IT = /\b(?:anni|aa|dopo|donna|uomo|metastasi|linea|stadio|progressione|paziente|della|nessun[ao]?|ed|pretrattat[oa]|carcinoma\s+del)\b/gi;
/**
 * The language of a line, for its numbers and dates: "1,3" is 1.3 in Spanish and Italian. A line with no word of
 * either ("creat 1,3, dx 05/03/2024") is read in the writer's interface language when it is known, else English.
 */
export function languageOf(text: string, writer?: NumberLocale): NumberLocale {
  const es = text.match(ES)?.length ?? 0;
  const it = text.match(IT)?.length ?? 0;
  if (!es && !it) return writer ?? 'en';
  return es > it ? 'es' : it > es ? 'it' : /[ñáó]/.test(text) ? 'es' : 'it';
}

const NUM = String.raw`(<=|>=|≤|≥|<|>)?\s*(\d{1,3}(?:[.,]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)`;

class Reading {
  readonly spans: ReadSpan[] = [];
  readonly unplaced: UnplacedSpan[] = [];
  readonly warnings: string[] = [];
  private readonly used: Uint8Array;
  readonly p: Record<string, unknown> = { metastasisSites: [], priorTreatments: [], biomarkers: [], alterations: [], comorbidities: [] };
  constructor(
    readonly text: string,
    readonly lang: NumberLocale,
  ) {
    this.used = new Uint8Array(text.length);
    this.assertText = text.replace(rx(`${L.COURTESY}|${L.NEGATIVE_PHENOTYPE}|${L.FUSED_DENIAL}`, 'gi'), (m) => ' '.repeat(m.length));
  }
  /**
   * The text the denial and hypothetical rules read, same length: the letter's courtesy formulas ("grateful if you
   * could see"), phenotype names holding a denial word ("triple-negative") and denials fused to their adjective ("non
   * operabile") blanked — they deny or suppose nothing of the findings around them.
   */
  private readonly assertText: string;
  free(start: number, end: number): boolean {
    for (let i = start; i < end; i++) if (this.used[i]) return false;
    return true;
  }
  claim(start: number, end: number) {
    this.used.fill(1, start, end);
  }
  isUsed(i: number) {
    return this.used[i] === 1;
  }
  add(start: number, end: number, field: string, value: unknown, assertion?: 'present' | 'absent') {
    this.spans.push({ start, end, text: this.text.slice(start, end), field, value, ...(assertion ? { assertion } : {}) });
    this.claim(start, end);
  }
  /** Matches of a pattern over characters no reader has used yet. */
  *scan(src: string, flags = 'gi'): Generator<RegExpExecArray> {
    for (const m of this.text.matchAll(rx(src, flags))) if (m[0].trim() && this.free(m.index!, m.index! + m[0].length)) yield m as RegExpExecArray;
  }
  /** A number as written in this line's language; a value two readings could stand for is refused with a warning. */
  number(raw: string, plausible?: (n: number) => boolean): number | undefined {
    const r = resolveReadings(readDigits(raw, this.lang), plausible);
    if ('value' in r) return r.value;
    this.warnings.push(`ambiguous number: ${raw} (${r.ambiguous.join(' or ')})`);
    return undefined;
  }
  /** The comma clause around [start, end) (commas and semicolons end a clause here; parentheses do not). */
  clause(start: number, end: number): [number, number] {
    let a = start;
    while (a > 0 && !/[,;.]/.test(this.text[a - 1])) a--;
    let b = end;
    while (b < this.text.length && !/[,;]|\.(?=\s|$)/.test(this.text[b])) b++;
    return [a, b];
  }
  /** Denied by a NegEx/ConText trigger in its own clause ("no brain mets", "sin quimioterapia adyuvante"). */
  denied(start: number, end: number): boolean {
    const [a, b] = this.clause(start, end);
    return assertionAt(this.assertText.slice(a, b), start - a, end - a) === 'not_detected';
  }
  /**
   * Denied by a word before it only: a result word after a treatment ("conización … y biopsia de ganglio centinela
   * negativa", "resection, margins negative") is about a finding, never a denial of the treatment.
   */
  deniedBefore(start: number, end: number): boolean {
    const [a] = this.clause(start, end);
    return assertionAt(this.assertText.slice(a, end), start - a, end - a) === 'not_detected';
  }
  /** The denial read: its trigger word and what it denies are understood (shown as such, not as not understood). */
  claimDenial(start: number, end: number) {
    const [a] = this.clause(start, end);
    const trig = [
      ...this.text
        .slice(a, start)
        .matchAll(
          /\b(?:no|not|without|sin|senza|ni|nessun[oa]?|non|né|free\s+of|negative\s+for|absence\s+of|ausencia\s+de|assenza\s+di|denies|niega|nega|ruled\s+out|se\s+descarta(?:n|ron)?|descartad[oa]s?|esclus[eaio]|(?:si\s+)?esclud(?:e|ono))\b/gi,
        ),
    ].at(-1);
    // NegEx reads a trigger a few words ahead; only that near a trigger is taken as the denial's own word
    const at = trig ? a + trig.index! : start;
    const post =
      /^\s*[-:]?\s*(?:negativ[eoa]s?|neg\b|absent[ei]?|ausente|assente|not\s+(?:detected|present|found)|(?:(?:was|were)\s+)?(?:ruled\s+out|excluded)|descartad[oa]s?|esclus[eaio])/i.exec(
        this.text.slice(end),
      );
    this.claim(start - at <= 30 && this.free(at, start) ? at : start, end + (post ? post[0].length : 0));
  }
  /**
   * Not the patient's fact: hedged in its clause ("possible bone mets", "sospetta progressione"), or hypothetical /
   * another person's in its sentence by the shared ConText rules ("rule out liver mets", "if progression",
   * "mother, BRCA1 carrier", "PD-L1 pending"). Reported as uncertain, never as a fact.
   */
  uncertain(start: number, end: number): boolean {
    const [a] = this.clause(start, end);
    const hedge = [...this.text.slice(a, start).matchAll(rx(L.HEDGE, 'gi'))].at(-1);
    if (hedge) {
      this.hedgeAt = a + hedge.index!;
      return true;
    }
    this.hedgeAt = undefined;
    const [, b] = this.clause(start, end);
    if (new RegExp(L.NO_RESULT_AFTER, 'i').test(this.text.slice(end, b))) return true;
    if (assertionAt(this.assertText, start, end) !== 'hypothetical') return false;
    // a cue after the finding reaches it only from its own comma clause ("BRAF V600E, ECOG 1, in attesa di iniziare
    // dabrafenib": the waiting is the drug's), unless the sentence's predicate lists what was tested
    if (assertionAt(this.assertText.slice(0, b), start, end) === 'hypothetical') return true;
    const sentenceEnd = this.text.slice(b).search(/[.;](?=\s|$)/);
    return LISTED_AS_TESTED.test(this.text.slice(b, sentenceEnd < 0 ? undefined : b + sentenceEnd));
  }
  /**
   * A finding denied (its denial claimed) or else hedged (its span held) where it stands: it states nothing. The
   * denial is looked for first, as where a finding ("no evidence of recurrence") reads either way.
   */
  notStated(start: number, end: number): boolean {
    if (this.denied(start, end)) {
      this.claimDenial(start, end);
      return true;
    }
    if (!this.uncertain(start, end)) return false;
    this.hold(start, end);
    return true;
  }
  /** Where the hedge of the last uncertain() began, so the held span shows it ("sospetta progressione epatica"). */
  private hedgeAt: number | undefined;
  hold(start: number, end: number) {
    const from = this.hedgeAt !== undefined && this.hedgeAt < start && start - this.hedgeAt <= 30 && this.free(this.hedgeAt, start) ? this.hedgeAt : start;
    this.hedgeAt = undefined;
    const prev = this.unplaced.at(-1);
    // one held phrase, not one piece per word ("progressione" and "epatica" of the same hedge)
    if (prev && prev.reason === 'uncertain' && prev.end <= from && /^[\s,]*$/.test(this.text.slice(prev.end, from))) {
      prev.end = Math.max(prev.end, end);
      prev.text = this.text.slice(prev.start, prev.end);
    } else this.unplaced.push({ start: from, end, text: this.text.slice(from, end), reason: 'uncertain' });
    this.claim(from, end);
  }
  /**
   * The line states distant disease now (a distant site of spread, recurrence or progression, or the word
   * "metastatic"): an M0 of the staging at diagnosis ("cT3N1M0 … now recurrent with peritoneal disease") does not undo it.
   */
  metastaticNow = false;
  /** Where drugs and drug classes are named, given or not: no gene is read there. */
  readonly treatmentWords: Array<[number, number]> = [];
  /** Castration resistance follows sensitivity and never reverses: "mCRPC … ADT + abiraterone (mHSPC)" is resistant now. */
  setCastration(v: 'sensitive' | 'resistant') {
    if (v === 'resistant' || this.p.castrationStatus !== 'resistant') this.p.castrationStatus = v;
  }
  /** The line with what it asks ("GIST?", "¿cáncer de endometrio?") blanked, same length: a disease asked is no diagnosis. */
  unasked(): string {
    let t = this.text;
    for (const u of this.unplaced) if (u.reason === 'uncertain') t = t.slice(0, u.start) + ' '.repeat(u.end - u.start) + t.slice(u.end);
    return t;
  }
  list<T>(field: string): T[] {
    return this.p[field] as T[];
  }
}

// ---------------------------------------------------------------- grammar, one reader per kind of fact

function readUncertain(r: Reading) {
  // "?FH-deficient", "? liver mets", "?2L lenvatinib vs cabo": a question mark opening a phrase asks all of it, to the
  // clause's end — not a fact (a line word, drug or site inside it is not read)
  // "¿Afectación hepática?", "2L cabo?", "fusione NTRK3? in attesa": what the question mark closes, back to the
  // clause's start, is asked, not stated — and so is the alternative it is weighed against ("HCC? vs iCCA")
  for (const m of r.scan(
    String.raw`(?<![\w)])\?\s*[\wÀ-ú][^,;?¿]*?(?=[,;?]|\.(?:\s|$)|$)|¿[^?¿]{1,60}\?|(?<=^|[,;:.(]\s*|\s)[^,;:.()?¿\s][^,;:.()?¿]{0,50}?[\w)]\?(?![\w])(?:\s*(?:vs\.?|versus|or|o|oppure)\s+[^,;.?¿]+)?`,
  )) {
    r.unplaced.push({ start: m.index, end: m.index + m[0].length, text: m[0], reason: 'uncertain' });
    r.claim(m.index, m.index + m[0].length);
  }
}

function readDemographics(r: Reading) {
  const setAge = (m: RegExpExecArray, raw: string) => {
    const age = Number(raw);
    if (r.p.age !== undefined) return;
    if (age >= 0 && age <= 120) {
      r.p.age = age;
      r.add(m.index, m.index + m[0].length, 'age', age);
    } else r.warnings.push(`impossible age: ${age}`);
  };
  for (const m of r.scan(String.raw`\b(\d{1,3})\s?(?:yo|y\/o|y\.o\.)?\s?([MF])\b`, 'g')) {
    setAge(m, m[1]);
    if (r.p.gender === undefined) r.p.gender = m[2] === 'M' ? 'male' : 'female';
  }
  // the age apposed to a named patient ("Mr Okafor, 77, has …", "Sra. Ruiz, 64,") is read in the age pattern below
  // registry abstracts open with the sex letter: "M, 75 aa.", "F 66."
  // … and so do a pathology report's brackets: "Pathology conclusion (F, 46):"
  for (const m of r.scan(String.raw`(?:^\s*|(?<=\()\s*)([MF])\s*,?\s+(?=\d{1,3}\b)`, 'g')) {
    if (r.p.gender === undefined) r.p.gender = m[1] === 'M' ? 'male' : 'female';
    r.add(m.index, m.index + m[0].length, 'gender', r.p.gender);
  }
  for (const m of r.scan(
    String.raw`\b(\d{1,3})[- ]?(?:years?|yrs?)[- ]?(?:old|of\s+age)|\b(\d{1,3})\s*(?:y\/o|yo|y\.o\.|y\.?)(?=[\s,.;)]|$)|\b(?:age[ds]?|edad|et[aà])\s*:?\s*(\d{1,3})\b(?!\s*[-–]\s*\d)|\b(\d{1,3})\s*(?:años|anni|aa\.?|a\.)(?=[\s,.;)]|$)|\b(\d{1,3})\s*a(?=[\s,.;)])(?!\s*l[ií]nea)(?!\s+\d)|\b(\d{1,3})\s*-?enne\b|(?<=\b(?:Mrs?|Ms|Miss|Sra|Sr)\.?\s+[A-Z](?:\.|[a-zà-ú'’-]+)?(?:\s+[A-Z][a-zà-ú'’-]+){0,2},?\s+)(\d{1,3})(?=[\s,])|(?<=(?:^|[.;(,]\s*)(?:[MF]|[Mm]ale|[Ff]emale|[Mm]an|[Ww]oman|[Vv]ar[oó]n|[Mm]ujer|[Hh]ombre|[Uu]omo|[Dd]onna)\s*,?\s+)(\d{1,3})(?=\s*(?:[.,;):]|$))`,
  )) {
    // a time, not an age: "nessuna recidiva a 2 anni", "tras 3 años", "for 2 y", "a los 50 años" (the age at another time)
    if (
      !/old|age|enne/i.test(m[0]) &&
      /\b(?:a|dopo|da|per|tras|hace|durante|desde|for|after|within|entro|ogni|cada|since|over|ultimi|[uú]ltimos|los|gli|i)\s+$/i.test(
        r.text.slice(Math.max(0, m.index - 12), m.index),
      )
    )
      continue;
    // "2 años tras cirugía", "3 anni dopo", "2 years later", "5 anni fa": a time, not an age
    if (
      !/old|age|enne/i.test(m[0]) &&
      /^\s*(?:tras|dopo|after|later|despu[eé]s|ago|fa|before|antes|prima|since|desde|from)\b/i.test(r.text.slice(m.index + m[0].length))
    )
      continue;
    setAge(m, m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? m[7] ?? m[8]);
  }
  // a hurried note's "62f", "hcc 58m,": two digits and the sex letter in lower case, when nothing else gave the age —
  // not a time ("PD a los 10m", "CR at 12m", "PFS 14m")
  if (r.p.age === undefined)
    for (const m of r.scan(String.raw`(?<![\w.,/])(\d{2})([mf])(?=[\s,;]|$)`, 'g')) {
      if (
        /(?:\b(?:pd|pr|cr|sd|a|at|after|for|x|in|los|las|dopo|tras|per|since|of|to|until|fino|hasta|pfs|os|dfs|ttp|dor|every|q)|[@~>≥<≤+→-])\s*$/i.test(
          r.text.slice(Math.max(0, m.index - 8), m.index),
        )
      )
        continue;
      if (r.p.age !== undefined) break;
      setAge(m, m[1]);
      if (r.p.gender === undefined) r.p.gender = m[2] === 'm' ? 'male' : 'female';
      break;
    }
  for (const [src, g] of L.SEX)
    for (const m of r.scan(src, 'gi')) {
      if (r.p.gender === undefined) r.p.gender = g;
      r.add(m.index, m.index + m[0].length, 'gender', g);
    }
  for (const [src, s] of L.SMOKING)
    for (const m of r.scan(src)) {
      // "father was a heavy smoker": another person's habit
      if (r.uncertain(m.index, m.index + m[0].length)) {
        r.hold(m.index, m.index + m[0].length);
        continue;
      }
      r.p.smokingStatus = s;
      r.add(m.index, m.index + m[0].length, 'smokingStatus', s);
    }
  for (const [src, s] of L.MENOPAUSE)
    for (const m of r.scan(src)) {
      r.p.menopausalStatus = s;
      r.add(m.index, m.index + m[0].length, 'menopausalStatus', s);
    }
}

/**
 * A disease named as a relative's ("Mother had breast cancer", "familiarità per carcinoma gastrico (padre)",
 * "antecedentes familiares de cáncer de mama") or hedged ("Liver lesion likely hemangioma") in its comma clause: not
 * the patient's diagnosis.
 */
function notThePatients(text: string, start: number, end: number): boolean {
  let a = start;
  while (a > 0 && !/[,;.(]/.test(text[a - 1])) a--;
  const before = text.slice(a, start);
  if (EXPERIENCER.test(before) || rx(`(?:${L.HEDGE})\\s*$`, 'i').test(before)) return true;
  return /^\s*\(\s*[^()]{0,20}\)/.test(text.slice(end)) && EXPERIENCER.test(/^\s*\(([^()]{0,20})\)/.exec(text.slice(end))![1]);
}

/** Lymph nodes counted with the metastasis word ("1 de 3 ganglios del hilio con", "in 3 of 17 lymph nodes"). */
const NODES = String.raw`(?:ganglios?|linfonodi|linfonodo|lymph\s+nodes?|nodes?|adenopat[ií]as?)`;
const NODE_COUNT_BEFORE = new RegExp(String.raw`\b\d+\s*(?:de|of|su|di|\/)\s*\d+\s+${NODES}(?:\s+[\wÀ-ú]+){0,3}?\s+(?:con|with)\s*$`, 'i');
const NODE_COUNT_AFTER = new RegExp(String.raw`^\s*(?:in|en|a)\s+\d+\s*(?:de|of|su|di|\/)\s*\d+\s+${NODES}`, 'i');
/** A node biopsy's heading before its finding: "(… punción por EBUS de adenopatía 4R): metástasis". */
const NODE_SPECIMEN_BEFORE = new RegExp(
  String.raw`\b(?:EBUS|biopsy|biopsia|punci[oó]n|agoaspirato|FNA|PAAF|core)\b[^.:]{0,25}\b${NODES}\b[^.:()]{0,12}\)?\s*:\s*$|\b${NODES}\s+(?:core\s+)?(?:EBUS|biopsy|biopsia|FNA|PAAF|agoaspirato|excision)\b[^.:()]{0,12}\)?\s*:\s*$`,
  'i',
);

/** A segment of the colon (not the rectum), and the rectum, named in a line. */
const COLON_SEGMENT =
  /\b(?:ascending|ascendente|transverse|transverso|trasverso|descending|descendente|discendente|sigmoid|sigmoide[oa]?|sigma|c[ae]?cum|caecum|cieco|ciego|hepatic\s+flexure|splenic\s+flexure|fl[eé]xura\s+hep[aá]tica|flessura\s+epatica|right[- ]sided|R[- ]sided)\b/i;
const RECTUM_SEGMENT = /\b(?:rectum|rectal|recto|retto|rettale)\b/i;
/** The junction of the two: neither alone. */
const RECTOSIGMOID = /\b(?:rect[oa]?-?sigm|retto-?sigm)/i;

type DiseaseMention = { code: string; start: number; end: number; term?: L.DiseaseTerm };

/**
 * The disease a line names: every mention, and the one picked (the lexicon's focus, then the most specific node).
 * Reads the text only (claims nothing), so the setting reader can know the primary's organ before it reads sites.
 */
function diseaseOf(text: string, focusOf: (code: string) => PatientData['focusArea']): { found: DiseaseMention[]; pick?: DiseaseMention } {
  const found: DiseaseMention[] = [];
  const kidney = L.KIDNEY_CONTEXT.test(text);
  for (const t of L.DISEASE_TERMS) {
    if ((kidney && t.code === 'COADREAD') || (!kidney && t.kidneyContext)) continue;
    for (const m of text.matchAll(rx(t.re, t.exact ? 'g' : 'gi'))) {
      const s = m.index!;
      const e = s + m[0].length;
      if (found.some((f) => s < f.end && e > f.start)) continue;
      if (notThePatients(text, s, e)) continue;
      found.push({ code: t.code, start: s, end: e, term: t });
    }
  }
  for (const d of findDiseases(text)) {
    if (/\bhistory of\s*$/i.test(text.slice(Math.max(0, d.start - 15), d.start))) continue;
    if (notThePatients(text, d.start, d.end)) continue;
    if (found.some((f) => d.start < f.end && d.end > f.start && f.term)) continue;
    found.push({ code: d.code, start: d.start, end: d.end });
  }
  if (!found.length) return { found };
  // a cancer written as history ("Hx of breast ca 2005 …, now NSCLC", "antecedentes de cáncer de mama") is a prior one:
  // the current diagnosis is another disease named in the line, when there is one
  const history = (f: DiseaseMention) => rx(`(?:${L.HISTORY_CUE})\\s*$`, 'i').test(text.slice(Math.max(0, f.start - 40), f.start));
  if (found.some((f) => !history(f)) && found.some(history)) found.splice(0, found.length, ...found.filter((f) => !history(f)));
  const precursor = (f: DiseaseMention) => rx(L.PRECURSOR_CUE, 'i').test(text.slice(Math.max(0, f.start - 40), f.start));
  if (found.some((f) => !precursor(f)) && found.some(precursor)) found.splice(0, found.length, ...found.filter((f) => !precursor(f)));
  // "Previous RT for Hodgkin lymphoma at 20; now 45F with breast cancer", "actual: carcinoma de páncreas": the disease
  // the line says is the present one is the diagnosis, the others are past
  const present = (f: DiseaseMention) =>
    /\b(?:now|currently|presently|ahora|actual(?:mente)?|ora|attualmente|adesso)\b[^.;]{0,30}$/i.test(text.slice(Math.max(0, f.start - 40), f.start));
  if (found.some(present) && found.some((f) => !present(f))) found.splice(0, found.length, ...found.filter(present));
  const level = (c: string) => oncoNode(c)?.level ?? 0;
  const specific = found.filter((f) => f.code !== ONCOTREE_ROOT);
  const pool = specific.length ? specific : found;
  // the lexicon's reading decides the focus; the vocabulary may only refine it within that focus
  const lexFocus = pool.find((f) => f.term) ? focusOf(pool.find((f) => f.term)!.code) : undefined;
  const candidates = lexFocus ? pool.filter((f) => focusOf(f.code) === lexFocus) : pool;
  const pick = [...candidates].sort((a, b) => level(b.code) - level(a.code) || b.end - b.start - (a.end - a.start))[0];
  // "carcinoma" alone names no organ: the root of the tree is no diagnosis (left as not understood)
  if (pick.code === ONCOTREE_ROOT) return { found };
  // a colorectal cancer whose segment the line names: "mCRC R-sided (ascending)", "CCRm dx (cieco)" is the colon's, "CCR
  // de recto medio" the rectum's (both named, or neither: colorectal)
  if (pick.code === 'COADREAD' && !RECTOSIGMOID.test(text)) {
    // "colon-retto", "colorrectal": the two named as one organ
    const segments = text.replace(/\bcolon[-\s]?rett\w*|\bcolon[-\s]?rect\w*|\bcolo-?r?rect\w*|\bcolo-?rett\w*/gi, ' ');
    const colon = COLON_SEGMENT.test(segments);
    const rectum = RECTUM_SEGMENT.test(segments);
    if (colon !== rectum) return { found, pick: { ...pick, code: colon ? 'COAD' : 'READ' } };
  }
  // the organ named, its histology written apart ("Cáncer de cuello uterino estadio IVB, adenocarcinoma",
  // "squamous carcinoma of the cervix"): the subtype, when the line names one histology only
  const refine = L.HISTOLOGY_SUBTYPE[pick.code];
  if (refine) {
    // a histology named as the tumour's differentiation ("urothelial carcinoma with squamous differentiation",
    // "diferenciación escamosa", "differenziazione squamosa") is a feature of the kind named, not another kind
    const outside = (text.slice(0, pick.start) + ' '.repeat(pick.end - pick.start) + text.slice(pick.end)).replace(rx(L.DIFFERENTIATION, 'gi'), (m) =>
      ' '.repeat(m.length),
    );
    // "urothelial ca" alone names the urinary tract, not the bladder: that histology refines only an organ named apart
    // (the bladder named elsewhere in the line: "TURBT, bladder dome: invasive urothelial carcinoma")
    const bladderNamed = pick.code === 'BLADDER' && L.BLADDER_NAMED.test(outside);
    const kinds = Object.entries(L.HISTOLOGY).filter(
      ([k, re]) => rx(re, 'i').test(outside) || ((k !== 'urothelial' || bladderNamed) && rx(re, 'i').test(text.slice(pick.start, pick.end))),
    );
    const subs = [...new Set(kinds.map(([k]) => refine[k as keyof typeof L.HISTOLOGY]).filter((c): c is string => !!c))];
    // one histology, or one that is a kind of every other named ("adenocarcinoma a cellule chiare": clear-cell adenocarcinoma)
    const under = (c: string, a: string) => {
      for (let n = oncoNode(c); n; n = n.parent ? oncoNode(n.parent) : undefined) if (n.code === a) return true;
      return false;
    };
    const sub = kinds.length === subs.length || kinds.length === 1 ? subs.find((c) => subs.every((o) => under(c, o))) : undefined;
    if (sub) return { found, pick: { ...pick, code: sub } };
  }
  return { found, pick };
}

function readDisease(r: Reading, focusOf: (code: string) => PatientData['focusArea']) {
  const { found, pick } = diseaseOf(r.unasked(), focusOf);
  if (!pick) return readSpecimenOrgan(r, focusOf);
  r.p.oncotreeCode = pick.code;
  r.p.diagnosisText = r.text.slice(pick.start, pick.end);
  const f = focusOf(pick.code);
  if (f) r.p.focusArea = f;
  for (const d of found) {
    const picked = d.start === pick.start && d.end === pick.end;
    if (!picked && focusOf(d.code) !== f) continue;
    r.add(d.start, d.end, 'oncotreeCode', picked ? pick.code : d.code);
    const t = d.term;
    if (t?.metastatic !== undefined) r.p.metastatic = t.metastatic;
    if (t?.castration) r.setCastration(t.castration);
    if (t?.tripleNegative) for (const name of ['ER', 'PR', 'HER2']) setBiomarker(r, name, { value: 'negative' });
  }
  for (const m of r.text.matchAll(rx(L.M_PREFIXED.source, 'g'))) if (r.isUsed(m.index!)) r.p.metastatic = true;
}

/**
 * No disease named, a carcinoma written bare and one organ named by its resection or as the specimen ("Sigmoid
 * colectomy: adenocarcinoma"; "Gleason 4+3 after radical prostatectomy"): that organ's carcinoma. Two organs, or a
 * metastasis the carcinoma is said to be ("node FNA: metastatic carcinoma"), say nothing.
 */
function readSpecimenOrgan(r: Reading, focusOf: (code: string) => PatientData['focusArea']) {
  const text = r.unasked();
  const histology = [...text.matchAll(rx(L.BARE_HISTOLOGY, 'gi'))].filter(
    (m) => !/metasta|met[aá]stasis|metastasi/i.test(text.slice(Math.max(0, m.index! - 25), m.index)),
  );
  // "GS 4+3=7": the Gleason score written short
  const gleason = /\bGleason\b|\bGS\s*\d\s*\+\s*\d/i.test(text);
  if (!histology.length && !gleason) return;
  const organs = L.SPECIMEN_ORGANS.filter((o) => rx(o.re, 'gi').test(text));
  if (organs.length !== 1) return;
  const o = organs[0];
  // another organ named, not as a site of spread ("Colectomy 2019 for diverticulitis. Now adenocarcinoma on lung
  // biopsy"): which one the carcinoma is of is not said
  const SPREAD_NEAR = /metasta|met[aá]st|\bmets\b|\bmts\b|nodul|n[oó]dul|lesion/i;
  for (const other of L.SPECIMEN_ORGANS)
    if (other !== o)
      for (const m of text.matchAll(rx(other.organ, 'gi')))
        if (
          !SPREAD_NEAR.test(text.slice(Math.max(0, m.index! - 25), m.index! + m[0].length + 25)) &&
          // a histological type named after an organ ("adenocarcinoma, gastric type", "de tipo gástrico") is no organ
          !/^\w*[\s-]*(?:type|tipo)\b/i.test(text.slice(m.index! + m[0].length)) &&
          !/\btipo\s+$/i.test(text.slice(Math.max(0, m.index! - 8), m.index!))
        )
          return;
  // a lobectomy of the thyroid or the liver is no lung's
  if (o.other === 'LUNG' && /thyroid|tiroid|hep[aá]tic|epatic|\bliver\b/i.test(text)) return;
  // "squamous cell carcinoma": the carcinoma is the squamous one; an adenocarcinoma and a squamous one together: neither
  const squamous = rx(L.HISTOLOGY.squamous, 'i').test(text);
  const adeno = histology.some((m) => /^adeno/i.test(m[0]));
  if (squamous && adeno) return;
  const kind = adeno ? 'adeno' : squamous ? 'squamous' : 'other';
  const code = (kind === 'adeno' ? o.adeno : kind === 'squamous' ? o.squamous : undefined) ?? o.other;
  if (!oncoNode(code)) return;
  r.p.oncotreeCode = code;
  const f = focusOf(code);
  if (f) r.p.focusArea = f;
  const h = histology[0];
  if (h && r.free(h.index!, h.index! + h[0].length)) r.add(h.index!, h.index! + h[0].length, 'oncotreeCode', code);
}

function setBiomarker(r: Reading, name: string, b: Record<string, unknown>) {
  const list = r.list<Record<string, unknown>>('biomarkers');
  const key = name === 'PD-L1' ? `${name}:${b.scale ?? ''}` : name;
  const old = list.find((x) => (x.name === 'PD-L1' ? `PD-L1:${x.scale ?? ''}` : x.name) === key);
  if (old)
    Object.assign(
      old,
      Object.fromEntries(Object.entries(b).filter(([k, v]) => v !== undefined && !(k === 'value' && old.value && !/^[0-3]\+$/.test(String(old.value))))),
    );
  else list.push({ name, ...Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined)) });
}

const POS = String.raw`positive|positiv[oa]|pos\b|\+(?![\d])`;
const NEG = String.raw`negative|negativ[oa]|neg\b|-(?![\w])`;

/** Where the first gene other than HER2 is named, an isoform letter allowed ("FGFR2b"); -1 if none. */
function otherGeneAt(s: string): number {
  for (const m of s.matchAll(/\b[A-Z][A-Z0-9]{1,9}[a-z]?\b/g)) if (findGenes(m[0].replace(/[a-z]$/, '')).some((g) => g.gene !== 'ERBB2')) return m.index!;
  return -1;
}

function readBiomarkers(r: Reading) {
  // HER2: status, IHC score and ISH result, merged into one biomarker
  // (in any case: a hurried note's "her2 neg", "her2 2+")
  for (const m of r.scan(String.raw`\b(?:HER2|HER-2)(?:\/neu)?(?![\w])`, 'gi')) {
    const start = m.index;
    const tail = r.text.slice(start + m[0].length, start + m[0].length + 60);
    const stop = tail.search(/[;.]\s|,\s*(?:ER|RE|PR|RP|PgR|MSS|MSI|CPS|TPS|PD-?L1|ECOG|PS|Ki)|\b(?:ER|RE|PR|RP|PgR)\b/);
    // another gene named after HER2 ends what is said of HER2 ("HER2 negativo con sovraespressione di FGFR2b (IHC 2+)")
    const other = otherGeneAt(tail);
    const cut = [stop, other].filter((i) => i >= 0);
    const win = cut.length ? tail.slice(0, Math.min(...cut)) : tail;
    const status = rx(String.raw`^\s*[-:]?\s*(low|bajo|basso|${POS}|${NEG})`, 'i').exec(win);
    // "HER2+ (3+)", "HER2 positivo (3+)", "her2 low (1+)": the score in brackets after the status
    // "HER2 score 2+", "HER2 score 0": the IHC score
    const ihc =
      /(?:(?:IHC|IHQ|IIC|score)\s*|^\s*[-:]?\s*(?:(?:\+|positiv[eoa]|pos|low|bajo|basso)\s*\(\s*)?\(?)([0-3])\s?\+|(?:IHC|IHQ|IIC|score)\s*(0)\b|^\s*(0)(?![\d%]|[.,]\d)/i.exec(
        win,
      );
    const ish =
      /(?:F|C|S|D)?ISH\s*[:=]?\s*(not[\s-]+amplified|non[\s-]?amplified|unamplified|no\s+amplificad[oa]|non[\s-]+amplificat[oa]|amplified|amplificad[oa]|amplificat[oa]|neg(?:ative|ativ[oa])?|pos(?:itive|itiv[oa])?|\+|-)/i.exec(
        win,
      );
    if (!status && !ihc && !ish) {
      // "HER2 amplificado" without an ISH word is the gene's amplification: the gene reader's
      continue;
    }
    let end = start + m[0].length;
    for (const x of [status, ihc, ish]) if (x) end = Math.max(end, start + m[0].length + x.index + x[0].length);
    const score = ihc ? ((ihc[1] ? `${ihc[1]}+` : '0') as '0' | '1+' | '2+' | '3+') : undefined;
    const ishValue = ish ? (/not|no\b|non|neg|unampl|-/i.test(ish[1]) ? 'not_amplified' : 'amplified') : undefined;
    let value: string | undefined;
    if (status) value = /low|bajo|basso/i.test(status[1]) ? 'low' : rx(POS, 'i').test(status[1]) ? 'positive' : 'negative';
    else if (score === '3+' || ishValue === 'amplified') value = 'positive';
    else if (score === '2+' && ishValue === 'not_amplified') value = 'low';
    else if (score === '1+') value = 'low';
    else if (score === '0') value = 'negative';
    else if (score) value = score;
    const old = r.list<Record<string, unknown>>('biomarkers').find((b) => b.name === 'HER2');
    if (old && value && old.value && !/^[0-3]\+$/.test(String(old.value)) && !status) value = undefined;
    setBiomarker(r, 'HER2', {
      value: value ?? (old?.value as string | undefined) ?? score,
      ihcScore: score,
      ish: ishValue,
      method: ishValue ? 'ISH' : score ? 'IHC' : undefined,
    });
    r.add(start, end, 'biomarkers', { name: 'HER2', value, ihcScore: score, ish: ishValue });
    // "HER2-amplified (IHC 3+)": the score is the biomarker's, the amplification the gene's (ERBB2), both stated
    const amp = /^\s*[-:]?\s*(?:amplified|amplificad[oa]|amplificat[oa])\b/i.exec(r.text.slice(start + m[0].length));
    const alts = r.list<Record<string, unknown>>('alterations');
    if (amp && !r.uncertain(start, end) && !alts.some((a) => a.gene === 'ERBB2')) {
      alts.push({ gene: 'ERBB2', category: 'amplification' });
      r.claim(start + m[0].length, start + m[0].length + amp[0].length);
    }
  }
  // a lone "(IHC 3+)" or "ISH neg" after HER2 was read above; one after "HER2-low (IHC 2+/ISH neg)" too
  for (const m of r.scan(
    String.raw`\(?\s*(?:IHC|IHQ|IIC)\s*([0-3])\s?\+\s*(?:\/\s*(?:F|C|S)?ISH\s*(neg\w*|non[\s-]?amplified|not[\s-]+amplified|unamplified|non\s+amplificat[oa]|no\s+amplificad[oa]|amplified|amplificad[oa]|amplificat[oa]|pos\w*))?\s*\)?`,
  )) {
    const her2 = r.list<Record<string, unknown>>('biomarkers').find((b) => b.name === 'HER2');
    if (!her2) continue;
    // the score of the marker named nearest before it: another gene or marker in between ("HER2 negativo con
    // sovraespressione di FGFR2b (IHC 2+/3+)") owns it
    const named = Math.max(r.text.lastIndexOf('HER2', m.index), r.text.lastIndexOf('HER-2', m.index));
    const between = r.text.slice(named + 4, m.index);
    if (otherGeneAt(between) >= 0 || /\b(?:PD-?L1|CLDN|claudin|ER|RE|PR|RP|PgR|MMR|AR|CD\d+)\b/i.test(between)) continue;
    her2.ihcScore = `${m[1]}+`;
    if (m[2]) her2.ish = /neg|non|not|no\b|unampl/i.test(m[2]) ? 'not_amplified' : 'amplified';
    r.add(m.index, m.index + m[0].length, 'biomarkers', { name: 'HER2', ihcScore: her2.ihcScore, ish: her2.ish });
  }
  // "ER/PR positive", "RE e RP positivi", "RE y RP negativos": one status for both receptors
  for (const m of r.scan(
    String.raw`\b(?:ER|RE)\s*(?:\/|and|y|e|&)\s*(?:PR|RP|PgR)\s*[:=]?\s*(positiv[eoi]s?|negativ[eoi]s?|pos\b|neg\b|\+(?![\d])|-(?![\w]))`,
    'g',
  )) {
    const value = /^(?:positiv|pos|\+)/i.test(m[1]) ? 'positive' : 'negative';
    for (const name of ['ER', 'PR']) setBiomarker(r, name, { value });
    r.add(m.index, m.index + m[0].length, 'biomarkers', { name: 'ER', value });
  }
  // ER / PR (RE / RP / PgR; HR / RH: hormone receptors, read as ER)
  for (const m of r.scan(
    // a status and its percentage ("ER+ 95%", "RE positivo (90%)"): both read
    String.raw`\b(ER|RE|RO|PR|RP|PgR|HR|RH)\s*(?:[:=]\s*)?(?:(${POS}|${NEG})(?:\s*\(?\s*(\d{1,3})\s*%\s*\)?)?|(\d{1,3})\s*%)(?:\s*\/\s*(PR|RP|PgR)\s*(${POS}|${NEG}))?`,
    'g',
  )) {
    const name = /^(?:ER|RE|RO|HR|RH)$/.test(m[1]) ? 'ER' : 'PR';
    const written = m[3] ?? m[4];
    const pct = written !== undefined ? Number(written) : undefined;
    if (pct !== undefined && pct > 100) continue;
    const value = m[2] ? (rx(POS, 'i').test(m[2]) ? 'positive' : 'negative') : pct! >= 1 ? 'positive' : 'negative';
    setBiomarker(r, name, { value, percent: pct });
    if (m[5]) setBiomarker(r, 'PR', { value: rx(POS, 'i').test(m[6]) ? 'positive' : 'negative' });
    r.add(m.index, m.index + m[0].length, 'biomarkers', { name, value, percent: pct });
  }
  // a breast line's receptors written as bare numbers ("RE 70 PgR 0 HER2 0", "re 80 rp 0"): the percentages
  if (/mam+a|mammell|mammari|breast|\bm?bc\b|\bCM\b/i.test(r.text))
    for (const m of r.scan(
      String.raw`\b(ER|RE|PR|RP|PgR|er|re|rp|pgr)\s*[:=]?\s*(\d{1,3})(?![\d%]|[.,]\d)(?=\s*(?:[,;.)]|$|\s+(?:ER|RE|PR|RP|PgR|HER2|Ki|er|re|rp|pgr|her2|ki)\b))`,
      'g',
    )) {
      const pct = Number(m[2]);
      if (pct > 100) continue;
      const name = /^(?:er|re)$/i.test(m[1]) ? 'ER' : 'PR';
      const value = pct >= 1 ? 'positive' : 'negative';
      setBiomarker(r, name, { value, percent: pct });
      r.add(m.index, m.index + m[0].length, 'biomarkers', { name, value, percent: pct });
    }
  for (const m of r.scan(String.raw`\b(ER|PR|PgR|HR)-(positive|negative)\b`)) {
    setBiomarker(r, m[1] === 'PR' || m[1] === 'PgR' ? 'PR' : 'ER', { value: m[2].toLowerCase() });
    r.add(m.index, m.index + m[0].length, 'biomarkers', { name: m[1], value: m[2] });
  }
  for (const m of r.scan(String.raw`\btripl[eo][- ]negativ[eo]\b|\btriplo[- ]negativo\b|(?<=\b(?:mammella|mama|breast)\s+)TN\b`)) {
    for (const name of ['ER', 'PR', 'HER2']) setBiomarker(r, name, { value: 'negative' });
    r.add(m.index, m.index + m[0].length, 'biomarkers', 'triple negative');
  }
  // PD-L1: TPS / CPS / IC scores, a bare percentage, or a status
  // a range ("TPS 50-60%") is no value: left as not understood
  // a quick note's lower case ("cps 1", "pd-l1 tps 80%") is read too ("ic" alone is no score there)
  for (const m of r.scan(
    String.raw`(?:(?:PD-?L1|pd-?l1)\s*)?\b(TPS|CPS|IC|tps|cps)\s*(?:score\s*)?(?:of\s*)?${NUM}(?![.,]?\d|\s*(?:%\s*)?[-–]\s*\d)\s*%?`,
    'g',
  )) {
    setBiomarker(r, 'PD-L1', {
      value: `${m[2] ?? ''}${r.number(m[3]) ?? m[3]}`.replace('<=', '≤').replace('>=', '≥'),
      scale: m[1].toUpperCase() as 'TPS' | 'CPS' | 'IC',
      method: 'IHC',
    });
    r.add(m.index, m.index + m[0].length, 'biomarkers', { name: 'PD-L1', scale: m[1] });
  }
  for (const m of r.scan(String.raw`\bPD-?L1\s*(?:expression\s*)?(?:[:=]\s*)?${NUM}\s*%|${NUM}\s*%[^.;,]{0,30}?\bPD-?L1\b`, 'gi')) {
    const cmp = m[1] ?? m[3];
    const n = m[2] ?? m[4];
    setBiomarker(r, 'PD-L1', { value: `${cmp ?? ''}${r.number(n) ?? n}`, scale: 'percent' });
    r.add(m.index, m.index + m[0].length, 'biomarkers', { name: 'PD-L1', value: n });
  }
  for (const m of r.scan(
    String.raw`\bPD-?L1\s*(?:expression\s*)?[-:]?\s*(negativ[eoa]|positiv[eoa]|high|alto|elevat[oa])|\b(negative|positive|negativ[oa]|positiv[oa])\s+(?:for|per|para)\s+PD-?L1(?:\s+expression)?`,
  )) {
    const value = /neg/i.test(m[0]) ? 'negative' : 'positive';
    setBiomarker(r, 'PD-L1', { value });
    r.add(m.index, m.index + m[0].length, 'biomarkers', { name: 'PD-L1', value });
  }
  // MSI / MMR: each as written (dMMR is not restated as MSI-H)
  for (const m of r.scan(
    String.raw`\bMSI[- ]?H(?:igh)?\b|microsatellite[- ]instability[- ]high|\bMSI[-\s]+(?:alta|alto|elevata|elevada)\b|inestabilidad\s+de\s+microsat[eé]lites\s+alta|instabilit[aà]\s+(?:dei\s+)?microsatelliti\s+(?:alta|elevata)|alta\s+instabilit[aà]\s+microsatellitare`,
  )) {
    // "not MSI-H" may be MSI-low or stable: nothing is stored
    if (r.denied(m.index, m.index + m[0].length)) {
      r.claimDenial(m.index, m.index + m[0].length);
      continue;
    }
    r.p.msi = 'high';
    r.add(m.index, m.index + m[0].length, 'msi', 'high');
  }
  for (const m of r.scan(
    String.raw`\bMSS\b|\bMSI[- ]?(?:stable|estable|stabile)\b|microsatellite[- ]stable|microsat[eé]lites?\s+estables?|stabilit[aà]\s+microsatellitare|\bMSI[- ]?L(?:ow)?\b|inestabilidad\s+de\s+microsat[eé]lites\s*:?\s*(?:estable|negativ[ao])|instabilit[aà]\s+(?:dei\s+)?microsatelliti\s*:?\s*(?:stabile|negativ[ao])`,
  )) {
    const v = /L/.test(m[0]) && /MSI/.test(m[0]) ? 'low' : 'stable';
    r.p.msi = v;
    r.add(m.index, m.index + m[0].length, 'msi', v);
  }
  for (const m of r.scan(
    String.raw`\bdMMR\b|\bMMR[- ]?(?:deficient|deficiente|deficitari[oa]|loss)\b|mismatch\s+repair[- ]deficient|deficit\s+(?:del\s+)?MMR|${L.MMR_PROTEIN_LOSS}`,
  ))
    readMmr(r, m, 'deficient');
  // "expresión conservada de proteínas reparadoras (MMR)", "espressione conservata delle proteine del MMR", "retained
  // expression of the mismatch repair proteins": the stain's proficient result
  for (const m of r.scan(
    String.raw`\bpMMR\b|\bMMR[- ]?(?:proficient|proficiente|intact|conservad[oa]|conservat[oa])\b|mismatch\s+repair[- ]proficient|(?:expresi[oó]n\s+conservada|espressione\s+conservata|(?:retained|preserved|intact)\s+expression)\s+(?:de\s+(?:las\s+)?|delle\s+|of\s+(?:the\s+)?)(?:prote[ií]nas?\s+(?:reparadoras|de\s+reparaci[oó]n)|proteine\s+(?:riparatrici|del\s+(?:sistema\s+)?MMR|di\s+riparazione)|(?:mismatch[- ]repair|MMR)\s+proteins)(?:\s*\(\s*MMR\s*\))?`,
  ))
    readMmr(r, m, 'proficient');
  // TMB: a number, or "high" without inventing one
  for (const m of r.scan(String.raw`\b(?:TMB|tumou?r\s+mutation(?:al)?\s+burden)[^0-9.;]{0,20}?${NUM}\s*(?:mut(?:ations)?\/Mb)?`)) {
    const n = r.number(m[2]);
    if (n === undefined) continue;
    r.p.tmb = n;
    r.add(m.index, m.index + m[0].length, 'tmb', n);
  }
  for (const m of r.scan(String.raw`\b(?:high|elevated|alto|elevato)\s+(?:TMB|tumou?r\s+mutation(?:al)?\s+burden)|\bTMB[- ](?:high|H|alto|elevato)\b`)) {
    setBiomarker(r, 'TMB', { value: 'high' });
    r.add(m.index, m.index + m[0].length, 'biomarkers', { name: 'TMB', value: 'high' });
  }
  // claudin 18.2
  for (const m of r.scan(
    String.raw`\b(?:CLDN\s?18(?:\.2)?|claudin[a]?\s?18(?:\.2)?|CLDN(?=\s*[-:]?\s*(?:pos|neg)))\s*[-:]?\s*(?:(${POS}|${NEG})(?:\s*\(\s*\d{1,3}\s*%\s*\))?|(\d{1,3})\s*%)`,
  )) {
    const value = m[1] ? (rx(POS, 'i').test(m[1]) ? 'positive' : 'negative') : `${m[2]}`;
    setBiomarker(r, 'CLDN18.2', { value, method: 'IHC' });
    r.add(m.index, m.index + m[0].length, 'biomarkers', { name: 'CLDN18.2', value });
  }
  // claudin 18.2 named without a result ("CLDN18.2 pendiente", "claudin 18.2 to be tested") is the marker still to come,
  // never a gene alteration of the patient
  for (const m of r.scan(String.raw`\b(?:CLDN\s?18\.2|claudin[a]?\s?18\.2)(?![\w.])`)) r.hold(m.index, m.index + m[0].length);
  // serum markers; a time written with a value ("PSA at dx 310 → 2.1 on ADT", "PSA alla diagnosi 27", "PSA now 96") is
  // read past: the last value of a series is the current one, a single value is the one written
  const MARKER_UNIT = String.raw`(?:ng\/ml|ng\/mL|pg\/ml|pg\/mL|U\/ml|U\/mL|UI\/ml|kU\/L|µg\/L)`;
  // "PSA nadir 0.08", "PSA a 3 mesi 0,02", "PSA previo 7,4": times of the value written between the marker and it
  const LATER = String.raw`(?:nadir|(?:at|after|a|dopo|tras|a\s+los|al)\s+\d{1,2}\s+(?:months?|mesi|meses|weeks?|settimane|semanas)|post-?operatori[oa]|post-?operative|post-?op\b)`;
  const WHEN = String.raw`(?:at\s+(?:dx|diagnosis|baseline|presentation)|(?:alla|a\s+la|al)\s+(?:diagnosi|diagn[oó]stico)|al\s+debutto|baseline|now|currently|today|hoy|oggi|odiern[oa]|ora|attuale|actual(?:mente)?|ahora|iniziale|inicial|initial|previo|previous|pre-?operatori[oa]|preoperative|pre-?op|basal(?:e|\s+post-?operatori[oa])?|${LATER})`;
  // a marker written more than once ("PSA 1.250 alla diagnosi ... PSA attuale 410", "PSA 19 ng/ml ... recidiva (PSA
  // 3,4)") is one fact: the value said to be the current one, else the last one not said to be of the diagnosis
  const said: Array<{ name: string; entry: Record<string, unknown>; when: 'now' | 'then' | undefined }> = [];
  const NOW_WHEN = new RegExp(
    String.raw`\b(?:now|currently|current|today|hoy|oggi|odiern[oa]|ora|attuale|actual(?:mente)?|ahora|latest|last|[uú]ltimo|ultimo)\b|${LATER}`,
    'i',
  );
  const THEN_WHEN =
    /\b(?:dx|diagnosis|diagnosi|diagn[oó]stico|debutto|baseline|presentation|iniziale|inicial|initial|previo|previous|pre-?operatori[oa]|preoperative|pre-?op)\b/i;
  for (const mk of L.MARKERS)
    for (const m of r.scan(
      String.raw`\b(?:${mk.re})\s*(?:${WHEN}\s*)?(?:[:=]|of|de|di)?\s*(?:${WHEN}\s*)?(?:in\s+aumento\s*|en\s+aumento\s*|(?:rising|falling)\s+(?:to\s+)?|rising\s*|(?:has\s+)?(?:risen|rose|increased|fallen|fell|decreased)\s+(?:from\s+|to\s+)?|(?:ha\s+)?(?:subido|aumentado|bajado|descendido)\s+(?:de\s+|a\s+|hasta\s+)?|(?:[èe]\s+)?(?:salit[oa]|aumentat[oa]|sces[oa]|calat[oa])\s+(?:da\s+|a\s+)?|(?:estable|stabile|stable)\s*|(?:pos|post)-?operatori[ao]\s+|postoperative\s+)?\(?\s*(?:(?:da|de|from)\s+(?=\d+(?:[.,]\d+)?\s*(?:${MARKER_UNIT}\s*)?(?:a|to)\s+\d))?(?:\d+(?:[.,]\d+)?\s*(?:${MARKER_UNIT}\s*)?(?:\(?\s*${WHEN}\s*\)?\s*)?(?:→|->|>|to|a)\s*)*${NUM}\s*\)?\s*(ng\/ml|ng\/mL|pg\/ml|pg\/mL|U\/ml|U\/mL|UI\/ml|kU\/L|µg\/L)?`,
    )) {
      // "PSA 48 → 112", "PSA in aumento (35 → 88 ng/ml)": the last value of the series is the current one
      const n = r.number(m[2]);
      if (n === undefined) continue;
      const value = `${m[1] ? m[1].replace('<=', '≤').replace('>=', '≥') : ''}${n}`;
      const entry = { name: mk.name, value, ...(m[3] ? { unit: m[3] } : {}) };
      r.list<Record<string, unknown>>('biomarkers').push(entry);
      // the time written with the value, in the mention or just before it ("current PSA 2.1", "PSA 12 at diagnosis")
      const around =
        r.text
          .slice(Math.max(0, m.index - 12), m.index)
          .split(/[,;.(→>](?!\d)/)
          .pop()! +
        m[0] +
        r.text
          .slice(m.index + m[0].length)
          .split(/[,;.](?!\d)/)[0]
          .slice(0, 25);
      said.push({ name: mk.name, entry, when: NOW_WHEN.test(around) ? 'now' : THEN_WHEN.test(around) ? 'then' : undefined });
      r.add(m.index, m.index + m[0].length, 'biomarkers', { name: mk.name, value });
      // a PSA series that rises ("PSA 18 → 64", "PSA in aumento (35 → 88 ng/ml)") is biochemical progression
      const first = /(\d+(?:[.,]\d+)?)\s*(?:ng\/m[lL]\s*)?(?:→|->)/.exec(m[0]);
      const from = first ? r.number(first[1]) : undefined;
      // … unless the line names it a biochemical recurrence (after prostatectomy or radiotherapy: "BCR: psa 0.42 → 0.61")
      if (
        mk.name === 'PSA' &&
        from !== undefined &&
        !m[1] &&
        n > from &&
        r.p.diseaseStatus === undefined &&
        !r.uncertain(m.index, m.index + m[0].length) &&
        !L.BIOCHEMICAL_RECURRENCE.test(r.text)
      )
        r.p.diseaseStatus = 'progressive';
    }
  for (const name of new Set(said.map((x) => x.name))) {
    const all = said.filter((x) => x.name === name);
    if (all.length < 2) continue;
    const now = all.filter((x) => x.when === 'now');
    // a bound written beside a value ("AFP 1560 … (AFP >400)" restates the criterion) is not the measured value
    const bound = (x: (typeof all)[number]) => /^[<>≤≥]/.test(String(x.entry.value));
    const keep = now.length
      ? now[now.length - 1]
      : ([...all].reverse().find((x) => x.when !== 'then' && !bound(x)) ?? [...all].reverse().find((x) => x.when !== 'then'));
    if (!keep) continue;
    const list = r.list<Record<string, unknown>>('biomarkers');
    for (const x of all) if (x !== keep) list.splice(list.indexOf(x.entry), 1);
  }
}

/** MMR status has two values: a denied one ("Non dMMR", "no pMMR") is the other; a hedged one is no fact. */
function readMmr(r: Reading, m: RegExpExecArray, written: 'deficient' | 'proficient') {
  const [start, end] = [m.index, m.index + m[0].length];
  if (r.uncertain(start, end)) return r.hold(start, end);
  const denied = r.denied(start, end);
  const value = denied ? (written === 'deficient' ? 'proficient' : 'deficient') : written;
  setBiomarker(r, 'MMR', { value, method: 'IHC' });
  r.add(start, end, 'biomarkers', { name: 'MMR', value });
  if (denied) r.claimDenial(start, end);
}

function readLabs(r: Reading) {
  const labs: Array<{ analyte: string; value: number; unit?: string }> = [];
  for (const lab of L.LABS)
    for (const m of r.scan(
      // a time of the value between ("Creatinina al alta 1,3", "creatinine at discharge 1.1")
      String.raw`\b(?:${lab.re})(?:\s+(?:corregid[oa]|corrett[oa]|corrected|ionizzat[oa]|i[oó]nic[oa]))?(?:\s+(?:al\s+alta|alla\s+dimissione|at\s+discharge|on\s+admission|al\s+ingreso|all['’]\s*ingresso|at\s+baseline|basal[e]?|today|hoy|oggi|post-?operatori[oa]|post-?operative|post-?op\b))?\s*(?:[:=]|of|de|di)?\s*(\d{1,3}(?:[.,]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(?!\s*[-–]\s*\d|[.,]?\d)(k(?![\wÀ-ú]))?\s*((?:mg|g|µmol|umol|mmol)\/(?:dl|dL|l|L)|m[lL]\/min(?:\/1[.,]73\s?m[²2])?|\/[µu]L|\/mm3|x\s?10\^?9\/L)?`,
      lab.analyte === 'egfr' ? 'g' : 'gi',
    )) {
      // counts written per litre ("150 x10^9/L") are per µL x 1000
      const count = lab.analyte === 'platelets' || lab.analyte === 'anc';
      // a count written in thousands ("Plt 110k") or per litre ("150 x10^9/L") is per µL x 1000
      const perLitre = (/10\^?9/.test(m[3] ?? '') || !!m[2]) && count;
      if (m[2] && !count) continue;
      // a count per µL or mm³ is a whole count ("Neutrophils 1,600/µL" is 1600, not 1.6)
      const perMicrolitre = /^\/(?:[µu]L|mm3)$/.test(m[3] ?? '');
      const raw = r.number(
        m[1],
        (n) => (perLitre ? n * 1000 : n) >= Math.max(lab.plausible[0], perMicrolitre ? 10 : 0) && (perLitre ? n * 1000 : n) <= lab.plausible[1],
      );
      let v = raw === undefined ? undefined : perLitre ? Math.round(raw * 1000) : raw;
      if (v === undefined) continue;
      // a course of values ("creatinine 2.1 → 1.2", "Hb 7.9 -> 9.4"): the last one is the current value
      let spanEnd = m.index + m[0].length;
      for (
        let next = /^\s*(?:→|->|⟶)\s*(\d+(?:[.,]\d+)?)(?![.,]?\d)/.exec(r.text.slice(spanEnd));
        next;
        next = /^\s*(?:→|->|⟶)\s*(\d+(?:[.,]\d+)?)(?![.,]?\d)/.exec(r.text.slice(spanEnd))
      ) {
        const later = r.number(next[1], (n) => (perLitre ? n * 1000 : n) >= lab.plausible[0] && (perLitre ? n * 1000 : n) <= lab.plausible[1]);
        if (later === undefined) break;
        v = perLitre ? Math.round(later * 1000) : later;
        spanEnd += next[0].length;
      }
      if (v < lab.plausible[0] || v > lab.plausible[1]) {
        r.warnings.push(`implausible ${lab.analyte}: ${m[1]}`);
        continue;
      }
      labs.push({ analyte: lab.analyte, value: v, ...(m[3] && !perLitre ? { unit: m[3] } : perLitre ? { unit: '/µL' } : {}) });
      r.add(m.index, spanEnd, 'labs', { analyte: lab.analyte, value: v });
    }
  if (labs.length) r.p.labs = labs;
}

function readStaging(r: Reading) {
  // the M of "cT3b cN1 M1b" may already be read as the setting's "M1b": only the T must be free
  const tnmMatches = function* (src: string) {
    for (const m of r.text.matchAll(rx(src, 'g'))) if (r.free(m.index!, m.index! + 2 + (m[1]?.length ?? 0))) yield m as RegExpExecArray;
  };
  for (const m of tnmMatches(
    String.raw`\b(yp|yc|p|c|r)?T(is|a|x|[0-4](?:[a-d][1-3]?)?)(?![a-z0-9+-]|(?!HG)[A-LO-Z])(?:\s*(?:\((?:m|\d)\))?)(?:\s*\([^()]{4,60}\))?(?:\s*,?\s*(?:yp|yc|p|c)?N([0-3][a-c]?|x)(?:\s*\((?:sn|i[+-]|mol[+-]|\d{1,2}\s*\/\s*\d{1,2}(?:\s+[A-Za-z]{1,5})?)\))?(?![a-z0-9+]))?(?:\s*,?\s*(?:yp|yc|p|c)?M([01][a-c]?|x)(?![\w+]))?`,
  )) {
    const tnm = { ...(m[1] ? { prefix: m[1] } : {}), t: m[2], ...(m[3] ? { n: m[3] } : {}), ...(m[4] ? { m: m[4] } : {}) };
    if (r.p.tnm) continue;
    r.p.tnm = tnm;
    // an M0 of the staging at diagnosis says nothing of the disease after a recurrence the line states ("cT2b N0 M0 …
    // para-aortic nodal recurrence in 2025"); an M0 of a recurrence's own staging (rTNM) does
    const staleM0 = r.p.recurrent === true && m[1] !== 'r';
    if (m[4] === '0' && !r.metastaticNow && !staleM0) r.p.metastatic = false;
    if (m[4]?.startsWith('1')) r.p.metastatic = true;
    r.add(m.index, m.index + m[0].length, 'tnm', tnm);
  }
  for (const m of r.scan(String.raw`\b(?:c|p)?M([01])[abc]?\b`, 'g')) {
    if (m[1] === '1' || (!r.metastaticNow && r.p.recurrent !== true)) r.p.metastatic = m[1] === '1';
    r.add(m.index, m.index + m[0].length, 'metastatic', m[1] === '1');
  }
  // "EIV", "EIIIB": the Spanish shorthand of "estadio" (capitals only)
  for (const m of r.scan(
    String.raw`(?:\b(?:stage|estadio|stadio|FIGO(?:\s+(?:19|20)\d{2}(?=\s+(?:stage\s+|estadio\s+|stadio\s+)?(?:IV|III|II|I)))?|AJCC)|\b(?:st|std)(?:\.|(?=\s+(?:IV|III|II|I)[A-D]?\d?\b))|\b(?=E(?:IV|III|II|I)[A-D]?\b)E)\s*(?:FIGO\s*(?:(?:19|20)\d{2}\s+)?|AJCC\s*)?(IV|III|II|I|0)([A-D]\d?)?[rp]?\b`,
  )) {
    const stage = (m[1] + (m[2] ?? '')).toUpperCase();
    r.p.stage = stage;
    // distant spread only where the stage group means it in this disease (vocab/stage.ts: prostate IVA is M0)
    if (r.p.metastatic === undefined && stageMeansDistant(r.p.focusArea as PatientData['focusArea'], stage) === true) r.p.metastatic = true;
    r.add(m.index, m.index + m[0].length, 'stage', stage);
  }
  // a stage group written bare right after the diagnosis ("ca cervice squamoso IB3", "NSCLC adeno IVA"): its letter
  // makes it a stage, not a word
  const dxSpan = r.spans.find((x) => x.field === 'oncotreeCode');
  if (r.p.stage === undefined && dxSpan) {
    const bare = /^\s*(?:[a-zà-ú]+\s+){0,2}?((?:IV|III|II|I)[A-C]\d?)(?![\w])/.exec(r.text.slice(dxSpan.end));
    const at = bare ? dxSpan.end + bare[0].length - bare[1].length : -1;
    if (bare && r.free(at, at + bare[1].length)) {
      r.p.stage = bare[1];
      if (r.p.metastatic === undefined && stageMeansDistant(r.p.focusArea as PatientData['focusArea'], bare[1]) === true) r.p.metastatic = true;
      r.add(at, at + bare[1].length, 'stage', bare[1]);
    }
  }
  for (const m of r.scan(
    String.raw`\b(?:Gleason|GS)\s*(?:score\s*|sum\s*)?(\d)\s*\+\s*(\d)(?:\s*=\s*(\d{1,2}))?|\bGleason\s*(?:score\s*|sum\s*)?(\d{1,2})\b`,
  )) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const sum = m[4] ? Number(m[4]) : a + b;
    if (sum < 2 || sum > 10) continue;
    r.p.gleasonScore = sum;
    const gg = sum <= 6 ? 1 : sum === 7 ? (m[1] ? (a === 3 ? 2 : 3) : undefined) : sum === 8 ? 4 : 5;
    if (gg) r.p.gleasonGradeGroup = gg;
    r.add(m.index, m.index + m[0].length, 'gleasonScore', sum);
  }
  // an ISUP grade of another cancer (the WHO/ISUP nuclear grade of a renal carcinoma) is no Gleason grade group: left
  // as not understood
  const otherCancer = r.p.focusArea !== undefined && r.p.focusArea !== 'prostate';
  for (const m of r.scan(String.raw`\b(?:ISUP|GG|grade\s+group|grupo\s+(?:de\s+)?grado|gruppo\s+di\s+grado)\s*(?:grade\s*|grado\s*)?([1-5])\b`)) {
    if (otherCancer) continue;
    r.p.gleasonGradeGroup = Number(m[1]);
    r.add(m.index, m.index + m[0].length, 'gleasonGradeGroup', Number(m[1]));
  }
  // "CP-B7", "CP A6": Child-Pugh's shorthand with its points (a class letter alone after "CP" is not enough)
  for (const m of r.scan(String.raw`\bChild(?:[- ]?Pugh)?\s*(?:class\s*|clase\s*|classe\s*)?([ABC])\s*(\d{1,2})?\b|\bCP[- ]?([ABC])\s?([5-9]|1[0-5])\b`)) {
    if (m[3]) m[1] = m[3];
    r.p.childPugh = m[1].toUpperCase();
    r.add(m.index, m.index + m[0].length, 'childPugh', m[1].toUpperCase());
  }
  for (const m of r.scan(String.raw`\bBCLC\s*(?:stage\s*|estadio\s*|stadio\s*)?([0ABCD])\b`)) {
    r.p.bclcStage = m[1].toUpperCase();
    r.add(m.index, m.index + m[0].length, 'bclcStage', m[1].toUpperCase());
  }
  const RISK = String.raw`(favou?rable|favorevole|fav(?![\wÀ-ú])|intermediate|intermedi[oa]|poor|pobre|sfavorevole|alto)`;
  const riskOf = (w: string) => (/^fav/i.test(w) ? 'favorable' : /^interm/i.test(w) ? 'intermediate' : 'poor');
  const kidney = r.p.focusArea === 'kidney';
  for (const m of r.scan(
    String.raw`\b(?:IMDC|MSKCC|Heng)\b(?:\s+(?:risk|riesgo|rischio))?\s*[:(]?\s*${RISK}(?:\s+risk)?|\b(?:risk|riesgo|rischio)\s+(?:IMDC\s+)?${RISK}(?:\s*\(?IMDC\)?|\s+IMDC)?|${RISK}[- ]risk(?:\s+IMDC)?|\b(?:a\s+)?rischio\s+${RISK}`,
  )) {
    const word = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (!/IMDC|MSKCC|Heng/.test(m[0]) && !kidney) continue;
    r.p.imdcRisk = riskOf(word);
    r.add(m.index, m.index + m[0].length, 'imdcRisk', r.p.imdcRisk);
  }
  for (const m of r.scan(String.raw`\(\s*IMDC\s+(poor|intermediate|favou?rable)\s*\)`)) {
    r.p.imdcRisk = riskOf(m[1]);
    r.add(m.index, m.index + m[0].length, 'imdcRisk', r.p.imdcRisk);
  }
  // a histological grade written as a number: "grade 3 invasive ductal carcinoma", "…, G3, pT2" (a comma item of its
  // own; "neuropatía G1", "sindrome mano-piede G3" are toxicity grades)
  const TUMOUR_AFTER = String.raw`(?=\s+(?:invasive|infiltra\w*|IDC|ILC|ductal|duttale|lobular\w*|carcinoma|adenocarcinoma|tumou?r[e]?|NST)\b)`;
  for (const m of r.scan(
    // … and after a T category ("pT1 G3 + CIS") or a named system ("Nottingham grade 3")
    String.raw`\b(?:histologic(?:al)?\s+|nuclear\s+)?(?:grade|grado)\s+([13])\b${TUMOUR_AFTER}|(?<=(?:^|[,;(])\s*)(?:G|(?:histologic(?:al)?\s+)?(?:grade|grado)\s+)([13])(?=\s*(?:[,;.)]|$))|(?<=\bp?T(?:a|is|[0-4][a-c]?)\s+)G([13])\b|\b(?:Nottingham|Elston|SBR)\s+(?:histologic(?:al)?\s+)?(?:grade|grado)\s+([13])\b|(?<=\b(?:NST|IDC|ILC|CDI|CLI|carcinoma|adenocarcinoma|ductal|duttale|lobular[e]?|lobulillar|invasiv[eoa]|infiltrante)\s+)G([13])\b(?!\s*(?:toxicity|tossicit|toxicidad))`,
  )) {
    // … and right after the histology it grades ("carcinoma invasivo NST G3", "IDC G1")
    r.p.tumorGrade = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5]) === '3' ? 'high' : 'low';
    r.add(m.index, m.index + m[0].length, 'tumorGrade', r.p.tumorGrade);
  }
  for (const m of r.scan(String.raw`\bhigh[- ]grade\b|\bHG\b|\b(?:de\s+)?alto\s+grado\b`)) {
    r.p.tumorGrade = 'high';
    r.add(m.index, m.index + m[0].length, 'tumorGrade', 'high');
  }
  // "well differentiated" is the lowest grade (not the well-differentiated thyroid cancers, a family of diagnoses)
  for (const m of r.scan(
    String.raw`\bwell[- ]differentiated\b(?!\s+(?:thyroid|neuroendocrine|NET))|\bben\s+differenziat[oa]\b(?!\s+(?:della\s+)?tiroide|\s+neuroendocrin)|\bbien\s+diferenciad[oa]\b(?!\s+(?:de\s+)?(?:la\s+)?tiroides|\s+neuroendocrin)`,
  )) {
    if (r.p.focusArea === 'thyroid') continue;
    r.p.tumorGrade = 'low';
    r.add(m.index, m.index + m[0].length, 'tumorGrade', 'low');
  }
  for (const m of r.scan(String.raw`\blow[- ]grade\b|\bLG\b|\b(?:de\s+)?(?:bajo|basso)\s+grado\b`)) {
    r.p.tumorGrade = 'low';
    r.add(m.index, m.index + m[0].length, 'tumorGrade', 'low');
  }
  // the grade written inside the disease's name ("carcinoma uroteliale di alto grado dell'uretere")
  const named = String(r.p.diagnosisText ?? '');
  if (r.p.tumorGrade === undefined && named) {
    if (/\bhigh[- ]grade\b|\b(?:de|di|ad)\s+alto\s+grado\b/i.test(named)) r.p.tumorGrade = 'high';
    else if (/\blow[- ]grade\b|\b(?:de|di|a)\s+(?:bajo|basso)\s+grado\b/i.test(named)) r.p.tumorGrade = 'low';
  }
  // a renal cell carcinoma's ISUP / Fuhrman grade 4 is its highest grade (grade 3 is left as written)
  for (const m of r.scan(String.raw`\b(?:ISUP|Fuhrman|WHO\/ISUP)\s+(?:grade|grado)?\s*4\b`)) {
    if (r.p.focusArea !== 'kidney') continue;
    r.p.tumorGrade = 'high';
    r.add(m.index, m.index + m[0].length, 'tumorGrade', 'high');
  }
  // "PS (OMS) 1", "PS (WHO) 1", "PS (ECOG) 2": the scale named in brackets
  for (const m of r.scan(
    String.raw`\b(?:ECOG\s*(?:PS)?|PS\s*(?:ECOG|\(\s*(?:ECOG|OMS|WHO)\s*\))?|performance\s+status)\s*(?:score|of)?\s*[:=]?\s*([0-4])\b(?!\s*[-–/]\s*\d)`,
  )) {
    r.p.ecog = Number(m[1]);
    r.add(m.index, m.index + m[0].length, 'ecog', Number(m[1]));
  }
  for (const m of r.scan(String.raw`\b(?:Karnofsky|KPS)\s*(?:score|of)?\s*:?\s*(\d{2,3})(?!\s*%?\s*[-–/]\s*\d)\s*%?`)) {
    const k = Number(m[1]);
    if (k > 100) continue;
    r.p.karnofsky = k;
    r.add(m.index, m.index + m[0].length, 'karnofsky', k);
  }
}

/** The site that is the primary tumour's own organ (the liver of a hepatocellular carcinoma), if the line names such a primary. */
function ownOrganSite(r: Reading, focusOf: (code: string) => PatientData['focusArea']): string | undefined {
  let node = oncoNode(diseaseOf(r.unasked(), focusOf).pick?.code ?? '');
  while (node) {
    const site = L.OWN_ORGAN_SITE[node.code];
    if (site) return site;
    node = node.parent ? oncoNode(node.parent) : undefined;
  }
  return undefined;
}

function readSetting(r: Reading, focusOf: (code: string) => PatientData['focusArea']) {
  const ownSite = ownOrganSite(r, focusOf);
  // where the diagnosis is written: a site adjective right after it is the primary's own place ("CCA intrahepático mts")
  const dxEnd = diseaseOf(r.unasked(), focusOf).pick?.end;
  for (const m of r.scan(L.SETTING.nonMetastatic)) {
    // "no extrahepatic disease" says non-metastatic of a liver primary only ("liver-only metastases from colorectal
    // cancer, no extrahepatic disease" is metastatic)
    if (new RegExp(L.EXTRAHEPATIC, 'i').test(m[0]) && ownSite !== 'liver') {
      r.claim(m.index, m.index + m[0].length);
      continue;
    }
    r.p.metastatic = false;
    r.add(m.index, m.index + m[0].length, 'metastatic', false);
  }
  for (const m of r.scan(String.raw`\bcastration[- ]resistant\b|resistente\s+a\s+(?:la\s+)?castraci[oó]n|resistente\s+alla\s+castrazione`)) {
    r.setCastration('resistant');
    r.add(m.index, m.index + m[0].length, 'castrationStatus', 'resistant');
  }
  for (const m of r.scan(
    String.raw`\b(?:hormone|castration)[- ]sensitive\b|hormono-?sensible|ormono-?sensibile|sensibile\s+alla\s+castrazione|sensible\s+a\s+(?:la\s+)?castraci[oó]n`,
  )) {
    r.setCastration('sensitive');
    r.add(m.index, m.index + m[0].length, 'castrationStatus', 'sensitive');
  }
  for (const m of r.scan(
    String.raw`\b(?:RAI|radioiodine|radioactive\s+iodine|I-?131)[- ]refractory\b|\bRAI-?R(?![\w-])|refractari[oa]s?\s+a(?:l)?\s+(?:radioyodo|I-?131|yodo)|(?:radioiodio|RAI)[-\s]?refrattari[oae]|refrattari[oae]\s+(?:allo\s+|al\s+)?(?:iodio|radioiodio|RAI)|RAI[-\s]?refractari[oa]s?|refractari[oa]s?\s+a(?:l)?\s+RAI\b|(?:que\s+)?no\s+captan\s+(?:el\s+)?(?:yodo|radioyodo|I-?131)|non\s+(?:iodo-?)?captant[ei]\s+(?:lo\s+)?(?:iodio|radioiodio)|(?:do|does)\s+not\s+(?:take\s+up|concentrate)\s+(?:radio)?iodine|non-?RAI-?avid`,
  )) {
    r.p.raiRefractory = true;
    r.add(m.index, m.index + m[0].length, 'raiRefractory', true);
    // refractory after a cumulative activity ("after cum. activity 22 GBq", "tras actividad acumulada de 600 mCi"):
    // radioiodine was given
    const dose =
      /(?:\bcum(?:ulative)?\.?|\b(?:acumulad[oa]|cumulativ[oa]|complessiv[oa]|total)\b)[^;]{0,25}?\d+(?:[.,]\d+)?\s*(?:mCi|GBq)\b|\d+(?:[.,]\d+)?\s*(?:mCi|GBq)\s+(?:acumulad|cumulativ|complessiv)/i.exec(
        r.text.slice(m.index),
      );
    const tx = r.list<Record<string, unknown>>('priorTreatments');
    if (dose && !tx.some((t) => t.name === 'radioiodine')) tx.push({ name: 'radioiodine', kind: 'radiation' });
  }
  // sites of spread, before the bare "metastatic" word so "metástasis cerebrales" is read as one phrase
  const SITE = L.SITES.map(([, s]) => `(?:${s})`).join('|');
  // "metastasi ossee multiple e linfonodali": a few adjectives may follow a site inside the list
  // and a count in brackets ("mts ossee (>4) e polmonari")
  const ADJ = String.raw`(?:\s+(?:multiple|multipl[ei]|m[uú]ltiples|diffuse|diffus[ei]|difusas?|bilateral(?:es|i)?|sincron[ei]|sincr[oó]nicas?|synchronous|contralateral(?:es|[ei])?|controlateral[ei]|para-?a[oó]rtic(?:[oa]s?|[io]|h[ei])|paraortic(?:[io]|h[ei])|celiac[oi]?|cel[ií]ac[oa]s?|celiach[ei]|cervical(?:es|i)?|mediast[ií]nic[ao]s?|mediastinal|retroperitoneal(?:es|i)?|sovraclaveari|supraclavicular(?:es|i)?|sopraclaveari|ilar[ei]|hiliar(?:es)?|hilar|ascellari|axilar(?:es)?|axillary|inguinal(?:es|i)?|addominal[ei]|abdominal(?:es)?|pelvic[io]?|p[eé]lvic[oa]s?|iliac[io]?|il[ií]ac[oa]s?|miliar[ie]s?|miliary|asintom[aá]tic[oa]s|asymptomatic|asintomatich[ei]|sintom[aá]tic[oa]s|symptomatic|(?:no|non)\s+(?:tratad|trattat)[aei]s?|untreated|trattat[ei]|tratad[oa]s|treated|effusion|derrame|versamento|bilat\.?|destr[aoei]|sinistr[aoei]|derech[oa]s?|izquierd[oa]s?|right|left|irresecables?|unresectable|irresecabil[ei]|non\s+resecabil[ei]|mediastinich[ei]|retroperitoneal[ei]|costal(?:es|[ei])?|vertebral(?:es|[ei])?|multifocal(?:es|[ei])?|multinodular(?:es|[ei])?|dx|sx|dcha\.?|izda\.?|dch[oa]\.?|izq\.?|[uú]nic[oa]s?|single|solitary|solitari[oa])(?![\wÀ-ú])){0,3}(?:\s*\(\s*[<>≥≤]?\s*\d+(?:\s+[A-Za-zÀ-ú]+)?\s*\)|\s*\((?:[A-Za-zÀ-ú]+\d*)(?:\s+[A-Za-zÀ-ú]+\d*)?(?:\s*,\s*[A-Za-zÀ-ú]+\d*(?:\s+[A-Za-zÀ-ú]+\d*)?){0,3}\)|\s*\((?=[^()]*\d)[^()?¿]{1,40}\))?`;
  // "lung + pelvic bone mets": a word of place or number may stand before a site of the list
  const PRE_ADJ = String.raw`(?:(?:left|right|izquierd[oa]|derech[oa]|sinistr[oa]|destr[oa]|pelvic|spinal|vertebral|axial|multiple|diffuse|bilateral|contralateral|new|numerous|supraclav(?:icular)?|mediastinal|hilar|retroperitoneal|para-?aortic|cervical|axillary|inguinal|\d{1,2})\s+)?`;
  // each site a whole word ("cerebrali e ossee": not "cerebral" and a stray "i")
  const CHAIN = String.raw`(?:${SITE})(?![\wÀ-ú])${ADJ}(?:\s*(?:,|and|y|e|ed|or|o|nor|ni|n[eé]|\+|\/)\s*(?:(?:al|alla|allo|ai|agli|alle|to\s+the|the|el|los|las|la)\s+)?${PRE_ADJ}(?:${SITE})(?![\wÀ-ú])${ADJ})*`;
  const siteOf = (w: string) => L.SITES.find(([, s]) => rx(`^(?:${s})$`, 'i').test(w.trim()))?.[0];
  const PRIMARY = /^\s*(?:adeno)?(?:carcinoma|cancer|c[aá]ncer|ca|NSCLC|SCLC|tumou?r|neoplasia)\b/i;
  // "PD after 9 mo in adrenal", "progresión a los 18 meses": a time between the cue and its site
  const TIME = String.raw`(?:\s+(?:after|at|dopo|tras|a\s+los|a)\s+\d+\s*(?:mo|months?|meses|mesi)\.?|\s+(?:(?:in|en|nel|on)\s+)?(?:\d{1,2}\/)?(?:\d{1,2}\/)?(?:19|20)\d{2}|\s+\d{1,2}\/\d{2}(?![\d\/]))?`;
  // a local site before the list is no distant one ("Recidiva vaginale e polmonare", "recidiva pélvica y hepática")
  const LOCAL = String.raw`(?:vaginal[ei]?|vaginales|pelvic[ao]?|p[eé]lvic[ao]|local[ei]?|locales|locorregional|locoregional[ei]?|anastom[oó]tic[ao]|anastomotic|perineal[ei]?)\s*(?:,|and|y|e|ed)\s*`;
  const pre = rx(
    String.raw`\b(?:${L.SPREAD_CUE})${TIME}(?:\s*:)?(?:\s+(?:to|in|the|a|al|de|di|del|dei|at|a\s+livello|en))*\s*\(?\s*(?:${LOCAL})?(?:(?:left|right|izquierd[oa]|derech[oa]|sinistr[oa]|destr[oa]|bilateral)\s+)?(${CHAIN})`,
  );
  // "bone mets + liver": sites listed on after the spread word belong to it
  const post = rx(
    String.raw`\b(${CHAIN})(?:(?:[-\s]+only)?[-\s]+(?:mets|mts|metastases|metastasis|lesions?|disease|involvement|carcinomatosis|recurrences?|relapse|nodules?|n[oó]dul(?:os?|i)|implants?|implantes?|impiant[oi]|deposits?|dep[oó]sitos?|depositi)\b|-only\b)(?:\s*x\s*\d+)?(?:\s*\((?=[^()]*\d)[^()]{1,30}\))?((?:\s*(?:,|\+|and|y|e|ed)\s*(?:${SITE})(?![\w]))*)`,
  );
  // a bracket closing a site list ("ossa (RE 70%)"): another reader may have taken it
  const TRAILING_BRACKET = /\s*\([^()]*\)\s*$/;
  const sites: string[] = [];
  const absent: string[] = [];
  const take = (chain: string, chainStart: number, whole: [number, number], cue: string) => {
    if (PRIMARY.test(r.text.slice(chainStart + chain.length))) return;
    // a bracket after the last site that another reader took ("metastatico a peritoneo e ossa (RE 70%)") is no part of
    // the list: the sites without it
    const bracket = TRAILING_BRACKET.exec(chain);
    if (bracket && !r.free(chainStart, chainStart + chain.length) && r.free(chainStart, chainStart + bracket.index)) {
      const cut = chainStart + bracket.index;
      return take(chain.slice(0, bracket.index), chainStart, [whole[0], Math.min(whole[1], cut)], cue);
    }
    if (!r.free(chainStart, chainStart + chain.length)) return;
    if (r.uncertain(chainStart, chainStart + chain.length)) return r.hold(whole[0], whole[1]);
    // a hedge after it in its clause: "liver lesions suspicious for metastasis", "lesión hepática probablemente benigna"
    const clauseEnd = r.clause(chainStart, chainStart + chain.length)[1];
    if (whole[1] < clauseEnd && rx(L.HEDGE, 'i').test(r.text.slice(whole[1], clauseEnd))) return r.hold(whole[0], whole[1]);
    // lesions whose nature the next phrase questions: "small liver lesions, ?metastases", "lesioni epatiche, sospette
    // metastasi" — the lesions are seen, their being metastases is not stated
    if (
      /^(?:lesions?|lesiones?|lesioni|nodules?|n[oó]dulos?|noduli)\b/i.test(cue.trim()) &&
      rx(String.raw`^[,;:(\s-]*(?:[?¿]|${L.HEDGE})`, 'i').test(r.text.slice(clauseEnd))
    )
      return r.hold(whole[0], whole[1]);
    const neg = r.denied(chainStart, chainStart + chain.length);
    // nodules or implants are spread only when denied ("no peritoneal nodules"); seen, their nature is not stated
    if (!neg && /^(?:nodules?|n[oó]dul(?:os?|i)|implants?|implantes?|impiant[oi])$/i.test(cue.trim())) return;
    // "mts hepáticas irresecables": the sites are not resectable
    if (!neg && rx(String.raw`\b(?:irresecables?|unresectable|irresecabil[ei]|non\s+resecabil[ei])\b`, 'i').test(chain)) {
      r.p.resectable = false;
      r.add(chainStart, chainStart + chain.length, 'resectable', false);
    }
    // whole words: "retroperitoneales" qualifies nodes, it names no peritoneum
    const named = [...chain.matchAll(rx(`(?<![\\wÀ-ú])(?:${SITE})(?![\\wÀ-ú])`))]
      .filter((w) => !(dxEnd !== undefined && /^intra-?h?ep/i.test(w[0]) && /^\s*$/.test(r.text.slice(dxEnd, chainStart + w.index!))))
      .map((w) => siteOf(w[0]));
    // disease in the primary's own organ ("recidiva intrahepática" of a hepatocellular carcinoma) is not spread
    if (!neg && ownSite && named.every((site) => site === ownSite)) return r.claim(chainStart, chainStart + chain.length);
    for (const site of named) {
      if (!site || (!neg && site === ownSite)) continue;
      // nodes denied ("no nodal disease", "sin adenopatías") are the N of the staging, not a distant site free of spread
      if (neg && site === 'lymph_node') continue;
      const into = neg ? absent : sites;
      if (!into.includes(site)) into.push(site);
    }
    // an aside in brackets inside the list ("mts ossee (D11, RT 20 Gy) + surrene") stays free for the other readers
    const aside = /\((?=[^()]*\d)[^()]*\)/.exec(r.text.slice(whole[0], whole[1]));
    const pieces: Array<[number, number]> = aside
      ? [
          [whole[0], whole[0] + aside.index],
          [whole[0] + aside.index + aside[0].length, whole[1]],
        ]
      : [whole];
    for (const [a, b] of pieces)
      if (b > a && /\S/.test(r.text.slice(a, b))) r.add(a, b, neg ? 'absentMetastasisSites' : 'metastasisSites', chain, neg ? 'absent' : undefined);
    if (neg) r.claimDenial(whole[0], whole[1]);
    // a distant organ named as a site of metastasis, disease, recurrence or progression is metastatic disease
    if (!neg) spread = true;
    // cue words no other reader reads are this one's ("carcinosi peritoneale", "localizzazioni ossee")
    if (/^\s*(?:carcinomatosis|carcinosi|localizzazioni|lesions?|lesiones|spread)\b/i.test(cue)) {
      const at = r.text.lastIndexOf(cue.trim().split(/\s/)[0], chainStart);
      if (at >= 0 && r.free(at, at + cue.trim().split(/\s/)[0].length)) r.claim(at, at + cue.trim().split(/\s/)[0].length);
    }
  };
  let spread = false;
  for (const m of r.text.matchAll(post)) {
    const tail = m[2] ?? '';
    // a count or an aside after the spread word ("brain mets x4 (SRS 06/25) + bone") stays free for the other readers
    const head = m[0].slice(0, m[0].length - tail.length).replace(/(?:\s*x\s*\d+)?(?:\s*\([^()]*\))?$/i, '');
    const cueWord = head.slice(m[1].length).replace(/^(?:[-\s]+only)?[-\s]*/i, '') || 'only';
    // "bone recurrence": the recurrence word stays for its own reader
    const own = /^(?:recurrence|relapse)/i.test(cueWord) ? m[1].length : head.length;
    take(m[1], m.index!, [m.index!, m.index! + own], cueWord);
    if (tail.trim()) {
      const ts = m.index! + m[0].length - tail.length;
      const lead = tail.length - tail.replace(/^\s*(?:,|\+|and|y|e|ed)\s*/i, '').length;
      take(tail.slice(lead), ts + lead, [ts + lead, ts + tail.length], 'mets');
    }
  }
  const listed = rx(
    String.raw`(?:\b(?:metastatic|metast[aá]sic[oa]s?|metastatic[oa])\b|\b(?:stage|estadio|stadio|st\.|st(?=\s+IV))\s*IV[ABC]?\b|\bEIV[ABC]?\b)[^().,;]{0,60}?\(\s*(${CHAIN})(?:[-\s]+only)?(?:\s*[-–]\s*[A-Za-zÀ-ú]+)?\s*\)|\bmetastatic\b(?:[^().,;]|\([^()]{0,40}\)){0,60}?\b(?:to|involving|with\s+involvement\s+of|affecting)\s+(?:the\s+)?(${CHAIN})`,
  );
  // "linfonodi ilari + mts polmonari", "adenopatías hiliares + mts hepáticas": nodes joined by "+" to a metastasis
  // phrase are listed with it
  for (const m of r.text.matchAll(rx(String.raw`(?<![\wÀ-ú])(${CHAIN})\s*\+\s*(?=(?:mts|mets|metastasi|met[aá]stasis|metastases)\s)`))) {
    // only nodes lead such a list: an organ first ("Ca polmone + mts ossee") may be the primary tumour itself
    const named = [...m[1].matchAll(rx(`(?<![\\wÀ-ú])(?:${SITE})(?![\\wÀ-ú])`))].map((w) => siteOf(w[0]));
    if (named[named.length - 1] !== 'lymph_node' || named.some((x) => x !== 'lymph_node' && x !== ownSite)) continue;
    if (r.free(m.index!, m.index! + m[1].length)) take(m[1], m.index!, [m.index!, m.index! + m[1].length], 'mets');
  }
  // "metastatic … (liver, bone)", "metastatic chromophobe RCC to the liver"
  for (const m of r.text.matchAll(listed)) {
    const chain = m[1] ?? m[2];
    const cs = m.index! + m[0].lastIndexOf(chain);
    if (r.free(cs, cs + chain.length)) take(chain, cs, [cs, cs + chain.length], 'metastatic');
  }
  for (const m of r.text.matchAll(pre)) {
    const cs = m.index! + m[0].length - m[1].length;
    // a trailing bracket another reader took is left to take() to cut ("ossa (RE 70%)")
    if (!r.free(cs, cs + m[1].length - (TRAILING_BRACKET.exec(m[1])?.[0].length ?? 0))) continue;
    // the cue word stays for its own reader ("progresión" is also progression, "recidiva" recurrence)
    take(m[1], cs, [cs, cs + m[1].length], m[0].slice(0, m[0].length - m[1].length));
  }
  // an enlarged node named as such is nodal disease ("adenopatías hiliares", "una adenopatía ilíaca única en PET",
  // "adenopatie mediastiniche"), and so are named nodes written positive ("linfonodi para-aortici positivi")
  for (const m of r.text.matchAll(
    rx(
      String.raw`(?<![\wÀ-ú])(?:adenopat[ií]as?|adenopatie|lymphadenopath(?:y|ies))(?![\wÀ-ú])${ADJ}|(?<![\wÀ-ú])(?:linfonod[oi]|ganglios|(?:lymph\s+)?nodes)\s+(?:para-?a[oó]rtic\w*|paraortic\w*|pelvic\w*|p[eé]lvic\w*|iliac\w*|il[ií]ac\w*|mediast\w*|retroperitoneal\w*|inguinal\w*|supraclav\w*|sovraclav\w*|hiliar\w*|ilar[ei])(?=\s+positiv)`,
    ),
  )) {
    if (r.free(m.index!, m.index! + m[0].length)) take(m[0], m.index!, [m.index!, m.index! + m[0].length], 'lesions');
  }
  // a malignant pleural effusion is pleural disease ("derrame pleural maligno", "versamento pleurico neoplastico")
  for (const m of r.scan(
    String.raw`\bmalignant\s+pleural\s+effusion\b|\bderrame\s+pleural\s+(?:maligno|neopl[aá]sico|tumoral)\b|\bversamento\s+pleurico\s+(?:maligno|neoplastico)\b`,
  )) {
    if (r.notStated(m.index, m.index + m[0].length)) continue;
    if (!sites.includes('pleura')) sites.push('pleura');
    spread = true;
    r.add(m.index, m.index + m[0].length, 'metastasisSites', m[0]);
  }
  // malignant cells in the peritoneal washings are peritoneal spread (M1): "citología peritoneal positiva"
  for (const m of r.scan(
    String.raw`\b(?:citolog[ií]a|cytology|lavado)\s+peritoneal[e]?\s+positiv[ao]\b|\bpositive\s+peritoneal\s+(?:cytology|washings?)\b|\bcitologia\s+peritoneale\s+positiva\b`,
  )) {
    if (r.notStated(m.index, m.index + m[0].length)) continue;
    if (!sites.includes('peritoneum')) sites.push('peritoneum');
    spread = true;
    r.add(m.index, m.index + m[0].length, 'metastasisSites', m[0]);
  }
  // lymphangitic spread in the lung ("linfangite carcinomatosa polmonare") and nodules in the other lung (M1a) are lung
  // disease
  for (const m of r.scan(
    String.raw`\b(?:lymphangitic\s+carcinomatosis|carcinomatous\s+lymphangitis|linfangitis\s+carcinomatosa|linfangite\s+carcinomatosa)(?:\s+(?:pulmonar|polmonare|of\s+the\s+lungs?))?|\b(?:n[oó]dulos\s+pulmonares\s+contralaterales|noduli\s+polmonari\s+controlaterali|contralateral\s+(?:lung|pulmonary)\s+nodules)\b`,
  )) {
    if (r.notStated(m.index, m.index + m[0].length)) continue;
    if (!sites.includes('lung')) sites.push('lung');
    spread = true;
    r.add(m.index, m.index + m[0].length, 'metastasisSites', m[0]);
  }
  // a quick note's clause of sites alone in a line of metastatic disease ("mGC, 66M, liver + peritoneum", "nodes +
  // bone", "bone only"): the sites of spread
  if (
    r.p.metastatic === true ||
    /\bm(?:CRC|UC|RCC|GEJ|BC|CRPC|HSPC|CSPC|NSCLC|GC|TNBC|ccRCC|crpc|crc|rcc|bc|gc|uc)\b|\bmetasta|\bmet[aá]st|\b(?:mts|mets)\b|\b(?:stage|estadio|stadio|st)\.?\s*IV|\b[cp]?M1/i.test(
      r.text,
    )
  )
    for (const m of r.text.matchAll(rx(String.raw`(?<=^|[,;:.]\s*)(${CHAIN})(?:[-\s]+only|\s+(?:solo|sola|soltanto|soltanto))?(?=\s*(?:[,;.]|$))`))) {
      if (!r.free(m.index!, m.index! + m[0].length)) continue;
      const named = [...m[1].matchAll(rx(`(?<![\\wÀ-ú])(?:${SITE})(?![\\wÀ-ú])`))];
      // one word alone ("…, liver,") names a site only with "only" or as a list
      if (named.length < 2 && !/only|solo|sola|soltanto/i.test(m[0])) continue;
      take(m[1], m.index!, [m.index!, m.index! + m[0].length], 'mets');
    }
  if (sites.length) r.p.metastasisSites = sites;
  if (absent.length) r.p.absentMetastasisSites = absent;
  // distant spread (not lymph nodes or pleura alone) is metastatic disease
  if (spread && sites.some((s) => !['lymph_node', 'pleura'].includes(s))) {
    r.metastaticNow = true;
    if (r.p.metastatic === undefined) r.p.metastatic = true;
  }
  if (sites.includes('brain')) {
    const t = r.text;
    const untreated =
      /\b(?:untreated|active|symptomatic|progressing)\s+(?:brain|CNS)|(?:brain|CNS)\s+(?:mets|metastases)\s*,?\s*untreated|no\s+(?:a[uú]n\s+)?tratadas|non\s+(?:ancora\s+)?trattate|mai\s+trattate|nunca\s+tratadas|never\s+(?:been\s+)?treated|(?:brain|CNS|cerebral(?:es|[ei])?|encef[aá]lic\w*)(?:\s+(?:mets|metastases|lesions?))?(?:\s*x\s*\d+)?\s*\([^()]*\buntreated\b|sin\s+tratar|not\s+yet\s+treated|(?:lesioni|metastasi)\s+(?:cerebrali|encefaliche)\s+non\s+(?:sono\s+)?(?:ancora\s+)?(?:state\s+)?trattate|(?:lesiones|met[aá]stasis)\s+cerebrales\s+(?:a[uú]n\s+)?no\s+(?:han\s+sido\s+)?tratadas|(?:brain|CNS)\s+(?:lesions?|mets|metastases)\s+(?:have\s+)?not\s+(?:yet\s+)?(?:been\s+)?treated|(?:brain|CNS)\s+(?:lesions?|mets|metastases)\s*,?\s+(?:[A-Za-z]+\s*,\s*){1,2}untreated\b/i.exec(
        t,
      );
    if (untreated) {
      r.p.brainMetastasesTreated = false;
      // "brain (3 lesions, untreated)": the word says the metastases are untreated, not the patient
      const word = [...untreated[0].matchAll(/\b(?:un)?treated\b|\btrattate\b|\btratadas\b|\btratar\b/gi)].at(-1);
      const at = untreated.index + (word?.index ?? 0);
      const len = word?.[0].length ?? untreated[0].length;
      if (r.free(at, at + len)) r.claim(at, at + len);
    } else if (
      /\b(?:treated|irradiated|stable|resected)\s+(?:brain|CNS)|(?:brain|CNS)\s+(?:mets|metastases)\s+(?:treated|irradiated|stable\s+after|resected)|tratadas\s+con|trattate\s+con|irradiad|irradiat|(?:brain|CNS)\s+(?:mets|metastases|lesions?)\s*\(\s*(?:s\/p\s+)?(?:SRS|SBRT|WBRT|radiosurgery|resected|resection)\b|(?:met[aá]stasis|metastasi|lesiones|lesioni)\s+(?:cerebrales|cerebrali|encef[aá]licas|encefaliche)\s*\(\s*(?:SRS|SBRT|WBRT|radiocirug[ií]a|radiochirurgia|resecad|resecat)|(?:mets|mts|met[aá]stasis|metastasi|metastases|lesiones|lesioni|lesions)\s+(?:brain|cerebrales|cerebrali|encef[aá]licas|encefaliche)\s*\([^()]*\b(?:SRS|SBRT|WBRT|radiocirug[ií]a|radiochirurgia|radiosurgery|resecad|resecat|resected|irradiad|irradiat)|(?:brain|CNS|SNC|cerebral(?:es|[ei])?|encef[aá]lic\w*)(?:\s+(?:mets|mts|metastases|metastasi|met[aá]stasis|lesions?))?\s*x\s*\d+\s*\([^()]*\b(?:SRS|SBRT|WBRT|radiosurgery|radiocirug[ií]a|radiochirurgia)|(?:cerebral(?:es|[ei])?|encef[aá]lic\w*)\s*\(\s*\d+\s*,\s*(?:SRS|SBRT|WBRT|radiocirug[ií]a|radiochirurgia)|(?:brain|cerebral|CNS)\s+(?:metastases|mets|lesions?)\s+(?:were|was|have\s+been|had\s+been)\s+(?:\w+\s+)?(?:treated|irradiated|resected)|(?:SNC|CNS|brain|cerebral(?:es|[ei])?|encef[aá]lic\w*)\s*\([^()]*\b(?:RT\s+holocraneal|WBRT|holocraneal|panencefalic\w*|whole[- ]brain)|(?:SNC|CNS|brain|cerebral(?:es|[ei])?|encef[aá]lic\w*)(?:\s+(?:mets|metastases|lesions?|m[uú]ltiples|multiple|multipl[ei])){0,2}\s*(?:→|->)\s*(?:RT\s+(?:holocraneal|panencefalica)|WBRT|SRS|radiocirug[ií]a|radiochirurgia|whole[- ]brain)/i.test(
        t,
      )
    )
      r.p.brainMetastasesTreated = true;
  }
  for (const m of r.scan(L.SETTING.metastatic)) {
    // a pathology report's nodal finding ("1 de 3 ganglios del hilio con metástasis", "macrometastases in 3 of 17 lymph
    // nodes") or a node biopsy's ("punción por EBUS de adenopatía 4R): metástasis de carcinoma"): a lymph node site,
    // no distant disease said
    const nodal =
      NODE_COUNT_BEFORE.test(r.text.slice(Math.max(0, m.index - 60), m.index)) ||
      NODE_COUNT_AFTER.test(r.text.slice(m.index + m[0].length, m.index + m[0].length + 50)) ||
      NODE_SPECIMEN_BEFORE.test(r.text.slice(Math.max(0, m.index - 60), m.index));
    if (nodal) {
      const sites = r.list<string>('metastasisSites');
      if (!sites.includes('lymph_node')) sites.push('lymph_node');
      r.claim(m.index, m.index + m[0].length);
      continue;
    }
    if (r.uncertain(m.index, m.index + m[0].length)) {
      r.hold(m.index, m.index + m[0].length);
      continue;
    }
    if (r.denied(m.index, m.index + m[0].length)) {
      r.claimDenial(m.index, m.index + m[0].length);
      continue;
    }
    if (r.p.metastatic === undefined) r.p.metastatic = true;
    r.metastaticNow = true;
    r.add(m.index, m.index + m[0].length, 'metastatic', true);
  }
  for (const m of r.scan(L.SETTING.locallyAdvanced)) {
    r.p.diseaseExtent = 'locally_advanced';
    r.add(m.index, m.index + m[0].length, 'diseaseExtent', 'locally_advanced');
  }
  for (const m of r.scan(L.SETTING.advanced)) {
    if (!r.p.diseaseExtent) r.p.diseaseExtent = 'advanced';
    r.add(m.index, m.index + m[0].length, 'diseaseExtent', 'advanced');
  }
  // disease named local by its extent ("early breast cancer", "localised prostate cancer", "cáncer de mama precoz",
  // "NMIBC"): localized and not metastatic — unless the line states spread or a recurrence (the early disease then is
  // the history: "early breast cancer in 2015, now bone metastases")
  for (const m of r.scan(L.SETTING.localized)) {
    if (r.uncertain(m.index, m.index + m[0].length) || r.denied(m.index, m.index + m[0].length)) continue;
    if (r.p.metastatic === true || r.metastaticNow || r.p.recurrent || r.list<string>('metastasisSites').length || r.p.diseaseExtent) {
      r.claim(m.index, m.index + m[0].length);
      continue;
    }
    r.p.diseaseExtent = 'localized';
    if (r.p.metastatic === undefined) r.p.metastatic = false;
    r.add(m.index, m.index + m[0].length, 'diseaseExtent', 'localized');
  }
  // "non operabile per BPCO": claimed, no resectability stated
  for (const m of r.scan(L.SETTING.medicallyInoperable)) r.claim(m.index, m.index + m[0].length);
  for (const m of r.scan(L.SETTING.unresectable)) {
    r.p.resectable = false;
    r.add(m.index, m.index + m[0].length, 'resectable', false);
  }
  for (const m of r.scan(L.SETTING.resectable)) {
    // "the liver lesions may become resectable", "potenzialmente resecabili", "podrían hacerse resecables": a hope, not
    // the disease's state (asked, not stored)
    if (
      /\b(?:(?:may|might|could|would|to)\s+(?:become|be(?:\s+made)?|turn)|potentially|potenzialmente|potencialmente|(?:potrebber?o?|potrebbe)\s+(?:diventare|essere|divenire)|(?:podr[ií]an?|pueden?|puede)\s+(?:hacerse|volverse|ser|llegar\s+a\s+ser)|(?:convert|conversi[oó]n|conversione)\w*\s+(?:to|a))\s+$/i.test(
        r.text.slice(Math.max(0, m.index - 40), m.index),
      )
    ) {
      r.hold(m.index, m.index + m[0].length);
      continue;
    }
    r.p.resectable = true;
    r.add(m.index, m.index + m[0].length, 'resectable', true);
  }
  let deniedRecurrence = false;
  for (const m of r.scan(L.SETTING.recurrent)) {
    // "nessuna terapia per la recidiva", "no treatment for the relapse": the recurrence is what a treatment is for; the
    // denial is the treatment's (read with the treatments)
    if (
      /\b(?:terapi[ae]|trattament[oi]|tratamientos?|therapy|treatment)\s+(?:per|para|for)\s+(?:la|el|the)?\s*$/i.test(
        r.text.slice(Math.max(0, m.index - 40), m.index),
      )
    )
      continue;
    // "no evidence of recurrence", "sin recidiva", "rule out recurrence": no fact of recurrence; denied after treatment
    // in a line that states no spread ("Hepatectomía en 2024. Sin recidiva a los 12 meses") it is no evidence of disease
    // — only the whole phrase, at most a time after it ("Sin recidiva local", "nessuna recidiva fino al 2024, poi …"
    // say less), read after the status words below, in a line with no spread and no castration resistance
    if (
      r.denied(m.index, m.index + m[0].length) &&
      /^(?:recurrence|recidiva|reca[ií]da|relapse)$/i.test(m[0]) &&
      rx(
        String.raw`^\s*(?:biochimica|bioqu[ií]mica|biochemical|radiologica|radiol[oó]gica|radiological|clinica|cl[ií]nica|clinical)?\s*(?:(?:a|at|after|dopo|tras|a\s+los|a\s+las)\s+\d+\s*[A-Za-zÀ-ú]+)?\s*${L.LAST_EXAM}(?:\s+(?:e|y|and)\s+${L.LAST_EXAM})?(?:\s*(?:a|at|after|dopo|tras|a\s+los|a\s+las)\s+\d+\s*[A-Za-zÀ-ú]+)?\s*(?:[.;]|$|,\s*(?:sin|senza|without|no|non)\s)`,
        'i',
      ).test(r.text.slice(m.index + m[0].length))
    )
      deniedRecurrence = true;
    if (r.notStated(m.index, m.index + m[0].length)) continue;
    r.p.recurrent = true;
    r.add(m.index, m.index + m[0].length, 'recurrent', true);
  }
  for (const m of r.scan(
    String.raw`\bprogress(?:ed|ing|ion|ive\s+disease)\b(?![- ]free)|\bPD\b(?![-\s]?L1)|\bprogresi[oó]n\b|\bprogres[oó](?![\wÀ-ú])|\bprogredit[oa]\b|\bprogressione\b|\bin\s+progressione\b`,
  )) {
    if (r.denied(m.index, m.index + m[0].length)) continue;
    if (r.uncertain(m.index, m.index + m[0].length)) {
      r.hold(m.index, m.index + m[0].length);
      continue;
    }
    r.p.diseaseStatus = 'progressive';
    r.add(m.index, m.index + m[0].length, 'diseaseStatus', 'progressive');
  }
  // new lesions are progression ("new brain mets", "nuevas metástasis pulmonares", "nuova lesione surrenalica"); "no new
  // lesions" is denied and "?new lesion" asked (the words may already be read as the sites they name)
  for (const m of r.text.matchAll(rx(L.NEW_LESIONS))) {
    const end = m.index! + m[0].length;
    const asked =
      r.unplaced.some((u) => u.reason === 'uncertain' && u.start < end && u.end > m.index!) ||
      rx(L.HEDGE, 'i').test(r.text.slice(end, r.clause(m.index!, end)[1])) ||
      // "Nueva lesión de 9 mm en S3, ¿recidiva vs nódulo displásico?": the sentence asks what the lesion is
      /[?¿]/.test(sentenceAround(r.text, m.index!));
    if (asked || r.p.diseaseStatus !== undefined || r.denied(m.index!, m.index! + m[0].length) || r.uncertain(m.index!, m.index! + m[0].length)) continue;
    r.p.diseaseStatus = 'progressive';
    if (r.free(m.index!, m.index! + 3)) r.claim(m.index!, m.index! + m[0].split(/\s/)[0].length);
  }
  for (const [src, status] of L.DISEASE_STATUS)
    for (const m of r.scan(src)) {
      if (r.notStated(m.index, m.index + m[0].length)) continue;
      // a progression written anywhere in the line is the status the line leads to; the response is a course's history —
      // unless the line says the status is the present one ("attualmente stabile", "currently stable", "ahora en respuesta")
      const now = /\b(?:attualmente|actualmente|currently|now|ora|ahora)\s+(?:(?:in|en|with|con)\s+)?$/i.test(r.text.slice(Math.max(0, m.index - 20), m.index));
      if (r.p.diseaseStatus === undefined || now) r.p.diseaseStatus = status;
      r.add(m.index, m.index + m[0].length, 'diseaseStatus', status);
    }
  if (deniedRecurrence && !r.metastaticNow && r.p.metastatic !== true && r.p.castrationStatus !== 'resistant' && r.p.diseaseStatus === undefined)
    r.p.diseaseStatus = 'no_evidence';
  for (const m of r.scan(
    String.raw`\bno\s+evidence\s+of\s+disease\b|\bNED\b|\bliber[oa]\s+da\s+malattia\b|\blibre\s+de\s+enfermedad\b|\bfree\s+of\s+disease\b|\bsin\s+evidencia\s+de\s+enfermedad\b|\bnessuna\s+evidenza\s+di\s+malattia\b|\bno\s+hay\s+evidencia\s+de\s+enfermedad\b|\bnon\s+(?:vi\s+[eè]|c['’][eè])\s+evidenza\s+di\s+malattia\b`,
  )) {
    r.p.diseaseStatus = 'no_evidence';
    r.add(m.index, m.index + m[0].length, 'diseaseStatus', 'no_evidence');
  }
  // a complete response of the treated disease, or a clear check of the bladder, in a line with no spread, recurrence
  // or other status said: no evidence of disease now
  // (a recurrence of a non-muscle-invasive bladder cancer is local: its clear check is too)
  const localRecurrence = /\bnmibc\b|non[- ]muscle[- ]invasive|non[- ]muscolo|no\s+m[uú]sculo/i.test(r.text);
  if (r.p.diseaseStatus === undefined && !r.metastaticNow && (r.p.recurrent !== true || localRecurrence) && r.p.metastatic !== true)
    for (const m of r.scan(L.CLEARED)) {
      // "negative" is the check's result here, no denial of it
      const head = m.index + m[0].split(/\s/)[0].length;
      if (r.deniedBefore(m.index, head) || r.uncertain(m.index, head)) continue;
      r.p.diseaseStatus = 'no_evidence';
      r.add(m.index, m.index + m[0].length, 'diseaseStatus', 'no_evidence');
    }
  for (const [src, key] of L.COMORBIDITIES)
    for (const m of r.scan(`(?:${src})` + String.raw`(?:[- ]?(?:positiv[eoa]|\+|correlata|related|cirrhosis))?`)) {
      // "HIV+ in terapia antiretrovirale (HIV-RNA non rilevabile)": written positive, the later denial is the viral load's
      const positive = /(?:\+|positiv[eoa])$/i.test(m[0]) && !r.deniedBefore(m.index, m.index + m[0].length);
      if (!positive && r.notStated(m.index, m.index + m[0].length)) continue;
      // a test written negative ("hiv neg", "HBsAg negativo", "VHC -") is no comorbidity: understood, not stored
      const negative = /^\s*[:=]?\s*(?:neg\b|negativ[eoa]s?\b|-(?![\w]))/i.exec(r.text.slice(m.index + m[0].length));
      if (negative) {
        r.claim(m.index, m.index + m[0].length + negative[0].length);
        continue;
      }
      if (!r.list<string>('comorbidities').includes(key)) r.list<string>('comorbidities').push(key);
      r.add(m.index, m.index + m[0].length, 'comorbidities', key);
    }
  readCirrhosis(r);
}

/** Whether the contract holds a cirrhosis comorbidity (the reader reads it only where the record can hold it). */
const CIRRHOSIS_HELD = (ComorbidityCondition.options as readonly string[]).includes('cirrhosis');

/**
 * Cirrhosis named ("HCC on MASLD cirrhosis", "CHC sobre cirrosis enólica", "cirrosi HCV-correlata", "cirrhotic liver"),
 * not denied ("no cirrhosis", "sin cirrosis", "fegato non cirrotico") nor hedged. A Child-Pugh class alone says how
 * the liver works, not that it is cirrhotic: it is not read as cirrhosis. The word may already be read with its cause
 * ("HCV cirrhosis" is hepatitis C too).
 */
function readCirrhosis(r: Reading) {
  if (!CIRRHOSIS_HELD) return;
  for (const m of r.text.matchAll(rx(L.CIRRHOSIS))) {
    const [start, end] = [m.index!, m.index! + m[0].length];
    if (r.free(start, end) ? r.notStated(start, end) : r.denied(start, end) || r.uncertain(start, end)) continue;
    if (!r.list<string>('comorbidities').includes('cirrhosis')) r.list<string>('comorbidities').push('cirrhosis');
    if (r.free(start, end)) r.add(start, end, 'comorbidities', 'cirrhosis');
  }
}

interface TxMention {
  start: number;
  end: number;
  names: string[];
  kind: 'drug' | 'drug_class' | 'surgery' | 'radiation' | 'other';
  regimen?: string;
}

function readTreatments(r: Reading) {
  // lines written as a count ("2 prior lines"), read before the courses so their "prior" is not taken as a course's cue
  for (const m of r.scan(
    String.raw`\b(\d|one|two|three|four|una|dos|tres|cuatro|due|tre|quattro)\s+(?:prior\s+|previous\s+|previas\s+|precedenti\s+)?(?:lines?|l[ií]neas?|linee|regimens?)\b`,
  )) {
    const n = L.NUMBER_WORDS[m[1].toLowerCase()] ?? Number(m[1]);
    r.p.priorLines = n;
    r.add(m.index, m.index + m[0].length, 'priorLines', n);
  }
  const found: TxMention[] = [];
  const push = (t: TxMention) => {
    if (!r.free(t.start, t.end)) return;
    if (t.names.length && t.names.every((n) => L.NON_CANCER_DRUGS.has(n))) return;
    if (found.some((f) => t.start < f.end && t.end > f.start)) return;
    found.push(t);
  };
  for (const [src, v] of L.PROCEDURES)
    for (const m of r.text.matchAll(rx(`(?<![\\w-])(?:${src})(?![\\w])`, caseOf(src))))
      push({ start: m.index!, end: m.index! + m[0].length, names: [v.name], kind: v.kind });
  for (const [src, cls] of L.CLASS_SHORTHAND)
    for (const m of r.text.matchAll(rx(`(?<![\\w])(?:${src})(?![\\w])`, caseOf(src))))
      push({ start: m.index!, end: m.index! + m[0].length, names: [cls], kind: 'drug_class' });
  for (const d of findDrugs(r.text)) {
    const regimen = REGIMENS[d.text.toLowerCase()] ? d.text.toUpperCase() : undefined;
    // an antibody named with its payload ("sacituzumab tirumotecan", "datopotamab deruxtecan") is that conjugate, not
    // another drug of the same antibody: the two words as the vocabulary knows them, else as written
    const payload = d.drug && !regimen ? L.ADC_PAYLOAD_AFTER.exec(r.text.slice(d.end)) : null;
    if (payload) {
      const both = `${d.text} ${payload[1]}`.toLowerCase();
      push({ start: d.start, end: d.end + payload[0].length, names: [normalizeDrug(both) ?? both], kind: 'drug' });
      continue;
    }
    const name = regimen ?? d.drug ?? d.drugClass ?? d.text;
    const same = found.find((f) => f.start === d.start && f.end === d.end);
    if (same) {
      if (!same.names.includes(name) && !regimen) same.names.push(name);
      continue;
    }
    push({ start: d.start, end: d.end, names: [name], kind: d.drug || regimen ? 'drug' : 'drug_class', regimen });
  }
  // whole words, accented letters being letters ("etop" is no word of "etopósido")
  for (const [src, names] of L.DRUG_SHORTHAND)
    for (const m of r.text.matchAll(rx(`(?<![A-Za-zÀ-ÿ0-9])(?:${src})(?![A-Za-zÀ-ÿ0-9])`, caseOf(src))))
      push({ start: m.index!, end: m.index! + m[0].length, names: names.map((n) => normalizeDrug(n) ?? n), kind: 'drug' });
  // Spanish and Italian drug names ("letrozol", "capecitabina", "carboplatino")
  for (const m of r.text.matchAll(/[A-Za-zÀ-ú]{5,}/g)) {
    const prev = /([A-Za-z]{4,})\s+$/.exec(r.text.slice(Math.max(0, m.index! - 30), m.index!));
    for (const c of L.romanceDrugCandidates(m[0])) {
      const two = prev ? normalizeDrug(`${prev[1]} ${c}`) : undefined;
      const g = two ?? normalizeDrug(c);
      if (!g) continue;
      const s = two ? m.index! - prev![0].length : m.index!;
      const same = found.find((f) => f.start === s && f.names.includes(g));
      // "abiraterone acetato": the drug already found, now with its salt — one mention, the longer one
      if (same) same.end = Math.max(same.end, m.index! + m[0].length);
      else {
        if (two && found.some((f) => f.start === s))
          found.splice(
            found.findIndex((f) => f.start === s),
            1,
          );
        push({ start: s, end: m.index! + m[0].length, names: [g], kind: 'drug' });
      }
      break;
    }
  }
  found.sort((a, b) => a.start - b.start);
  // a corticosteroid is the cancer's treatment only as the partner of a cancer drug ("abiraterone + prednisone",
  // "abiraterona/prednisona"); alone it treats a toxicity or a symptom ("oral prednisolone taper" for colitis,
  // "dexametasona" for a cytokine release, "desametasone" for a cord compression): no course
  const cancerDrug = (f: TxMention) =>
    (f.kind === 'drug' || f.kind === 'drug_class') && f.names.some((n) => !L.CORTICOSTEROIDS.has(n) && !L.NON_CANCER_DRUGS.has(n));
  const joined = (a: TxMention, b: TxMention) =>
    /^\s*(?:acetat[eo]\s*)?(?:\+|\/|,|and|plus|with|y|e|con|más|più)\s*$/i.test(
      r.text
        .slice(a.end, b.start)
        .replace(/\([^()]*\)/g, ' ')
        .replace(/\d+(?:[.,]\d+)?\s*(?:mg|g|mcg|µg)(?:\/m[²2]|\/kg)?(?:\s*(?:\/\s*)?(?:day|d[ií]a|die|daily|bid|od|qd))?/gi, ' '),
    );
  for (let i = found.length - 1; i >= 0; i--) {
    const f = found[i];
    if (!f.names.length || !f.names.every((n) => L.CORTICOSTEROIDS.has(n))) continue;
    const prev = found[i - 1];
    const next = found[i + 1];
    if ((prev && cancerDrug(prev) && joined(prev, f)) || (next && cancerDrug(next) && joined(f, next))) continue;
    found.splice(i, 1);
  }
  r.treatmentWords.push(...found.map((f) => [f.start, f.end] as [number, number]));
  // a course: mentions joined by "+", "/", "-", "and", "y", "e", "con", "with"
  const groups: TxMention[][] = [];
  for (const t of found) {
    const last = groups.at(-1)?.at(-1);
    // "Kisqali (ribociclib)", "trastuzumab biosimilar Ogivri": the same drug named again is the one mention, the bracket
    // closed with it
    if (last && t.names.length && t.names.every((n) => last.names.includes(n)) && L.SAME_DRUG_BETWEEN.test(r.text.slice(last.end, t.start))) {
      const close = /^\s*\)/.exec(r.text.slice(t.end));
      last.end = t.end + (close && r.text.slice(last.end, t.start).includes('(') ? close[0].length : 0);
      continue;
    }
    // "ADT (leuprorelina) + abiraterone": the bracket that spelled out the class closes before the joiner
    const opened = last ? r.text.slice(groups.at(-1)![0].start, last.end) : '';
    const between = last
      ? r.text.slice(last.end, t.start).replace(/^([^()]*?)\)/, (m, pre) => ((opened.match(/\(/g) ?? []).length > (opened.match(/\)/g) ?? []).length ? pre : m))
      : '';
    // a class and a drug joined by "+" are one course too ("ADT + darolutamide", "ADT + abiraterona")
    const systemic = (k: TxMention['kind']) => k === 'drug' || k === 'drug_class';
    if (last && L.COURSE_JOINER.test(between) && (t.kind === last.kind || (systemic(t.kind) && systemic(last.kind) && /^\s*\+\s*$/.test(between))))
      groups.at(-1)!.push(t);
    // a class spelled out by its drugs ("chemio-immunoterapia (nab-paclitaxel + pembrolizumab)", "quimioterapia
    // neoadyuvante con gemcitabina-cisplatino"): the drugs are the course, the class word says nothing more
    else if (
      last?.kind === 'drug_class' &&
      t.kind === 'drug' &&
      groups.at(-1)!.length === 1 &&
      (L.CLASS_SPELLED_OUT.test(between) || (last.names.every((n) => L.GENERIC_CLASSES.has(n)) && L.CLASS_NAMED_BEFORE.test(between)))
    ) {
      // androgen deprivation is a treatment of its own, whichever drug gives it ("ADT (relugolix)", "bloqueo
      // androgénico con leuprorelina"): kept beside the drug
      if (!last.names.includes('adt')) last.names = [];
      last.kind = 'drug';
      groups.at(-1)!.push(t);
    } else groups.push([t]);
  }
  // drugs given with a course ("chemoradiation with carboplatin/paclitaxel", "quimiorradioterapia con cisplatino
  // semanal") share that course's telling: given when it was given
  const withPrevious = new Set<TxMention[]>();
  for (let i = 1; i < groups.length; i++) if (L.GIVEN_WITH.test(r.text.slice(groups[i - 1].at(-1)!.end, groups[i][0].start))) withPrevious.add(groups[i]);
  const givenGroups = new Set<TxMention[]>();
  const lineOf = new Map<TxMention[], number>();
  const MAINTENANCE = /\b(?:maint(?:enance)?|mantenimiento|mantenimento|mant)\b/i;
  const plannedGroups = new Set<TxMention[]>();
  // courses whose line was written before them ("En primera línea recibió X")
  const lineFromLeft = new Set<TxMention[]>();
  // courses whose own cue said they progressed ("progressed on X", "progresión tras X")
  const progressedByCue = new Set<TxMention[]>();
  // "En primera línea recibió docetaxel", "in first line she received": a verb of giving between the line and the course
  const lineBeforeRe = L.LINE_WORDS.map(
    ([s, n]) =>
      [
        rx(
          `(?<![\\w])(?:${s})(?:\\s+(?:m?CRPC|m?CPRC|CPRCm|m?HSPC|m?CSPC|CPHSm?|rechallenge|re-?challenge|re-?treatment|ritrattamento|retratamiento))?\\s*[:,]?\\s*(?:\\(|con|with|de|di)?\\s*(?:(?:she|he)\\s+)?(?:recibi[oó]|received|had|ha\\s+ricevuto|ricevette|ha\\s+fatto|ha\\s+recibido)?\\s*(?:(?:modified|modificad[oa]|modificat[oa]|dose-?reduced)\\s+)?$`,
          'i',
        ),
        n,
      ] as const,
  );
  const past = rx(String.raw`(?<![\w])(?:${L.PAST_CUE})(?![\w])`);
  const planAfterRe = rx(L.PLAN_AFTER, 'i');
  const planLaterRe = rx(L.PLAN_LATER, 'i');
  const current = rx(String.raw`(?<![\w])(?:${L.CURRENT_CUE})(?![\w])`);
  const currentAfterRe = rx(L.CURRENT_AFTER, 'i');
  // courses under way: given, but neither a completed line nor one that progressed (unless the sentence says so)
  const underWay = new Set<Record<string, unknown>>();
  const withRadiation = new Set<Record<string, unknown>>();
  const progressionRe = rx(L.PROGRESSION_WORD, 'i');
  // "… sorafenib in II linea, entrambi con progressione": one outcome for every course listed
  const sharedOutcomeRe = rx(String.raw`\b(?:both|all|entramb[ei]|ambos|ambas|tutt[ei])\b[^.;]{0,25}?(?:${L.PROGRESSION_WORD})`, 'i');
  // the course ended in progression or failed
  const failedRe = rx(String.raw`${L.PROGRESSION_WORD}|failed|refractor|resistan|refrattari`, 'i');
  const plan = rx(String.raw`(?<![\w])(?:${L.PLAN_CUE})(?![\w])`);
  const lineRe = L.LINE_WORDS.map(([s, n]) => [rx(`(?<![\\w])(?:${s})(?![\\w])`), n] as const);
  const tx = r.list<Record<string, unknown>>('priorTreatments');
  // the course before g in the line's sequence: one written in brackets between them is an aside ("gem-carbo x4
  // (cis-unfit) → avelumab": the avelumab follows the gem-carbo, not the cisplatin that was not given)
  const aside = (a: TxMention[], b: TxMention[]) => {
    const open = r.text.lastIndexOf('(', a[0].start);
    return open >= 0 && r.text.lastIndexOf(')', a[0].start) < open && r.text.slice(a.at(-1)!.end, b[0].start).includes(')');
  };
  const previous = (g: TxMention[]) => {
    let i = groups.indexOf(g) - 1;
    while (i > 0 && aside(groups[i], g)) i--;
    return groups[i];
  };
  for (const g of groups) {
    const start = g[0].start;
    const end = g.at(-1)!.end;
    let sentence = r.text.lastIndexOf('.', start - 1);
    sentence = Math.max(sentence, r.text.lastIndexOf(';', start - 1)) + 1;
    const before = r.text.slice(sentence, start);
    const after = r.text.slice(end, end + 40);
    // a cue reaches over commas only along a list of courses ("pretrattato con oxaliplatino, irinotecan e …"),
    // not into the next phrase ("s/p lumpectomy, on tamoxifen": tamoxifen is current, not prior)
    const inScope = (at: number) => {
      // "desde 06/2026, tamoxifeno": a date cue set off by its comma opens the phrase it stands before
      if (/^(?:since|desde|dal|dalla)\s+[\d/]+\s*,\s*$/i.test(r.text.slice(sentence + at, start))) return true;
      // "Indicata RT … e ADT per 18 mesi: leuprorelina avviata il …": a cue whose courses end at a colon does not reach
      // the statement after it
      const colon = r.text.slice(sentence + at, start).lastIndexOf(':');
      if (colon >= 0 && found.some((f) => f.start > sentence + at && f.end <= sentence + at + colon)) return false;
      // a bracketed aside is no phrase of its own ("Tras ADT + abiraterona (CPHSm, 2021) y docetaxel")
      const parts = r.text
        .slice(sentence + at, start)
        .replace(/\([^()]*\)/g, (m) => ' '.repeat(m.length))
        .split(',');
      // the list starts at the cue: "nessun trattamento sistemico precedente, nefrectomia" is no list of courses
      const firstEnd = sentence + at + parts[0].length;
      if (parts.length > 1 && !found.some((f) => f.start > sentence + at && f.end <= firstEnd)) return false;
      return parts.slice(1).every((seg, i, all) => {
        const segStart = start - all.slice(i).join(',').length;
        // "docetaxel, carboplatin, the trastuzumab biosimilar …": an article before a listed drug
        return found.some((f) => f.start === segStart + /^\s*(?:(?:the|el|la|los|las|il|lo|i|gli)\s+)?/i.exec(seg)![0].length);
      });
    };
    const cue = (re: RegExp) => [...before.matchAll(re)].filter((m) => inScope(m.index!)).at(-1);
    const p = cue(past);
    const q = cue(plan);
    // a word of a course under way after the last past cue ("progressed on X": the "on" is the past cue's)
    const cNow = cue(current);
    const c = cNow && (!p || cNow.index! >= p.index! + p[0].length) ? cNow : undefined;
    // a plan word a few words after the course, before any other course ("epatectomia a due tempi in programma",
    // "cirugía de rescate programada")
    const ownAfter = r.text.slice(end, Math.min(found.find((f) => f.start >= end)?.start ?? r.text.length, end + 40));
    // "CT-RT con cisplatino da iniziare": radiation given with a drug shares the drug's plan word
    const withNext = found.find((f) => f.start >= end);
    const sharedPlan =
      g[0].kind === 'radiation' &&
      !!withNext &&
      /^\s*(?:con|with|w\/|y|e|and|\+)\s*(?:(?:weekly|semanal|settimanale|concomitante?|concurrent)\s+)?$/i.test(r.text.slice(end, withNext.start)) &&
      planAfterRe.test(r.text.slice(groups.find((x) => x.includes(withNext))?.at(-1)?.end ?? withNext.end, end + 80));
    const planAfter = planAfterRe.test(after) || planLaterRe.test(ownAfter) || sharedPlan;
    const procedure = g[0].kind === 'surgery' || g[0].kind === 'radiation' || g[0].kind === 'other';
    // "No brain mets and s/p FOLFOX 1L", "Sin metástasis cerebrales y tratado con FOLFOX": the course's own past cue
    // after the denial's trigger makes it a new statement
    const trigger = [...before.matchAll(/\b(?:no|not|without|sin|ni|nessun[oa]?|non|né|never|nunca|mai)\b/gi)].at(-1);
    const ownStatement = p && trigger && p.index! > trigger.index! && /[A-Za-zÀ-ú]{3,}/.test(before.slice(trigger.index! + trigger[0].length, p.index!));
    if (r.deniedBefore(start, end) && !ownStatement) {
      r.claimDenial(start, end);
      continue;
    }
    // a relative's treatment ("Mother received tamoxifen for breast cancer") is not the patient's
    if (EXPERIENCER.test(before)) {
      r.hold(start, end);
      continue;
    }
    // an operation for something other than the cancer is not its treatment (left as not understood)
    if (g[0].kind === 'surgery') {
      const [a, b] = r.clause(start, end);
      if (new RegExp(L.NON_ONCOLOGIC_SURGERY, 'i').test(r.text.slice(a, b))) continue;
    }
    // "candidato a cistectomía tras neoadyuvancia con cisplatino-gemcitabina", "candidate for surgery after neoadjuvant
    // FLOT": the course is the step before a planned operation — part of the plan, not given
    const plannedSurgery =
      q &&
      p &&
      p.index! > q.index! &&
      /^(?:after|tras|dopo|despu[eé]s\s+de|following)$/i.test(p[0]) &&
      found.find(
        (f) =>
          f.kind === 'surgery' &&
          f.start >= sentence + q.index! + q[0].length &&
          f.end <= sentence + p.index! &&
          /^\s*(?:for|a|al|alla|per|para|to)?\s*$/i.test(r.text.slice(sentence + q.index! + q[0].length, f.start)) &&
          /^\s*$/.test(r.text.slice(f.end, sentence + p.index!)),
      );
    // which of the two it is the line does not say ("candidato a chirurgia dopo chemioterapia neoadiuvante" may be done
    // or planned): shown as uncertain, never a fact
    if (plannedSurgery) {
      const setting = /^\s*(?:neo-?adjuvant|neoadyuvante|neoadiuvante)\b/i.exec(after);
      r.hold(plannedSurgery.start, end + (setting?.[0].length ?? 0));
      continue;
    }
    // "planned for neoadjuvant gem/cis then cystectomy": a step that follows a planned course is planned too
    const prev = previous(g);
    const nextOfPlanned =
      p &&
      prev &&
      prev[0].start >= sentence &&
      plannedGroups.has(prev) &&
      /^(?:then|followed\s+by|seguid[oa]\s+(?:de|por)|seguit[oa]\s+da|poi|luego|→|->)$/i.test(p[0]);
    // a course under way that the sentence then says progressed was given and failed ("in trattamento con crizotinib
    // dal 2023, è ora in progressione")
    const sentenceRest = r.text.slice(end).split(/[.;](?=\s|$)/)[0];
    // "en 3ª línea con fruquintinib desde 09/2025 tras progresión a FOLFOX": a progression written as the cue of the
    // next course is that course's outcome, not this one's
    const nextAt = found.find((f) => f.start >= end)?.start;
    const nextsOutcome = (at: RegExpExecArray) =>
      nextAt !== undefined && at.index < nextAt - end && L.NEXT_COURSE_OUTCOME.test(r.text.slice(end + at.index + at[0].length, nextAt));
    const sentenceOutcome = progressionRe.exec(sentenceRest);
    // "now 3L cabazitaxel after 1L abiraterone and 2L docetaxel, both with progression": the "both" are the earlier two
    const sharedLater = sharedOutcomeRe.exec(sentenceRest);
    const othersOutcome = !!sharedLater && /\b(?:dopo|after|following|tras|despu[eé]s\s+de)\b/i.test(sentenceRest.slice(0, sharedLater.index));
    const failedNow = !!c && (!q || c.index! > q.index!) && !planAfter && !!sentenceOutcome && !nextsOutcome(sentenceOutcome) && !othersOutcome;
    // under way: its cue is the last one before it ("started", "inicia", "in corso", "now 2L"), or a word after it
    // ("en curso", "since 2024", "dal 02/2025") with no plan cue later than a past one
    const lastCue = Math.max(p?.index ?? -1, q?.index ?? -1);
    const currentAfter = !planAfter && currentAfterRe.test(after.replace(/^\s*\([^()]*\)/, ''));
    // "Agreed: 1L pembrolizumab …; cycle 2 given 20/11": a cycle of it said given later in the sentence carries the plan
    // out — the course is under way
    const cycleGiven =
      !!q &&
      !planAfter &&
      /\b(?:cycle|ciclo|C)\s*\d{1,2}\s+(?:(?:was|fue|è\s+stato)\s+)?(?:given|administrad[oa]|somministrat[oa]|infused|infundid[oa]|infus[oa])\b/i.test(
        r.text.slice(end).split(/\.(?=\s|$)/)[0],
      ) &&
      found.every((f) => f.start < end || f.start > end + r.text.slice(end).split(/\.(?=\s|$)/)[0].length || f.kind !== 'drug');
    const isCurrent = !failedNow && !planAfter && ((!!c && c.index! > lastCue) || (currentAfter && !(q && (!p || q.index! > p.index!))) || cycleGiven);
    if (!failedNow && !isCurrent && (planAfter || nextOfPlanned || (q && (!p || q.index! > p.index!)))) {
      plannedGroups.add(g);
      // a planned course after a line word: the patient is before that line ("2L ramucirumab + paclitaxel candidate")
      for (const [re, n] of lineRe) {
        // the line word right before the course ("2L ramucirumab", "Second-line T-DXd to start")
        const tail = before.slice(-16);
        const lm = [...tail.matchAll(re)].filter((x) => /^\s*$/.test(tail.slice(x.index! + x[0].length))).at(-1);
        if (lm && r.p.priorLines === undefined) r.p.priorLines = n - 1;
      }
      if (q) r.claim(sentence + q.index!, sentence + q.index! + q[0].length);
      continue;
    }
    // "adjuvant pembrolizumab", "neoadj AC-T", "FOLFOX adyuvante": a course named by its setting was given (a planned one has its "candidate for" before)
    const settingBefore =
      /(?:^|\s)(neo-?adj(?:uvant)?|neoadyuvante|neoadiuvante|adj(?:uvant)?|adyuvante|adiuvante|perioperative|perioperatori[oa]|maintenance|mantenimiento|mantenimento|(?:mantenimiento|mantenimento|maintenance)\s+(?:con|with|di|de)|(?:neo)?adyuvancia\s+con|(?:neo)?adiuvante\s+con|(?:instil+aci[oó]n|instillazione|instillation)(?:\s+[\wÀ-ú]+){0,2}?\s+(?:de|di|of)|concurrent|concomitant[e]?)\.?\s*$/i.exec(
        before,
      );
    const settingAfter = settingBefore
      ? null
      : /^\s*(neoadyuvante|neoadiuvante|adyuvante|adiuvante|adjuvant|perioperatori[oa]|perioperative|concomitantes?|concurrentes?|concomitanti|concomitant|concurrent)\b/i.exec(
          after,
        );
    const settingInside =
      g.length > 1 && g[0].names.length === 0
        ? /(?:^|\s)(neo-?adj(?:uvant)?|neoadyuvante|neoadiuvante|adj(?:uvant)?|adyuvante|adiuvante)\b/i.exec(r.text.slice(g[0].end, g[1].start))
        : null;
    const settingWord = settingBefore ?? settingAfter ?? settingInside;
    // a course written with its line ("1L pembro", "In prima linea pembrolizumab", "Alectinib 1ª línea") was given
    const lineRight = lineRe.some(([re]) => {
      const hit = re.exec(after.split(/[;.]|,\s/)[0].slice(0, 16));
      re.lastIndex = 0;
      return hit !== null && hit.index <= 4;
    });
    // "En primera línea recibió docetaxel, trastuzumab y pertuzumab": a drug listed after a course whose line word
    // stood before it shares that line
    const prevInList = previous(g);
    const listed =
      prevInList && lineFromLeft.has(prevInList) && /^\s*(?:,|y|e|and|,\s*(?:y|e|and))\s*$/i.test(r.text.slice(prevInList.at(-1)!.end, start))
        ? prevInList
        : undefined;
    const lineLeft = lineBeforeRe.find(([re]) => re.test(before.slice(-32))) ?? (listed ? ([/$^/, lineOf.get(listed)!] as const) : undefined);
    const inherited = withPrevious.has(g) && givenGroups.has(groups[groups.indexOf(g) - 1]);
    const given = p || failedNow || isCurrent || procedure || settingWord || new RegExp(L.PAST_AFTER, 'i').test(after) || lineRight || lineLeft || inherited;
    if (!given) continue;
    givenGroups.add(g);
    if (p) r.claim(sentence + p.index!, sentence + p.index! + p[0].length);
    if (isCurrent && c && c.index! > lastCue) r.claim(sentence + c.index!, sentence + c.index! + c[0].length);
    if (settingWord) {
      const at = settingInside === settingWord ? g[0].end + settingWord.index : settingAfter ? end : start - before.length + settingWord.index;
      r.claim(at, at + settingWord[0].length);
    }
    // the line: a line word right after the course (before the next course) or right before it
    let line: number | undefined;
    const nextStart = found.find((f) => f.start >= end)?.start ?? r.text.length;
    // "pembrolizumab en monoterapia en primera línea": the words saying it was given alone stand between the course and its line
    const alone = /^\s*(?:(?:en|in)\s+monoterapia|as\s+(?:a\s+)?monotherapy|alone|da\s+solo|en\s+solitario)\b/i.exec(r.text.slice(end))?.[0].length ?? 0;
    const tail = ' '.repeat(alone) + r.text.slice(end + alone, Math.min(nextStart, end + alone + 30));
    for (const [re, n] of lineRe) {
      // "first-line CAPOX for 9 months and second-line FOLFIRI": a line word after a conjunction is the next course's
      // … and so is one after a verb saying where the patient is now ("nab-paclitaxel + carboplatino (PD a 6 mesi) è in
      // II linea con olaparib")
      const lm = re.exec(
        tail.split(
          /[;.]|,\s|\s(?:and|y|e|then|poi|luego|followed\s+by|è|est[aá]|is|now|ora|ahora|actualmente|attualmente|currently|after|dopo|tras|following)\s/i,
        )[0],
      );
      re.lastIndex = 0;
      if (lm) {
        line = n;
        r.claim(end + lm.index, end + lm.index + lm[0].length);
      }
      // "second-line modified FOLFOX": a modifier of the regimen between its line and it
      const lb = [
        ...before
          .replace(/\s(?:modified|modificad[oa]|modificat[oa]|dose-?reduced)\s*$/i, ' ')
          .slice(-6)
          .matchAll(re),
      ].at(-1);
      if (lb && line === undefined) line = n;
    }
    if (line === undefined && lineLeft) {
      line = lineLeft[1];
      lineFromLeft.add(g);
      const lm = lineLeft[0].exec(before.slice(-32));
      if (lm) r.claim(start - Math.min(32, before.length) + lm.index, start);
    }
    // a maintenance course after a numbered course is part of that line ("1L carbo/gem x4 → avelumab maintenance",
    // "→ mantenimiento con avelumab")
    const prevGiven = previous(g);
    if (
      line === undefined &&
      prevGiven &&
      lineOf.has(prevGiven) &&
      MAINTENANCE.test(`${before.slice(-30)} ${after.split(/[;.]|,\s/)[0]}`) &&
      /^[\s\w\/+-]*(?:→|->|then|followed\s+by|seguid[oa]\s+de|seguit[oa]\s+da|poi|luego|,)[^.;]*$/i.test(
        r.text.slice(prevGiven.at(-1)!.end, start).replace(/\([^()]*\)/g, ' '),
      )
    )
      line = lineOf.get(prevGiven);
    if (line !== undefined) lineOf.set(g, line);
    // "Lenvatinib in I linea, sorafenib in II linea, entrambi con progressione": one outcome for the courses listed
    // … but not the course the others came before ("in III linea con cabazitaxel dopo abiraterone in I linea e docetaxel
    // in II linea, entrambi con progressione": both are the earlier two)
    const shared = sharedOutcomeRe.exec(sentenceRest);
    const sharedOutcome = !!shared && !/\b(?:dopo|after|following|tras|despu[eé]s\s+de)\b/i.test(sentenceRest.slice(0, shared.index));
    // the outcome written after the course, before the next course or the sentence's end ("Recibió pembrolizumab en
    // primera línea durante 14 meses, con progresión suprarrenal"); not a denied one ("sin progresión")
    const stretch = r.text.slice(end, Math.min(nextStart, end + sentenceRest.length));
    const outcome = progressionRe.exec(stretch);
    const ownOutcome =
      !!outcome && !/\b(?:no|not|without|sin|senza|nessuna|free|libre|libera)\b[\s\w]{0,12}$/i.test(stretch.slice(0, outcome.index)) && !nextsOutcome(outcome);
    // "progressed after first-line X and then on second-line Y": the progression's cue carries on along the chain
    const chained = !!p && L.CHAINED_CUE.test(p[0]) && !!prevGiven && prevGiven[0].start >= sentence && progressedByCue.has(prevGiven);
    // "poi T-DXd in II linea per progressione epatica", "por progresión": the progression is why this course began —
    // the line before it progressed, not this one
    const reason = rx(L.PROGRESSION_REASON, 'i').exec(r.text.slice(end, end + 40));
    if (reason && line !== undefined && line > 1) for (const t of tx) if (t.line === line - 1) t.progressed = true;
    // "in II linea con tivozanib dopo progressione a pembrolizumab": a progression that introduces the course named
    // next is that course's outcome, not this one's
    const own25 = r.text
      .slice(end, end + 25)
      .replace(rx(L.PROGRESSION_REASON, 'gi'), ' ')
      .replace(
        /^\s*,?\s*(?:dopo|after|tras|following|despu[eé]s\s+de)\s+(?:la\s+|una\s+)?(?:progress\w*|progresi[oó]n|PD)\s+(?:a|al|alla|ad|on|to|con|with|de|del|durante|under)\b/i,
        ' ',
      );
    const progressed = isCurrent
      ? (ownOutcome && !reason) || undefined
      : failedNow || sharedOutcome || failedRe.test((p?.[0] ?? '') + own25) || (ownOutcome && !reason) || chained || undefined;
    if (progressed && p && (chained || failedRe.test(p[0]))) progressedByCue.add(g);
    // the line under way: the lines before it were given ("now 3L tucatinib": two prior lines); a first line under way
    // says nothing of the count (the patient is on treatment: "no prior line" would read as treatment-naive)
    if (isCurrent && !progressed && line !== undefined && line > 1 && r.p.priorLines === undefined) r.p.priorLines = line - 1;
    for (const t of g)
      for (const name of t.names) {
        // a drug given again in another numbered line is a course of its own ("1L FOLFOX-bev → PD; 2L FOLFIRI-bev")
        const known = tx.find((x) => x.name === name && !(line !== undefined && x.line !== undefined && x.line !== line));
        // the same drug again in the same line (its maintenance) carries that line's outcome
        if (known) {
          if (progressed && known.line !== undefined && known.line === line) known.progressed = true;
          // its maintenance right after the line's course ("carbo-etopósido-durvalumab x4 y durvalumab de mantenimiento,
          // PD", "nivolumab plus ipilimumab followed by nivolumab, with progression"): the line progressed
          if (progressed && line === undefined && known.line !== undefined && tx.at(-1)?.line === known.line)
            for (const t of tx) if (t.line === known.line) t.progressed = true;
          continue;
        }
        const setting = settingWord ? (/neo/i.test(settingWord[1]) ? 'neoadjuvant' : /adj|ady|adi/i.test(settingWord[1]) ? 'adjuvant' : undefined) : undefined;
        const course: Record<string, unknown> = {
          name,
          kind: t.kind,
          ...(t.regimen ? { regimen: t.regimen.toLowerCase() } : {}),
          ...(setting ? { setting } : {}),
          ...(line ? { line } : {}),
          ...(progressed ? { progressed } : {}),
        };
        tx.push(course);
        if (isCurrent && !progressed) underWay.add(course);
        // a drug given with radiotherapy ("CRT w/ weekly cis", "RT-QT con cisplatino") sensitises it: no line
        if (withPrevious.has(g) && groups[groups.indexOf(g) - 1]?.[0].kind === 'radiation') withRadiation.add(course);
      }
    for (const t of g) r.add(t.start, t.end, 'priorTreatments', t.names);
  }
  // a GnRH agonist or antagonist given for prostate cancer is androgen deprivation ("degarelix", "triptorelina",
  // "6 months of goserelin"): the ADT is a treatment of its own, with the drug's line and outcome
  if (r.p.focusArea === 'prostate' && !tx.some((t) => t.name === 'adt')) {
    const gnrh = tx.find((t) => L.GNRH_DRUGS.has(String(t.name)));
    if (gnrh) {
      const adt: Record<string, unknown> = { ...gnrh, name: 'adt', kind: 'drug_class' };
      delete adt.regimen;
      tx.push(adt);
      if (underWay.has(gnrh)) underWay.add(adt);
    }
  }
  // lines written as a count or as the line the patient is now in
  // "nessun trattamento per la malattia metastatica": its setting words may already be read as the setting
  // a line of treatment given is no naive patient: "1ª L pembrolizumab … suspendido; desde entonces sin tratamiento" is
  // a pause after it
  const numberedGiven = tx.some((t) => typeof t.line === 'number' && (t.kind === 'drug' || t.kind === 'drug_class'));
  for (const m of r.text.matchAll(rx(L.NAIVE))) {
    if (!r.free(m.index!, m.index! + Math.min(m[0].length, 12))) continue;
    // "Recibió dabrafenib + trametinib … Actualmente sin tratamiento sistémico": a course given, now none — a pause, not
    // a naive patient
    const now = /\b(?:actualmente|currently|now|attualmente|ahora|ora|al\s+momento|at\s+present)\s*,?\s*$/i.test(
      r.text.slice(Math.max(0, m.index! - 20), m.index!),
    );
    if (numberedGiven || (now && tx.some((t) => (t.kind === 'drug' || t.kind === 'drug_class') && !withRadiation.has(t)))) {
      r.claim(m.index!, m.index! + m[0].length);
      continue;
    }
    // an aside about an infection or another illness ("cirrosi HCV-correlata (viremia positiva, mai trattata)"): its
    // treatment, not the cancer's
    const open = r.text.lastIndexOf('(', m.index!);
    if (open >= 0 && r.text.lastIndexOf(')', m.index!) < open && new RegExp(L.OTHER_ILLNESS_ASIDE, 'i').test(r.text.slice(Math.max(0, open - 30), m.index!))) {
      r.claim(m.index!, m.index! + m[0].length);
      continue;
    }
    r.p.priorLines = 0;
    r.add(m.index!, m.index! + m[0].length, 'priorLines', 0);
  }
  for (const [src, n] of L.LINE_WORDS)
    for (const m of r.scan(
      String.raw`\b(?:for|per|para|now|candidate\s+for|in|candidat[oa]\s+(?:a|alla|per\s+la))\s+(?:${src})|(?<![\w])(?:${src})\s+(?=after|post|tras|dopo)|(?<=(?:^|[,;.]\s*))(?:${src})(?=\s*:|\s*,\s*(?![A-Za-zÀ-ú-]+\s*(?:[,;.+/]|$)))`,
    )) {
      // "pembrolizumab + chemio in I linea": the line of a course named just before, not the patient's line now
      if (/^in\s/i.test(m[0]) && r.treatmentWords.some(([, e]) => e <= m.index && /^[\s)]*$/.test(r.text.slice(e, m.index)))) continue;
      // "MET TKI kept for second line", "riservato alla seconda linea": a course saved for a later line, not the patient's
      if (
        /\b(?:kept|reserved|saved|held|riservat[oaie]|tenut[oaie]|reservad[oa]s?|guardad[oa]s?)\b[^,;.]{0,10}$/i.test(
          r.text.slice(Math.max(0, m.index - 25), m.index),
        )
      ) {
        r.claim(m.index, m.index + m[0].length);
        continue;
      }
      if (r.p.priorLines === undefined) r.p.priorLines = n - 1;
      r.add(m.index, m.index + m[0].length, 'priorLines', n - 1);
    }
  // the lines already given: the highest line of a course that was given and ended in progression ("1L FOLFOX → PD;
  // 2L FOLFIRI → PD" is two prior lines); a course under way or without an outcome says nothing of the count, and a
  // count written ("2 prior lines", "now 2L") is never overridden
  if (r.p.priorLines === undefined) {
    const ended = tx.filter((t) => typeof t.line === 'number' && t.progressed);
    const top = Math.max(0, ...ended.map((t) => t.line as number));
    // every systemic course of the line has its line number (a course without one — "progressed on T-DM1" after "THP
    // first line" — may be a further line); a perioperative course is no line
    const unnumbered = tx.some(
      (t) => (t.kind === 'drug' || t.kind === 'drug_class') && t.line === undefined && !t.setting && !underWay.has(t) && !withRadiation.has(t),
    );
    if (top && !unnumbered && !tx.some((t) => typeof t.line === 'number' && (t.line as number) > top)) r.p.priorLines = top;
    // the next line given after the last one that progressed, with no outcome of its own, is the line under way ("1ª L
    // X → PD; 2ª L Y desde hace 6 semanas": one prior line)
    const next = tx.filter((t) => t.line === top + 1);
    if (top && !unnumbered && next.length && next.every((t) => !t.progressed) && !tx.some((t) => typeof t.line === 'number' && (t.line as number) > top + 1))
      r.p.priorLines = top;
  }
  // line words used by no course ("first line" after a course the grammar placed) are still read
  for (const [src] of L.LINE_WORDS) for (const m of r.scan(`(?<![\\w])(?:${src})(?![\\w])`)) if (tx.length) r.claim(m.index, m.index + m[0].length);
}

/** A denial carried on by "ni" / "né" / "nor" to the noun before a gene (within its clause). */
const NOR_BEFORE = /(?:^|[\s(])(?:ni|n[eé]|nor|neither)\s+(?:[A-Za-zÀ-ú]+\s+){0,3}$/i;

/**
 * An exon event written before its gene ("deleción del exón 19 de EGFR", "delezione dell'esone 19 di EGFR", "exon 20
 * insertion in EGFR"), in the shape of the exon pattern's match (number, kind).
 */
function exonBefore(before: string): RegExpExecArray | null {
  const kind = String.raw`deletion|deleci[oó]n|delezione|insertion|inserci[oó]n|inserzione|skipping|salto|mutation|mutaci[oó]n|mutazione`;
  const exon = String.raw`(?:ex(?:on|[oó]n|one)?|esone)\s*(\d{1,2})`;
  const tail = String.raw`\s+(?:de(?:l)?|di|of|in)\s*$`;
  const kindFirst = new RegExp(
    `(${kind})\\s+(?:del\\s+|dell['’]\\s*|of\\s+(?:the\\s+)?|en\\s+el\\s+|nell['’]\\s*|in\\s+(?:the\\s+)?)?${exon}${tail}`,
    'i',
  ).exec(before);
  // "salto del exón 14", "salto dell'esone 14": the exon's skipping
  const skip = (k: string) => (/^salto$/i.test(k) ? 'skipping' : k);
  if (kindFirst)
    return Object.assign([kindFirst[0], kindFirst[2], skip(kindFirst[1])], { index: kindFirst.index, input: before }) as unknown as RegExpExecArray;
  const after = new RegExp(`${exon}\\s+(${kind})${tail}`, 'i').exec(before);
  if (after) after[2] = skip(after[2]);
  return after;
}

/** "del19", "ins20": an exon event written kind first, in the shape of the exon pattern's match (number, kind). */
function shortExonEvent(s: string): RegExpExecArray | null {
  const m = /\b(del|ins)\s?(\d{1,2})\b/i.exec(s);
  return m ? (Object.assign([m[0], m[2], m[1]], { index: m.index, input: s }) as unknown as RegExpExecArray) : null;
}

/** The sentence a position stands in (between ". " / ";" and the next). */
function sentenceAround(text: string, at: number): string {
  const a = Math.max(text.lastIndexOf('. ', at), text.lastIndexOf(';', at)) + 1;
  const b = text.slice(at).search(/[.;](?:\s|$)/);
  return text.slice(a, b < 0 ? text.length : at + b);
}

/**
 * A duplication or insertion in exon 20 of EGFR or HER2 ("HER2 Y772_A775dup nell'esone 20") is that exon's insertion,
 * the class the drugs are given for.
 */
function exon20Duplication(gene: string, change: string | undefined, exon: RegExpExecArray | null): boolean {
  return !!change && !!exon && exon[1] === '20' && (gene === 'EGFR' || gene === 'ERBB2') && /_[A-Z]\d+(?:dup|ins\w*)$/.test(change);
}

const MMR_GENES = new Set(['MLH1', 'MSH2', 'MSH6', 'PMS2']);
const FUSION_DRIVERS = new Set(['ALK', 'ROS1', 'RET', 'NTRK1', 'NTRK2', 'NTRK3', 'FGFR1', 'FGFR2', 'FGFR3', 'MET', 'BRAF', 'NRG1', 'ERBB2', 'EGFR']);

function readAlterations(r: Reading) {
  type G = { gene: string; start: number; end: number; origin?: 'germline' | 'somatic'; alias?: boolean };
  const genes: G[] = [];
  for (const m of r.scan(String.raw`\b([gs])(BRCA[12])\b(?!\s?\/\s?[12])`, 'g'))
    genes.push({ gene: m[2], start: m.index, end: m.index + m[0].length, origin: m[1] === 'g' ? 'germline' : 'somatic' });
  // "BRCA1/2 negative": both genes, read like "RAS" (kept only when wild-type: a mutation names its gene)
  for (const m of r.scan(String.raw`\b([gs])?BRCA\s?1\s?\/\s?2(?![\w\/])`, 'g')) {
    const origin = m[1] ? (m[1] === 'g' ? 'germline' : 'somatic') : undefined;
    for (const gene of ['BRCA1', 'BRCA2'] as const) genes.push({ gene, start: m.index, end: m.index + m[0].length, alias: true, origin });
  }
  for (const m of r.scan(String.raw`(?<![KNH\w])RAS(?![\w])`, 'g')) {
    genes.push({ gene: 'KRAS', start: m.index, end: m.index + 3, alias: true });
    genes.push({ gene: 'NRAS', start: m.index, end: m.index + 3, alias: true });
  }
  // "EGFR/ALK negative": a slash list is one token to the gene finder
  for (const m of r.scan(String.raw`\b[A-Z][A-Z0-9]{1,9}(?:\/[A-Z][A-Z0-9]{1,9})+\b`, 'g')) {
    let at = m.index;
    for (const part of m[0].split('/')) {
      // each part as the gene finder reads it alone, with its list of words that are not genes ("AST/ALT" are enzymes)
      const gene = part === 'RAS' ? undefined : findGenes(part)[0]?.gene;
      if (gene && !genes.some((x) => x.start === at)) genes.push({ gene, start: at, end: at + part.length });
      at += part.length + 1;
    }
  }
  for (const g of findGenes(r.text)) {
    if (genes.some((x) => x.start === g.start)) continue;
    // PD-L1 / PD-1 are biomarkers; CD4 / CD8 are cell counts ("CD4 520"), not alterations
    if (['CD274', 'PDCD1', 'CD4', 'CD8A'].includes(g.gene) || !r.free(g.start, g.end)) continue;
    if (/^BRCA$/i.test(g.token)) continue; // "BRCA" alone names neither gene
    // "BCR" in a prostate line is a biochemical recurrence ("High-risk BCR: enzalutamide"), not the gene of BCR-ABL1
    if (g.gene === 'BCR' && !/^\s*[-:\/]+\s*ABL/i.test(r.text.slice(g.end)) && L.BIOCHEMICAL_CONTEXT.test(r.text)) continue;
    if (/^(?:\/[A-Z0-9]{2,10})*[\s-]*(?:TKI|ITK|inhibitor|inibitor|inhibidor|targeted|directed)/i.test(r.text.slice(g.end, g.end + 30))) continue;
    if (new RegExp(L.TARGET_OF_CLASS_BEFORE, 'i').test(r.text.slice(Math.max(0, g.start - 40), g.start))) continue;
    genes.push({ gene: g.gene, start: g.start, end: g.end });
  }
  // a treatment's name is never a gene of the patient, given or not ("CDK4/6i-naive", "anti-EGFR refractory")
  for (let i = genes.length - 1; i >= 0; i--) if (r.treatmentWords.some(([s, e]) => genes[i].start < e && genes[i].end > s)) genes.splice(i, 1);
  // the numerator of an ISH ratio ("HER2/CEP17 ratio 4.1") names the probe, not a finding of the gene: the ISH result
  // is the biomarker's
  for (let i = genes.length - 1; i >= 0; i--) if (/^\s*\/\s*CEP\s?\d+/i.test(r.text.slice(genes[i].end))) genes.splice(i, 1);
  genes.sort((a, b) => a.start - b.start);
  const alts = r.list<Record<string, unknown>>('alterations');
  const MUT =
    /mutat|mutant|\bmut\b|mutaci[oó]n|mutazion|mutad[oa]|variant|activating|inactivat|truncat|loss[- ]of[- ]function|splice|frameshift|missense|nonsense|insertion|substitution|pathogenic|patog[eé]nic|patogenetic|alterad[oa]|alterat[oa]|altera|aberra|carrier|portador|portat(?:ore|rice)|hotspot|driver/;
  for (let i = 0; i < genes.length; i++) {
    const g = genes[i];
    if (genes[i + 1]?.start === g.start && g.alias && genes[i + 1].alias) {
      /* RAS: both halves share the same reading below */
    }
    const nextDifferent = genes.find((x) => x.start > g.start);
    // a list "EGFR/ALK negative", "RAS/BRAF wt": the members share the predicate after the last one
    let k = i;
    while (genes[k + 1] && (genes[k + 1].start === genes[k].start || /^\s*(?:\/|,|and|y|e)\s*$/i.test(r.text.slice(genes[k].end, genes[k + 1].start)))) k++;
    const last = genes[k];
    // the list's first member: a denial before it ("No evidence of EGFR, ALK, ROS1 alterations") covers every member
    let j = i;
    while (
      genes[j - 1] &&
      (genes[j - 1].start === genes[j].start || /^\s*(?:\/|,|and|y|e|or|o|nor|ni|né)\s*$/i.test(r.text.slice(genes[j - 1].end, genes[j].start)))
    )
      j--;
    const first = genes[j];
    const afterLast = genes.find((x) => x.start > last.start);
    const ownEnd = nextDifferent && nextDifferent.start <= last.start ? nextDifferent.start : Math.min(afterLast?.start ?? r.text.length, last.end + 50);
    // the window ends at a whole word: a word cut at its edge ("triple-neg" of "triple-negative") says nothing
    const ownCut = Math.min(ownEnd, g.end + 50);
    const ownRaw = r.text.slice(g.end, ownCut);
    const own = (/[\wÀ-ú]/.test(r.text[ownCut] ?? '') ? ownRaw.replace(/[\wÀ-ú-]+$/, '') : ownRaw).split(/[;.](?=\s|$)/)[0];
    const shared = last === g ? own : r.text.slice(last.end, Math.min(afterLast?.start ?? r.text.length, last.end + 50)).split(/[;.,](?=\s|$)/)[0];
    const winAll = (own.split(/,\s/)[0] + ' ' + (last === g ? '' : shared.split(/,\s/)[0])).trim();
    const prevEnd = genes.filter((x) => x.end <= g.start).at(-1)?.end ?? 0;
    const clauseStart = Math.max(prevEnd, r.clause(g.start, g.end)[0], g.start - 30);
    const before = r.text.slice(clauseStart, g.start);
    // fusion written "EML4-ALK" / "FGFR2-BICC1": the driver is the kinase partner
    const nextG = genes[i + 1];
    const prevG = genes[i - 1];
    if (r.text[g.end] === '-' && nextG?.start === g.end + 1) {
      const driverIsNext = FUSION_DRIVERS.has(nextG.gene) || !FUSION_DRIVERS.has(g.gene);
      if (driverIsNext) continue;
    }
    if (r.text[g.start - 1] === '-' && prevG?.end === g.start - 1 && FUSION_DRIVERS.has(prevG.gene) && !FUSION_DRIVERS.has(g.gene)) continue;
    // promoter methylation ("MLH1 hypermethylated", "ipermetilazione del promotore di MLH1") silences the gene: an
    // epigenetic finding that explains a dMMR tumour, no alteration of the gene (understood, not stored)
    const methylAfter = /^\s*(?:promoter\s+)?(?:un-?|non[- ]?|no\s+)?(?:hyper-?|hiper|iper)?(?:methylat|metilad|metilat)\w*/i.exec(r.text.slice(g.end));
    const methylBefore =
      /(?:hyper-?|hiper|iper)?(?:methylation|metilaci[oó]n|metilazione)\s+(?:(?:of\s+)?(?:the\s+)?|(?:del\s+)?promot(?:er|or|ore)\s+)?(?:de(?:l)?|di|of)?\s*$/i.exec(
        before,
      );
    if (methylAfter || methylBefore) {
      r.claim(methylBefore ? clauseStart + methylBefore.index : g.start, g.end + (methylAfter?.[0].length ?? 0));
      continue;
    }
    // "TERT promoter C250T", "mutación del promotor de TERT (C228T)": a promoter's change is a nucleotide, not a protein
    // change — the finding is the promoter's mutation
    const promoter = /promot(?:er|ore|or)\s+(?:(?:de(?:l)?|di|of)\s+)?(?:the\s+)?$/i.test(before) || /^\s*(?:promot(?:er|ore|or))\b/i.test(r.text.slice(g.end));
    const protein = promoter
      ? null
      : /(?:^|[\s(:,-])(?<!PD-)(?:p\.)?([ACDEFGHIKLMNPQRSTVWY]\d{1,4}(?:[ACDEFGHIKLMNPQRSTVWY*]|fs\*?\d*|_[A-Z]\d+(?:dup|del|ins\w*))?)(?![A-Za-z0-9])/.exec(
          own.split(/,\s/)[0],
        );
    const exon =
      /\b(?:ex(?:on|[oó]n|one)?|esone)\s*(\d{1,2})\s*(deletion|deleci[oó]n|delezione|insertion|inserci[oó]n|inserzione|skipping|mutation|del|ins)?/i.exec(
        own.split(/,\s/)[0],
      ) ??
      EXON_EVENT.exec(own.split(/,\s/)[0]) ??
      shortExonEvent(own.split(/,\s/)[0]) ??
      exonBefore(before);
    // a list shares the predicate written before its first member ("mutaciones en RB1 y TP53") as it shares the one after its last
    const firstBefore = first === g ? '' : r.text.slice(Math.max(r.clause(first.start, first.end)[0], first.start - 30), first.start);
    // "BRCA2 somatic (germline neg)": the bracket denies the other origin's test, not this finding
    // … and so does "variante patogenetica somatica di BRCA2 (test germinale negativo)": the finding's origin written
    // before the gene, the bracket after it the other origin's negative test
    const crossOrigin =
      /^\s*(?:(?:variant|mutation|variante|mutaci[oó]n|mutazione)\s+)?(somatic|som[aá]tic[oa]|germline|germinal[e]?)?\s*\(\s*(?:(?:test|testing|prueba|estudio|analisi|an[aá]lisis)\s+(?:de\s+|di\s+)?)?(germline|germinal[e]?|somatic|som[aá]tic[oa])(?:\s+(?:test|testing|prueba|estudio|analisi|an[aá]lisis))?\s+(?:neg\w*|wt|wild[- ]?type|not\s+detected)\s*\)/i.exec(
        own,
      );
    const originBefore = /\b(somatic|som[aá]tic[oa]|germline|germinal[e]?)\b(?:\s+[\wÀ-ú]+){0,2}\s+(?:(?:de|di|of|in|en)\s+)?$/i.exec(before)?.[1];
    const ownOrigin = crossOrigin?.[1] ?? originBefore;
    const crossed = crossOrigin && ownOrigin && /^som/i.test(ownOrigin) !== /^som/i.test(crossOrigin[2]) ? crossOrigin : null;
    const otherTest = crossed ? crossed[0].slice(crossed[0].indexOf('(')).toLowerCase() : '';
    const win = crossed ? winAll.toLowerCase().replace(otherTest, ' ') : winAll;
    const w = (firstBefore + ' ' + before.slice(-30) + ' ' + win).toLowerCase();
    let category = 'mutation';
    const lof = /loss[- ]of[- ]function|inactivat|truncat/.test(w);
    if (
      /wild[- ]?type|\bwt\b|(?<!tripl[eo][- ])negativ[eoai]s?\b|(?<!tripl[eo][- ])\bneg\b|\bnativ[oa]s?\b|not (?:mutated|detected|altered|rearranged|found)|\bunaltered\b|no mutad|non mutat|\bno alterad|\bnon alterat|sin alteraci|senza alterazion|\bno (?:reordenad|detectad)|\bnon (?:riarrangiat|rilevat)/.test(
        win.toLowerCase(),
      ) ||
      (crossed ? r.deniedBefore(g.start, g.end) : r.denied(g.start, g.end)) ||
      (first !== g && r.denied(first.start, first.end) && !protein && !L.OWN_FINDING.test(own.split(/,\s/)[0])) ||
      // "sin mutaciones de EGFR ni reordenamientos de ALK/ROS1", "né riarrangiamenti di ALK", "nor ALK fusion": the
      // denial goes on past its first noun
      (!protein &&
        NOR_BEFORE.test(r.text.slice(Math.max(0, first.start - 40), first.start)) &&
        /\b(?:no|not|without|sin|nessun[ao]?|non|neither|absence|ausencia|assenza)\b/i.test(r.text.slice(r.clause(first.start, first.end)[0], first.start)))
    )
      category = 'wild_type';
    else if (/amplif|\bamp\b|\bgain\b/.test(w)) category = 'amplification';
    else if (/fusi[oó]n|fusione|fusion|rearrang|reordenamiento|reordenad[oa]|riarrangiamento|riarrangiat[oa]|translocat/.test(w) && !protein)
      category = 'fusion';
    else if (/positiv/.test(win.toLowerCase()) && !protein) category = FUSION_DRIVERS.has(g.gene) ? 'fusion' : 'mutation';
    else if (lof) category = 'mutation';
    else if (/deletion|deleted|\bloss\b|\bnull\b|deleci[oó]n|delezione|perdita|p[eé]rdida/.test(w) && !exon) category = 'deletion';
    else if (/overexpress|sobreexpres|sovraespress/.test(w)) category = 'expression';
    if (r.text[g.start - 1] === '-' && prevG?.end === g.start - 1 && category !== 'wild_type') category = 'fusion';
    // "FGFR3-TACC3 fusion": the driver written first, its partner joined by a hyphen
    // (a partner the gene list does not hold is written like one: letters and a digit, "TACC3", "KIF5B"; not a change
    // such as "V600E")
    if (r.text[g.end] === '-' && (nextG?.start === g.end + 1 || /^-[A-Z]{2,}[A-Z0-9]*\d[A-Z]?\b/.test(r.text.slice(g.end))) && category !== 'wild_type')
      category = 'fusion';
    const origin =
      g.origin ??
      (crossed && ownOrigin ? (/^som/i.test(ownOrigin) ? 'somatic' : 'germline') : undefined) ??
      // "germline testing confirmed a pathogenic MLH1 variant": the test that found it says its origin
      (/germline|germinal[e]?|heredit|ereditari|inherited|constitutional|costituzional/.test(w) ||
      L.GERMLINE_TEST_FOUND.test(r.text.slice(Math.max(prevEnd, g.start - 80), g.start))
        ? 'germline'
        : /somatic|som[aá]tic[oa]/.test(w)
          ? 'somatic'
          : undefined);
    // a gene named bare is "other", unless a word says it is altered; a germline gene is the patient's inherited
    // variant ("Lynch syndrome (germline MSH2)", "germline FH pathogenic variant"), and so is a somatic one ("Tissue NGS:
    // BRCA2 somatic")
    if (category === 'mutation' && !protein && !exon && !MUT.test(w) && origin !== 'germline' && origin !== 'somatic') category = 'other';
    // "TERT promoter", "del promotore di TERT": a promoter named with its gene is its hotspot mutation (its methylation
    // was read above)
    if (
      category === 'other' &&
      (/promot(?:er|ore|or)\s+(?:(?:de(?:l)?|di|of)\s+)?(?:the\s+)?$/i.test(before) || /^\s*(?:promot(?:er|ore|or))\b/i.test(r.text.slice(g.end)))
    )
      category = 'mutation';
    // a protein named bare is a stain, not a finding of its gene: "HER2 score 0", "HER2 nn valutato", "p16
    // block-positive" (the HPV surrogate), "expresión conservada de MLH1, PMS2" (mismatch-repair IHC): no alteration
    // "p16 negative", "p53 wild-type pattern" are the stain's results too (the gene itself was not sequenced); "SDHB
    // loss of expression on IHC", "pérdida de expresión de SDHB por IHQ": a lost stain, not a deletion of the gene
    // "dMMR with loss of MLH1/PMS2": a mismatch-repair protein lost is the stain's result, not a deletion of its gene;
    // "RB1 perso all'IHC", "RB1 loss by IHC": a protein lost on a stain; "AMACR negativo", "CDX2+": markers read only by
    // stains
    const stainWords = /expres|espress|\bIHC\b|\bIHQ\b|\bIIQ\b|immunohisto|inmunohisto|immunoisto|\bstain|tinci[oó]n|colorazion/i;
    const stain =
      (L.STAIN_MARKERS.test(r.text.slice(g.start, g.end)) && !protein && !exon && !MUT.test(w) && !origin) ||
      (MMR_GENES.has(g.gene) && category === 'deletion' && !protein && !exon && !MUT.test(w) && /\bloss\b|p[eé]rdida|perdita/i.test(w)) ||
      ((category === 'deletion' || category === 'other') &&
        /\bloss\b|\blost\b|p[eé]rdida|perdid[oa]|perdita|\bpers[oa]\b/i.test(w) &&
        !protein &&
        !exon &&
        !MUT.test(w) &&
        stainWords.test(w)) ||
      (/^(?:HER2(?:\/neu)?|p16|p53)$/.test(r.text.slice(g.start, g.end)) &&
        !protein &&
        !exon &&
        !MUT.test(w) &&
        !origin &&
        (category !== 'wild_type' || !/^HER2/.test(r.text.slice(g.start, g.end))) &&
        category !== 'amplification') ||
      (category === 'deletion' && !protein && !exon && !MUT.test(w) && /expres|espress|\bIHC\b|\bIHQ\b|\bIIQ\b|immunohisto|inmunohisto|immunoisto/i.test(w)) ||
      (category === 'other' &&
        MMR_GENES.has(g.gene) &&
        /expres|espress|\bstain|tinci[oó]n|colorazion|\bIHC\b|\bIHQ\b|\bIIQ\b|intact|conservad|conservat|retain|preserv/i.test(
          sentenceAround(r.text, g.start),
        ));
    if (stain) continue;
    const dup20 = exon20Duplication(g.gene, protein?.[1], exon);
    const proteinChange =
      category === 'wild_type'
        ? undefined
        : // "exon 20 insertion (A767_V769dup)": the exon event the line names, its codon range a detail; "KIT exon 9
          // (A502_Y503dup)" names no event but the range
          protein && !(exon?.[2] && protein[1].includes('_')) && !dup20
          ? protein[1]
          : exon
            ? exonEventKey(exon[1], /^del/i.test(exon[2] ?? '') ? 'del' : /^ins/i.test(exon[2] ?? '') || dup20 ? 'ins' : exon[2])
            : undefined;
    // "RAS wild-type" is both genes wild-type; "RAS mutated" does not say which one
    if (g.alias && category !== 'wild_type') continue;
    // "EGFR T790M negative": that variant is absent, the gene is not wild-type; nothing is stored
    if (category === 'wild_type' && protein && !exon) {
      r.hold(g.start, g.end + protein.index + protein[0].length);
      continue;
    }
    if (r.uncertain(g.start, g.end)) {
      r.hold(g.start, g.end);
      continue;
    }
    const gene = normalizeGene(g.gene) ?? g.gene;
    const same = alts.find((a) => a.gene === gene && a.proteinChange === proteinChange && a.category === category);
    if (same) {
      // the same finding named again with its origin ("MLH1 … germline testing confirmed a pathogenic MLH1 variant")
      if (origin && category !== 'wild_type' && !same.origin) same.origin = origin;
      continue;
    }
    // a wild-type gene has no variant to be germline or somatic
    alts.push({ gene, ...(proteinChange ? { proteinChange } : {}), category, ...(origin && category !== 'wild_type' ? { origin } : {}) });
    const end = g.end + (protein && !exon ? protein.index + protein[0].length : 0);
    r.add(g.start, Math.max(end, g.end), 'alterations', { gene, proteinChange, category });
    // the words that decided the kind are understood too ("mutazione germinale", "wild-type", "fusion")
    for (const m of (before + '\u0000' + win).matchAll(
      /mutat\w*|mutaci[oó]n|mutazione|mutad[oa]|germinal[e]?|germline|som[aá]tic[oa]|somatic|wild[- ]?type|\bwt\b|negativ[eoai]s?|\bneg\b|nativ[oa]s?|(?:no|non|not)\s+(?:alterad[oa]s?|alterat[oaie]|altered)|unaltered|amplif\w*|fusi[oó]n|fusione|fusion|reordenamiento(?:\s+de)?|reordenad[oa]|riarrangiamento|riarrangiat[oa]|rearrangement|rearranged|alterad[oa]|alterat[oa]|positiv[eoa]|carrier|pathogenic\s+variant/gi,
    )) {
      const inBefore = m.index! < before.length;
      const s = inBefore
        ? clauseStart + m.index!
        : (last === g ? g.end : last.end) + (m.index! - before.length - 1) + (own.indexOf(m[0]) >= 0 && last === g ? 0 : 0);
      const at = inBefore ? s : r.text.indexOf(m[0], g.end);
      if (at >= 0 && r.free(at, at + m[0].length)) r.claim(at, at + m[0].length);
    }
    if (exon) {
      const at = exon.input === before ? clauseStart + exon.index : r.text.indexOf(exon[0], g.end);
      if (at >= 0) r.claim(at, at + exon[0].length);
    }
  }
}

/** A gene named bare ("MEN2A", "BRCA2") and again with its change: the detailed finding is the one. */
function dropBareDuplicates(r: Reading) {
  const alts = r.list<Record<string, unknown>>('alterations');
  const detailed = (a: Record<string, unknown>) => a.category !== 'other' || a.proteinChange;
  // a gene named bare as mutated ("MEN2A (mutación germinal RET C634W)") is the same finding as its named variant
  const bare = (a: Record<string, unknown>) => !a.proteinChange && (a.category === 'other' || a.category === 'mutation');
  r.p.alterations = alts.filter(
    (a) => !bare(a) || !alts.some((b) => b !== a && b.gene === a.gene && (b.proteinChange || (a.category === 'other' && detailed(b)))),
  );
}

/**
 * Dates and durations. The patient has a place for one date, the diagnosis's, as a whole day: "dx 15/03/2024" is
 * placed; "dx 03/2024", "since Jan 2025", "x 6 months", "6 cicli" have none and come back whole as not understood
 * (never stretched to a day nor dropped in silence). Day and month: day first in Spanish and Italian; in English
 * only when one of the two cannot be a month ("03/04/2024" is refused with a warning).
 */
function readDates(r: Reading) {
  for (const m of r.scan(String.raw`(?<![\w/.-])(?:(${L.DIAGNOSIS_DATE_CUE})|${L.DATE_CUE})?(${L.DATE})(?![\w/-])`)) {
    const day = dayOf(r, m[2]);
    if (m[1] && day !== undefined && r.p.diagnosisDate === undefined) {
      r.p.diagnosisDate = day;
      r.add(m.index, m.index + m[0].length, 'diagnosisDate', day);
      continue;
    }
    // a bare number that could be a year is a date only with a word of time before it
    if (!m[1] && /^\d{4}$/.test(m[2]) && m[0] === m[2]) continue;
    r.unplaced.push({ start: m.index, end: m.index + m[0].length, text: m[0], reason: 'unknown' });
    r.claim(m.index, m.index + m[0].length);
  }
  for (const m of r.scan(String.raw`(?<![\w])${L.DURATION}`)) {
    r.unplaced.push({ start: m.index, end: m.index + m[0].length, text: m[0], reason: 'unknown' });
    r.claim(m.index, m.index + m[0].length);
  }
}

/** A written date as YYYY-MM-DD when it names one real day, not in the future; undefined otherwise. */
function dayOf(r: Reading, raw: string): string | undefined {
  let y: number;
  let mo: number;
  let d: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const dmy = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(raw);
  if (iso) [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dmy) {
    const [a, b] = [Number(dmy[1]), Number(dmy[2])];
    y = Number(dmy[3]);
    if (r.lang !== 'en' || a > 12) [d, mo] = [a, b];
    else if (b > 12) [mo, d] = [a, b];
    else if (a === b) [d, mo] = [a, b];
    else {
      r.warnings.push(`ambiguous date: ${raw} (day/month or month/day)`);
      return undefined;
    }
  } else return undefined;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || date.getTime() > Date.now()) return undefined;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Spans no reader used, cut at punctuation, without filler words: what the screen lists as not understood. */
function readLeftovers(r: Reading) {
  const t = r.text;
  for (const m of t.matchAll(/[^\s,;.:()[\]/+=]+(?:[ \t]+[^\s,;.:()[\]/+=]+)*/g)) {
    // split the run into tokens and keep the maximal sub-runs of unused, non-filler tokens
    let runStart = -1;
    let runEnd = -1;
    const flush = () => {
      if (runStart >= 0) r.unplaced.push({ start: runStart, end: runEnd, text: t.slice(runStart, runEnd), reason: 'unknown' });
      runStart = -1;
    };
    // hyphenated shorthand is read part by part ("pembro-axi"): an unread part is shown, not hidden by its read neighbour
    for (const tok of m[0].matchAll(/[^\s\-–]+/g)) {
      const s = m.index! + tok.index!;
      const e = s + tok[0].length;
      let usedChars = 0;
      for (let i = s; i < e; i++) if (r.isUsed(i)) usedChars++;
      const word = tok[0].toLowerCase().replace(/^[-–'"¿¡]+|[-–'"?!]+$/g, '');
      const filler = !word || L.FILLER.has(word) || /^[\d.,%-]+$/.test(word) || word.length < 2;
      if (usedChars > 0 || filler) {
        flush();
        continue;
      }
      if (runStart < 0) runStart = s;
      runEnd = e;
    }
    flush();
  }
  r.unplaced.sort((a, b) => a.start - b.start);
}

/** Reads a free-text patient line; `focusOf` maps an OncoTree code to the product's focus area. */
export function readPatientText(
  text: string,
  focusOf: (code: string) => PatientData['focusArea'],
  base: Partial<PatientData> = {},
  writer?: NumberLocale,
): PatientReading {
  const r = new Reading(L.upperGeneShorthand(text), languageOf(text, writer));
  Object.assign(r.p, base);
  readUncertain(r);
  readDemographics(r);
  readLabs(r);
  readBiomarkers(r);
  readSetting(r, focusOf);
  readDisease(r, focusOf);
  readTreatments(r);
  readStaging(r);
  readAlterations(r);
  dropBareDuplicates(r);
  readDates(r);
  readLeftovers(r);
  // the spans show the text as written ("kras g12d"), not as read
  for (const x of [...r.spans, ...r.unplaced]) x.text = text.slice(x.start, x.end);
  const spans = r.spans.sort((a, b) => a.start - b.start);
  const parsed = PatientSchema.safeParse(r.p);
  if (parsed.success) return { patient: parsed.data, spans, notUnderstood: r.unplaced, warnings: r.warnings, language: r.lang };
  r.warnings.push(...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  // drop invalid fields one by one rather than fail the whole record
  const clean = { ...r.p };
  for (const i of parsed.error.issues) delete clean[String(i.path[0])];
  return { patient: PatientSchema.parse(clean), spans, notUnderstood: r.unplaced, warnings: r.warnings, language: r.lang };
}

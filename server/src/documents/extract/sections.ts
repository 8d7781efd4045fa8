import type { Line } from '../layout';

/**
 * A report's sections, told by their headings (en/es/it lexicon) and layout: findings are read only in
 * result sections; methods, interpretation, therapies, trials, references, gene lists and administrative
 * parts name genes and alterations that are not findings about the patient.
 */
export type SectionKind =
  /** before any heading: a short report or letter is read whole */
  | 'front'
  | 'results'
  | 'vus'
  | 'synonymous'
  /** germline findings (tumour-normal reports): results whose variants are germline */
  | 'germline'
  /** genes tested, pertinent negatives, panel lists */
  | 'tested'
  | 'methods'
  | 'interpretation'
  | 'therapies'
  | 'trials'
  | 'references'
  /** benign and likely benign variants: listed, not findings */
  | 'benign'
  | 'admin';

/** Sections whose lines are read for findings. */
export const RESULT_SECTIONS: ReadonlySet<SectionKind> = new Set(['front', 'results', 'vus', 'synonymous', 'germline']);

/**
 * Heading lexicon, tried in order on a heading's normalised text (lower case, accents kept, "(s)" and a
 * trailing colon dropped). `weak` result headings ("Mutations", "Copy number variants", "Tier 1 variants")
 * name a kind of result: they refine a result section but do not leave an interpretation or methods
 * section, where reports reuse them as sub-headings ("INTERPRETATION … STRUCTURAL VARIANTS: No structural
 * variants were detected").
 */
const HEADINGS: Array<{ kind: SectionKind; re: RegExp; weak?: true }> = [
  { kind: 'vus', re: /\b(?:uncertain|unknown|undetermined) (?:clinical )?significance\b|\bvus\b|significado (?:cl[ií]nico )?(?:incierto|desconocido)|significato (?:clinico )?(?:incerto|sconosciuto)/ },
  // "Tier III variants", "SMALL VARIANTS – Tier 3": an AMP/ASCO/CAP tier III or IV list is of unknown significance
  { kind: 'vus', re: /^(?:tier (?:3|4|iii|iv)|investigational) (?:variants|mutations|alterations)$|^investigational variants$|\b(?:variants|mutations|alterations|varianti|variantes)\b.*\btier (?:3|4|iii|iv)$|^tier (?:3|4|iii|iv)\b/, weak: true },
  { kind: 'synonymous', re: /\bsynonymous\b|\bsin[oó]nim|\bsinonim/ },
  { kind: 'benign', re: /\b(?:likely )?benign\b|\bbenign[io]s?\b/ },
  // a heading that names results or pathogenic findings is a result section, whatever else it names ("Results with Therapy
  // Associations", "Genes Tested with Pathogenic or Likely Pathogenic Alterations") — unless it says there are none
  { kind: 'tested', re: /\b(?:no|without) (?:reportable |pathogenic |clinically significant |detected )?(?:alterations?|mutations?|variants?)\b|^(?:alterations? |variants? |genes? |results? )?not detected$/ },
  { kind: 'germline', re: /^germline\b|^(?:inherited|hereditary) (?:variants|findings)\b|^germinal(?:es)?\b|^germinale?\b|^varianti germinali\b|^variantes germinales\b/ },
  { kind: 'results', re: /^(?:test )?results?\b|^resultados?\b|^risultat[io]\b|\b(?:likely )?pathogenic\b|\bpatog[eé]nic[oa]s?\b/ },
  { kind: 'tested', re: /\bgenes? (?:tested|evaluated|analy[sz]ed|assayed|covered|sequenced|targeted|interrogated|included)\b|\b(?:tested|evaluated|analy[sz]ed) genes\b|\bgenes? (?:on|in) the (?:\w+ )?panel\b|\bgene list\b|^(?:gene )?panel\b|\bpanel (?:genes|content)\b|\bpertinent negatives?\b|\b(?:no|without) (?:reportable |pathogenic |clinically significant |detected )?(?:alterations?|mutations?|variants?)\b|\bnegative (?:results|findings)\b|^(?:not detected|no alterations? detected|alterations? not detected)$|\bwe evaluated this sample\b|\bgenes? without\b|\b(?:mutazioni|varianti|alterazioni|mutaciones|variantes|alteraciones) (?:non rilevat[ei]|no detectad[oa]s)\b|\bthe following (?:\w+ )*genes? (?:were|are|was)\b|\bgene targets covered\b|\bgenes? analizad|\bgeni (?:analizzati|testati|valutati)\b|\bgenes? (?:estudiad|evaluad)|^genes$/ },
  { kind: 'trials', re: /\b(?:clinical )?trials?\b|\bensayos? cl[ií]nicos?\b|\bstudi clinici\b|\bsperimentazioni cliniche\b/ },
  { kind: 'references', re: /^(?:selected )?references?\b|^bibliograf[ií]a|^bibliografia|^referencias|^citations?$|^riferimenti/ },
  { kind: 'methods', re: /\bmethods?\b|\bmethodology\b|\blimitations?\b|\bdisclaimers?\b|\btest (?:information|description|details|specifications)\b|\babout (?:the|this) test\b|\bassay (?:description|information|details)\b|\bquality (?:control|metrics)\b|\btechnical (?:information|notes?)\b|\binsufficient coverage\b|\banalysis pipeline\b|^definitions?$|^glossary$|^m[eé]todos?\b|^metodi\b|^metodica\b|^metodolog[ií]a|\blimitaciones\b|\blimitazioni\b|^(?:table \d+:? )?genes on the\b|^(?:test|assay)(?: performed| name| used)?$|\bdescription of the (?:test|assay)\b|\banalytical (?:performance|sensitivity|validation)\b|^coverage\b|^(?:sample |specimen |dna |sequencing )?quality\b|^literature\b|^about this report\b|^about (?!the patient)(?:\S+ ?){1,3}$|\badditional information\b|^report (?:information|details)$|^specimen (?:data|information|details)$/ },
  { kind: 'therapies', re: /\btherap(?:y|ies)\b(?! finder page)|\btreatments?\b(?! options)|^treatment options\b|\bdrugs?\b|\bterapias?\b|\bterapie\b|\bfarmac[io]\b|\btratamientos?\b|\btrattament[io]\b|\bimplications?\b/ },
  { kind: 'interpretation', re: /^(?:clinical )?interpretations?\b|\binterpretaci[oó]n\b|\binterpretazione\b|^comments?\b|^comentarios?\b|^comment[io]\b|^note\b|^notes\b|^conclusions?\b|^conclusi[oó]n|^conclusioni\b|^discussion\b|^discusi[oó]n\b|^summary interpretation\b|\bclinical significance\b|\bbiological (?:relevance|significance)\b|\brelevance of\b|\bgene (?:descriptions?|summaries)\b|\bvariant (?:descriptions?|details)\b|^(?:scientific |clinical )?background\b|^(?:clinical |supporting )?evidence\b|^recommendations?\b|^raccomandazioni|^recomendaciones|^professional services\b/ },
  { kind: 'admin', re: /^(?:clinical (?:history|data|information)|specimens?(?: received| tested| information| type)?|gross description|slide.block description|patient(?: information| name)?|indication(?: for test(?:ing)?)?|ordering (?:physician|provider)|reporting physician|diagnosis|sample information|historia cl[ií]nica|muestras?|campioni?|anamnesi|storia clinica|datos cl[ií]nicos|dati clinici)$/ },
  // results after the non-result kinds: "Summary of detected alterations … & associated treatment options" is a result table
  { kind: 'results', re: /\b(?:detected|reportable|somatic|genomic|actionable|additional|key) (?:\w+ )?(?:alterations?|findings|variants|biomarkers)\b|\balterations? detected\b|^(?:test )?results?\b|^resultados?\b|^risultat[io]\b|^esito\b|\b(?:mutazioni|varianti|alterazioni) (?:rilevate|identificate)\b|\b(?:mutaciones|variantes|alteraciones) (?:detectadas|identificadas)\b|^(?:genomic )?findings\b|^hallazgos\b|^reperti\b|\bbiomarkers?(?: findings| results)?$|\bbiomarcador|\bbiomarcatori\b|\btumou?r response map\b|\b(?:strong|potential|known) clinical significance\b|\b(?:immunotherapy|immuno-oncology|io) (?:bio)?markers\b|^summary(?: of (?:results|findings))?$|^resumen$|^riepilogo$|^sintesi$|^(?:targeted |tumou?r |somatic |dna |rna )?(?:ngs|next[- ]generation sequencing)(?: results?| analysis| panel)?$|^(?:mutation(?:al)?|molecular|microsatellite instability|msi) (?:analysis|testing)$|^(?:analisi|an[aá]lisis|studio|estudio)\b.*\b(?:mutazional|mutacional|molecolar|molecular|microsatellit|microsat[eé]lit|instabilit|inestabilidad)\w*|^(?:immunoistochimica|inmunohistoqu[ií]mica|immunohistochemistry|mmr ihc)\b/ },
  {
    kind: 'results',
    weak: true,
    re: /^(?:(?:tier (?:1|2|i|ii) )?(?:variants|mutations|alterations)|(?:single nucleotide|short|sequence|small|point|somatic|dna|snv) variants|insertions?\/deletions|indels|copy number (?:variants|alterations|changes|variations)(?: \(cn[av]\))?|cnvs?|cnas?|structural (?:variants|alterations|rearrangements)|fusions?|gene fusions|rearrangements|genomic signatures|signatures|mutaciones|variantes|alteraciones|mutazioni|varianti|alterazioni|fusiones|fusioni)$/,
  },
];

/** A heading's text as the lexicon reads it. */
function normal(text: string): string {
  return text
    .toLowerCase()
    .replace(/\(s\)/g, '')
    // "Investigational Mutational Signatures (see methods)": a parenthesis is an aside, not the heading
    .replace(/\s*\([^)]*\)\s*/g, ' ')
    .replace(/^[\s\d.)*•#=_-]+(?=[a-z])/, '')
    .replace(/[\s:.–—*=_#-]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Result-like content: a protein or cDNA change, a percentage, a copy number. A heading has none. */
const RESULT_LIKE = /\b[A-Z]\d{1,4}[A-Z*]\b|\bc\.\d|\d\s*%|\bp\.[A-Z]/;

export interface Heading {
  kind: SectionKind;
  weak: boolean;
  /** What follows "HEADING:" on the same line ("INTERPRETATION: POSITIVE for …"), read in the new section. */
  rest?: string;
}

function lookup(text: string): { kind: SectionKind; weak: boolean } | undefined {
  const n = normal(text);
  if (!n || n.split(' ').length > 14 || !/[a-z]{3}/.test(n)) return undefined;
  // an aside is not the heading, except one naming a VUS list ("SMALL VARIANTS (uncertain significance)")
  const aside = /\(([^)]*)\)/.exec(text)?.[1].toLowerCase() ?? '';
  if (HEADINGS[0].re.test(aside)) return { kind: 'vus', weak: false };
  const h = HEADINGS.find((x) => x.re.test(n));
  return h && { kind: h.kind, weak: !!h.weak };
}

/**
 * Whether a line is laid out as one block of words (a heading) rather than cells spread across the page
 * (a table's header row: "Detected Alteration(s) | Associated FDA-approved therapies | Clinical trial …").
 */
function oneBlock(line: Line): boolean {
  const items = line.items.filter((i) => i.str.trim());
  for (let k = 1; k < items.length; k++) {
    const gap = items[k].x - (items[k - 1].x + items[k - 1].width);
    if (gap > Math.max(12, 1.5 * items[k].height)) return false;
  }
  return true;
}

/**
 * Whether a whole line reads as a title rather than a sentence: no closing full stop, and a longer line has
 * more capitalised words than long lower-case ones ("Detected by the FISH method." and "There are 8660213
 * aligned, high-quality reads …" are sentences that happen to hold a heading's word).
 */
function titleLike(text: string): boolean {
  if (/[.;]\s*$/.test(text)) return false;
  const words = text.replace(/\([^)]*\)/g, ' ').trim().split(/\s+/);
  if (words.length <= 6) return true;
  const lower = words.filter((w) => /^[a-zà-ü][a-zà-ü-]{3,}/.test(w)).length;
  const upper = words.filter((w) => /^[A-ZÀ-Ü]/.test(w)).length;
  return upper >= lower;
}

/** The heading a line is, if it is one: the whole line, or a short label ending in a colon before its content. */
export function headingOf(text: string): Heading | undefined {
  const t = text.trim();
  if (!t) return undefined;
  // "RESULTS: …", "Interpretation: KRAS G12C may …", "REFERENCES:Garcia EP …", "Genes tested: EGFR, ALK"
  const colon = /^([^:]{3,80}):\s*(.*)$/.exec(t);
  if (colon && colon[1].split(/\s+/).length <= 8 && !RESULT_LIKE.test(colon[1])) {
    const h = lookup(colon[1]);
    if (h) return { ...h, rest: colon[2] };
  }
  if (!RESULT_LIKE.test(t) && t.length <= 110 && titleLike(t)) {
    const h = lookup(t);
    if (h) return h;
  }
  // "POTENTIAL TREATMENT STRATEGIES — AR T878A (also called T877A) has been …": an upper-case label before a dash
  const dash = /^([A-Z][A-Z /&]{2,50}?)\s+[—–-]\s+(.*)$/.exec(t);
  if (dash && dash[1].split(/\s+/).length <= 6) {
    const h = lookup(dash[1]);
    if (h) return { ...h, rest: dash[2] };
  }
  return undefined;
}

export interface SectionedLine {
  line: Line;
  section: SectionKind;
  /** The line is (part of) a heading: its own words are not read (except `rest`). */
  heading?: Heading;
}

/**
 * Every line with the section it sits in. A heading may wrap onto two lines ("VARIANTS OF UNCERTAIN" /
 * "SIGNIFICANCE"): two short lines that together, and not the first alone, make a heading are one.
 */
/** A line laid out as a short label cell and a heading cell ("APPENDIX      VARIANTS OF UNKNOWN"): the heading cell. */
function headingCell(line: Line): Line | undefined {
  const items = line.items.filter((i) => i.str.trim());
  if (items.length < 2 || items.length > 3) return undefined;
  const label = items.slice(0, -1).map((i) => i.str.trim()).join(' ');
  // a label such as "APPENDIX" (six letters or more: not a gene symbol such as "KRAS" heading its row)
  if (label.split(/\s+/).length > 2 || !/^[A-Z][A-Z ]{5,}$/.test(label)) return undefined;
  const last = items[items.length - 1];
  return { ...line, items: [last], text: last.str.trim() };
}

export function sectionLines(lines: Line[]): SectionedLine[] {
  const out: SectionedLine[] = [];
  let section: SectionKind = 'front';
  const enter = (h: Heading) => {
    if (h.weak && !RESULT_SECTIONS.has(section) && h.kind === 'results') return;
    if (h.weak && h.kind === 'vus' && !RESULT_SECTIONS.has(section)) return;
    // a definitions list's "Synonymous Alteration: This sequence change…" defines a word, it opens no list
    if (h.rest !== undefined && (h.kind === 'vus' || h.kind === 'synonymous') && !RESULT_SECTIONS.has(section)) return;
    section = h.kind;
  };
  for (let i = 0; i < lines.length; i++) {
    const original = lines[i];
    // headings are looked for in the line, then in its heading cell ("APPENDIX  About …"); the line itself is what is kept and read
    const cell = headingCell(original);
    const line = (oneBlock(original) && headingOf(original.text)) || !cell ? original : cell;
    const next = lines[i + 1];
    const short = (l: Line) => l.text.trim().split(/\s+/).length <= 8 && !RESULT_LIKE.test(l.text) && oneBlock(l);
    if (next && next.page === line.page && short(line) && short(next) && !/:\s*$/.test(line.text) && !headingOf(next.text)) {
      const joined = headingOf(`${line.text} ${next.text}`);
      const alone = headingOf(line.text);
      if (joined && !joined.rest && (!alone || alone.kind !== joined.kind)) {
        enter(joined);
        out.push({ line: original, section, heading: joined }, { line: next, section, heading: joined });
        i++;
        continue;
      }
    }
    const h = oneBlock(line) ? headingOf(line.text) : undefined;
    // "Specimen: FFPE block", "Genes tested: EGFR, ALK, ROS1": a label with its value on one line does not open a section
    if (h?.rest && (h.kind === 'admin' || h.kind === 'tested' || /^\s*(?:notes?|nota|nb|n\.b\.)\s*:/i.test(original.text))) {
      out.push({ line: original, section: h.kind, heading: { ...h, rest: undefined } });
      continue;
    }
    if (h) {
      enter(h);
      out.push({ line: original, section, heading: h });
      continue;
    }
    out.push({ line: original, section });
  }
  return out;
}

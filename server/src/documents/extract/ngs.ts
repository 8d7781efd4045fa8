import { CLINICAL_GENE_ALIASES, normalizeGene } from '../../vocab/geneNames';
import { canonicalProteinChange } from '../../vocab/proteinChange';
import type { FindingAssertion } from '@oncodesk/shared/contracts';
import type { Line } from '../layout';
import { assertionAt, OTHER_TEST_LINE, type Assertion } from '../../language/assertion';
import type { Draft } from './draft';
import { RESULT_SECTIONS, sectionLines, type SectionKind } from './sections';

/**
 * Findings of a molecular (NGS) report, read from its lines without assuming one lab's layout. The report
 * is cut into sections by its headings (sections.ts) and only result sections are read: methods,
 * interpretation, therapy, trial and reference sections and gene lists name genes that are not findings.
 * In a result line, candidates are anchored on gene symbols (the gene vocabulary), HGVS-like protein and
 * cDNA changes, copy-number and fusion words and the biomarkers (TMB, MSI, PD-L1); each gets what the
 * report asserts about it (assertion.ts: denied, VUS, synonymous, equivocal…) from its clause and table
 * row, and from its section (a VUS section's variants are VUS). Every finding keeps its line as provenance.
 */

/** A frameshift's tail: "fs", "fs*22", and the three-letter "fsTer22" or old "fsX22" for the new stop. */
const FRAMESHIFT = String.raw`fs(?:\*|Ter|X)?\d*`;
const PROTEIN = new RegExp(
  String.raw`^(?:p\.)?\(?([ACDEFGHIKLMNPQRSTVWY](?:[a-z]{2})?\d{1,4}(?:(?:[ACDEFGHIKLMNPQRSTVWY*](?:[a-z]{2})?)(?:${FRAMESHIFT})?|${FRAMESHIFT}|del|dup|ins[A-Z]*|_[A-Z](?:[a-z]{2})?\d{1,4}(?:del|dup|ins[A-Z]*|delins[A-Z]*)))\)?$`,
);
const THREE: Record<string, string> = { Ala: 'A', Arg: 'R', Asn: 'N', Asp: 'D', Cys: 'C', Gln: 'Q', Glu: 'E', Gly: 'G', His: 'H', Ile: 'I', Leu: 'L', Lys: 'K', Met: 'M', Phe: 'F', Pro: 'P', Ser: 'S', Thr: 'T', Trp: 'W', Tyr: 'Y', Val: 'V', Ter: '*' };
const CDNA = /\b[cC]\.[0-9_+\-*]+(?:[ACGT]+>[ACGT]+|del[ACGT]*(?:ins[ACGT]+)?|ins[ACGT]+|dup[ACGT]*)/;
/** A splice change written without "c." ("TP53 splice site 559+1G>A"). */
const SPLICE_BARE = /\bsplice(?:\s+(?:site|region|acceptor|donor))?(?:\s+variant)?\s+(\d+[+-]\d+[ACGT]>[ACGT])\b/i;
const TRANSCRIPT = /\b(N[MR]_\d+(?:\.\d+)?|ENST\d+(?:\.\d+)?)\b/;
const PERCENT = /(\d{1,3}(?:[.,]\d+)?)\s*%/g;
/** Copy-number words after a gene ("ERBB2 amplification", "CDKN2A/B loss", "MYC amplificazione"). */
const CN_WORDS = /\b(amplifi\w*|amp(?![/\-]|\s+(?:tier|guideline|classification|criteria))|homdel|amplificaci[oó]n|gain|ganancia|guadagno|loss|p[eé]rdida|perdita|deletion|deleted|deleci[oó]n|delezione|homozygous deletion|deep deletion)\b|(?:^|\s)\(?\+{2,3}\)?(?=\s|$)/i;
/** Copy-number words before a gene ("Amplification of MET", "amplificación de ERBB2", "perdita di CDKN2A"). */
const CN_BEFORE = /\b(amplification|amplificaci[oó]n|amplificazione|gain|ganancia|guadagno|loss|p[eé]rdida|perdita|deletion|deleci[oó]n|delezione)(?:\s+(?:of|de|del|di|della|dello|del gen|del gene))?\s*:?\s*$/i;
/** "loss of function", "loss of heterozygosity": not a copy-number loss. */
const NOT_CN = /\bloss[- ]of[- ](?:function|heterozygosity|(?:nuclear\s+)?expression)\b|\bp[eé]rdida de expresi[oó]n\b|\bperdita (?:dell'|di )?espressione\b|\barm[- ]level\b|\bchromosom(?:al|e)[- ]level\b|\bwhole[- ]chromosome\b|\bLOH\b|\bp[eé]rdida de (?:funci[oó]n|heterocigosidad)\b|\bperdita di (?:funzione|eterozigosi)\b/i;
const FUSION_WORD = /^(?:fusions?|rearrangements?|translocations?|fusi[oó]n|fusione|reordenamiento|riarrangiamento|traslocaci[oó]n|traslocazione)$/i;
const FUSION = /\b([A-Z][A-Z0-9]{1,9})(?:\s*\([^)]{1,14}\))?\s*(?:-|–|—|\/)\s*([A-Z][A-Z0-9]{1,9})\b(?:\s*\([^)]{1,14}\))?|\b([A-Z][A-Z0-9]{1,9})(?:\s*\([^)]{1,14}\))?\s*::\s*([A-Z][A-Z0-9]{1,9})\b(?:\s*\([^)]{1,14}\))?/g;
/** "A-B" is a fusion only in a row that says fusion (else "NKX2-1", "HER2-positive"); "A::B" always is. */
const FUSION_ROW = /\b(?:fusions?|rearrangements?|translocations?|fusi[oó]n|fusione|fusioni|reordenamiento|riarrangiamento)\b/i;
/** A protein change written before its gene, and the words that tie them. */
/** (an aside — "(c.2573T>G)" — and an exon — "nell'esone 21" — may stand between the change and the words) */
const CHANGE_BEFORE = /(\S+)(?:\s+\([^()]{1,40}\))?(?:\s+(?:in\s+|nell'|nello\s+|en\s+el\s+|at\s+)?(?:exon|esone|ex[oó]n)\s*\d{1,2})?\s+(?:(?:mutation|variant|substitution|mutaci[oó]n|variante|mutazione|sostituzione)\s+)?(?:in|of|en(?: el gen)?|del gen|di|del gene|nel gene|a carico (?:di|del gene))\s+$/i;
/** A fusion word before its gene ("Rearrangement of ALK", "Reordenamiento de ALK", "Riarrangiamento di ALK"). */
const FUSION_BEFORE = /(?:^|[,;:(]\s*|\s(?:a|an|the|una?|la|el|il|lo)\s+)(?:fusion|rearrangement|translocation|fusi[oó]n|fusione|reordenamiento|riarrangiamento|traslocaci[oó]n|traslocazione)(?:\s+(?:of|de|di|del|della|dello|del gen|del gene))?\s*:?\s*$/i;
/** "Amplifications: ERBB2, MYC" — a labelled list of copy-number changes (every gene after the colon). */
const CN_LABEL = /^\s*(amplifications?|amplificaciones|amplificazioni|gains|ganancias|guadagni|deletions|losses|deleciones|p[eé]rdidas|delezioni|perdite)\s*:/i;
/** Fusion kinases a report names second or first: the finding is about the kinase. */
const KINASE = /^(?:ALK|ROS1|RET|NTRK[123]|FGFR[1-4]|NRG1|MET|BRAF|RAF1|ABL1|JAK2|PDGFR[AB]|EGFR|ERBB2)$/;
/** Other genes a fusion is named for (the driver), when no kinase is in it: "KMT2A-MLLT3", "TMPRSS2-ERG", "IGH-BCL2". */
const FUSION_DRIVER = /^(?:KMT2A|ERG|ETV[1456]|BCL2|BCL6|MYC|EWSR1|FUS|NUTM1|RARA|CIC|TFE3|BCOR|NUP98|CBFB|RUNX1|PAX3|PAX8|NOTCH[12]|MAML2|YAP1|TAF15)$/;
const TMB = /\b(?:tumou?r mutation(?:al)? burden|TMB|carga mutacional(?: tumoral)?|carico mutazionale(?: tumorale)?)\b((?:(?![.;]\s)[^0-9\n]){0,40}?)(\d+(?:[.,]\d+)?)/i;
const PER_MB = /mut(?:ation)?s?\s*\/\s*mb|\/\s*mega\s?base|\/\s*mb\b|per\s+mega\s?base|per\s+mb\b|mutations?\s+per\s+mb|mutaciones?\s*(?:\/|por)\s*(?:mb|megabase)|mutazioni\s*(?:\/|per)\s*(?:mb|megabase)|mutations-per-megabase/i;
const COUNT = /\b(?:count|absolute|total|mutations|variants|mutaciones|variantes|mutazioni|varianti|conteo|conteggio)\b/i;
const PANEL_SIZE = /\b(?:in|across|over|of|en|su|sobre|size|covering)\s*:?\s+(?:an?\s+|the\s+)?(?:\w+\s+)?(\d+(?:[.,]\d+)?)\s*(?:Mb|megabases?)\b/i;
const NOT_A_VALUE = /reference|threshold|cut-?off|range|[<>≥≤]|umbral|soglia|riferimento|referencia/i;
/** A microsatellite status in words: the level written with its keyword, or alone as a code. */
const MSI_CODES: Array<[RegExp, string]> = [
  [/\bMSI[- ]?H(?:igh)?\b|\bmicrosatellite[- ]instability[- ]high\b|\bhigh[- ]microsatellite instability\b/gi, 'MSI-High'],
  [/\bMSI[- ]?L(?:ow)?\b|\bmicrosatellite[- ]instability[- ]low\b/gi, 'MSI-Low'],
  [/\bMSS\b|\bMSI?[- ]?Stable\b|\bmicrosatellite[- ]stable\b|\bmicrosat[eé]lites? estables?\b|\bmicrosatelliti stabil[ei]\b/gi, 'MS-Stable'],
];
const MSI_WORDED = /(?:\bmicrosatellite(?:\s+(?:instability|status))?|\bMSI(?:\s+status)?|inestabilidad de microsat[eé]lites|instabilit[aà] (?:dei )?microsatellit(?:i|are))\s*(?:\([^)]*\))?(?:\s+[A-Za-z]+){0,3}?\s*[:=-]?\s*(high|low|stable|alta|alto|baja|bajo|estable|bassa|basso|stabile|elevata)\b/gi;
const MSI_LEVEL: Record<string, string> = { high: 'MSI-High', alta: 'MSI-High', alto: 'MSI-High', elevata: 'MSI-High', low: 'MSI-Low', baja: 'MSI-Low', bajo: 'MSI-Low', bassa: 'MSI-Low', basso: 'MSI-Low', stable: 'MS-Stable', estable: 'MS-Stable', stabile: 'MS-Stable' };
const PDL1 = /\bPD-?L1\b/i;
/** Antibody clones named beside PD-L1 ("22C3", "SP263"): their digits are not the score. */
const PDL1_CLONE = /\b(?:22C3|28-8|SP263|SP142|73-10|E1L3N|QR1)\b/gi;
const PDL1_TYPE = /\b(?:(CPS|combined positive score)|(TPS|TC|tumou?r proportion score|tumou?r cells?))\b/i;

/** PD-L1: the score's type (TPS or CPS, stated) and its value, written in either order ("TPS: 60%", "80% (TPS)"). */
function pdl1Of(row: string): Candidate | undefined {
  const m = PDL1.exec(row);
  if (!m) return undefined;
  const window = row.slice(m.index, m.index + 70).replace(PDL1_CLONE, (c) => ' '.repeat(c.length));
  const type = PDL1_TYPE.exec(window);
  if (!type) return undefined;
  // the value after the score's name ("TPS 30 %"), else before it ("80% (TPS)"); a report number ("B26-018842") is neither
  const NUMBER = /(?<![\w-])([<>≥≤]?)\s*(\d+(?:[.,]\d+)?)\s*%?(?![\w-])/;
  const value = NUMBER.exec(window.slice(type.index + type[0].length)) ?? NUMBER.exec(window.slice(m[0].length, type.index));
  if (!value) return undefined;
  const cps = !!type[1];
  const n = Number(value[2].replace(',', '.'));
  // "<1%" is read as 0 (a negative score); "<5%" states no value, so it is not read
  const below = value[1] === '<' || value[1] === '≤';
  if (below && n > 1) return undefined;
  const v = below ? 0 : n;
  return { draft: { kind: 'pdl1', name: cps ? 'PD-L1 CPS' : 'PD-L1 TPS', value: v, ...(cps ? {} : { unit: '%' }) }, start: m.index, end: m.index + m[0].length };
}
/** A line naming this many genes with at most one change among them is a list of genes tested, not findings. */
const GENE_LIST_MIN = 4;

/**
 * Loci vendors report that the protein-coding gene vocabulary lacks: FoundationOne panels report the
 * copy number of TERC (the telomerase RNA component).
 */
const REPORTED_NONCODING = new Set(['TERC']);
/** A gene's symbol as findings name it: the vocabulary's, or a reported non-coding locus as written. */
export function geneSymbol(name: string): string | undefined {
  const up = name.trim().toUpperCase();
  return REPORTED_NONCODING.has(up) ? up : normalizeGene(up);
}
/** Assay names that are also gene symbols (CISH the gene; CISH the chromogenic in situ hybridisation in a method column). */
const ASSAY_WORDS = new Set(['CISH', 'SISH', 'DISH', 'FISH', 'IHC']);

/** Gene symbols a token names ("CDKN2A/B" names CDKN2A and CDKN2B; "HER2" names ERBB2). */
function genesOf(token: string): string[] {
  // a gene ending its sentence ("… nel gene KRAS.") is the gene
  const t = token.replace(/[,:;()]/g, '').replace(/\.$/, '');
  if (ASSAY_WORDS.has(t)) return [];
  if (REPORTED_NONCODING.has(t)) return [t];
  const slash = /^([A-Z0-9]+?)([A-Z0-9])\/([A-Z0-9])$/.exec(t);
  if (slash) return [`${slash[1]}${slash[2]}`, `${slash[1]}${slash[3]}`].map((g) => normalizeGene(g)).filter((g): g is string => !!g);
  if (!/^[A-Z][A-Za-z0-9-]{1,12}$/.test(t)) return [];
  // a clinical alias oncologists write (HER2, c-KIT); PD-L1 is a biomarker read as such
  if (CLINICAL_GENE_ALIASES[t.toUpperCase()] && !/^PD/.test(t.toUpperCase())) return [CLINICAL_GENE_ALIASES[t.toUpperCase()]];
  if (!/^[A-Z][A-Z0-9-]{1,12}$/.test(t)) return [];
  const g = normalizeGene(t);
  return g && (g === t || g === t.replace(/-/g, '')) ? [g] : [];
}

/**
 * OCR's usual slips inside a protein change: "l" or "I" for 1 and "O" for 0 in the position
 * ("p.Glul978Lys"). Only a run that already holds a digit is repaired, so no word turns into a variant.
 */
function repairOcr(token: string): string {
  // two real digits at least: "PI3K" (a kinase's name) stays a word, not a "P13K" change
  return token.replace(/^((?:p\.)?\(?(?:[A-Z][a-z]{2}|[A-Z]))([0-9lIO]{2,4})(?=[A-Z*(]|fs|del|dup|ins|_)/, (all, head: string, pos: string) => ((pos.match(/\d/g)?.length ?? 0) >= 2 ? head + pos.replace(/[lI]/g, '1').replace(/O/g, '0') : all));
}

/** A token's protein change in one-letter form ("p.(Leu858Arg)" → "L858R", "ENSP…:p.Gln736Ter" → "Q736*"). */
export function proteinOf(token: string): string | undefined {
  const pc = proteinWritten(token);
  // a frameshift in its short form, as reports and trials name it: "G659Vfs*41", "D336fs*17" → "G659fs", "D336fs"
  return pc?.replace(new RegExp(String.raw`^([A-Z*]\d+)[A-Z*]?${FRAMESHIFT}$`), '$1fs');
}

/** A token's protein change as written, in one-letter form. */
function proteinWritten(token: string): string | undefined {
  let t = token.trim().replace(/[,;.]+$/, '');
  if (t.includes(':') && /p\./.test(t)) t = t.slice(t.lastIndexOf(':') + 1);
  t = t.replace(/^\((?=p\.)/, '').replace(/\)$/, t.includes('(') && !t.startsWith('(') ? ')' : '');
  const m = PROTEIN.exec(repairOcr(t));
  if (!m) return undefined;
  return m[1].replace(/([A-Z][a-z]{2})/g, (three) => THREE[three] ?? three);
}

/** A cDNA change of a text ("c.2573T>G", "ENST…:c.706-6C>T", "splice site 559+1G>A" → "c.559+1G>A"). */
function cdnaOf(text: string): string | undefined {
  const c = CDNA.exec(text);
  if (c) return c[0].replace(/^C\./, 'c.');
  const s = SPLICE_BARE.exec(text);
  return s ? `c.${s[1]}` : undefined;
}

/** An exon-level event, either word order, en/es/it ("exon 19 deletion", "ex19del", "deleción del exón 19", "delezione dell'esone 19") → "exon19del". */
function exonEvent(text: string): string | undefined {
  const word = String.raw`deletion|deleci[oó]n|delecci[oó]n|delezione|insertion|inserci[oó]n|inserzione|skipping|salto|duplication`;
  // "del"/"ins" only after the exon ("exon 19 del"): before it, Spanish "del" is "of the"
  const kind = String.raw`(${word}|del|ins|dup)`;
  const kindBefore = String.raw`(${word})`;
  const exon = String.raw`(?:ex(?:on|[oó]n|one)?|esone)\s*(\d{1,2})`;
  const after = new RegExp(String.raw`\b${exon}\s*${kind}\b`, 'i').exec(text);
  const before = after ? null : new RegExp(String.raw`\b${kindBefore}\s+(?:of\s+|in\s+|del\s+|dell'|dello\s+|de\s+|en\s+el\s+)?${exon}\b`, 'i').exec(text);
  const [n, k] = after ? [after[1], after[2]] : before ? [before[2], before[1]] : [];
  if (!n || !k) return undefined;
  const en = /^del/i.test(k) ? 'deletion' : /^ins/i.test(k) ? 'insertion' : /^(?:skip|salto)/i.test(k) ? 'skipping' : 'duplication';
  return en === 'duplication' ? undefined : canonicalProteinChange(`exon ${n} ${en}`);
}

/** "E126E": the same amino acid before and after — a synonymous change. */
const isSynonymous = (pc: string) => /^([A-Z])\d+\1$/.test(pc) || pc === '=';

interface Token {
  text: string;
  start: number;
  end: number;
  genes: string[];
}

/** A candidate before its assertion: what it is and where it sits in the row. */
interface Candidate {
  draft: Omit<Draft, 'line' | 'extra'>;
  start: number;
  end: number;
}

/** The assertion a section gives its lines' findings (a VUS list's variants are VUS). */
function sectionAssertion(section: SectionKind): FindingAssertion | undefined {
  return section === 'vus' ? 'vus' : section === 'synonymous' ? 'synonymous' : section === 'germline' ? 'germline' : undefined;
}

/** Biomarkers a row states: TMB (per Mb, or a count with its panel size), MSI levels, PD-L1. */
function biomarkers(row: string): Candidate[] {
  const out: Candidate[] = [];
  const tmb = TMB.exec(row);
  if (tmb && !NOT_A_VALUE.test(tmb[1])) {
    const start = tmb.index;
    const end = tmb.index + tmb[0].length;
    const around = row.slice(start, Math.min(row.length, end + 40));
    let value = Number(tmb[2].replace(',', '.'));
    let unit: string | undefined;
    if (PER_MB.test(around)) unit = 'mut/Mb';
    else if (COUNT.test(around)) {
      // a count is per Mb only with the panel size it was counted on
      const size = PANEL_SIZE.exec(row.slice(start));
      if (size) {
        // one decimal, as laboratories report TMB
        value = Math.round((10 * value) / Number(size[1].replace(',', '.'))) / 10;
        unit = 'mut/Mb';
      } else unit = 'mutations';
    }
    out.push({ draft: { kind: 'tmb', name: 'TMB', value, ...(unit ? { unit } : {}) }, start, end });
  }
  const seen = new Set<string>();
  const msi = (at: number, len: number, level: string) => {
    if (seen.has(level)) return;
    seen.add(level);
    out.push({ draft: { kind: 'msi', name: 'MSI', interpretation: level }, start: at, end: at + len });
  };
  for (const m of row.matchAll(MSI_WORDED)) msi(m.index!, m[0].length, MSI_LEVEL[m[1].toLowerCase()]);
  for (const [re, level] of MSI_CODES) for (const m of row.matchAll(re)) msi(m.index!, m[0].length, level);
  const pdl1 = pdl1Of(row);
  if (pdl1) out.push(pdl1);
  return out;
}

/** Gene-anchored candidates of a row: fusions, variants (protein, exon or cDNA change), copy-number changes. */
function alterations(row: string, tokens: Token[]): Candidate[] {
  const out: Candidate[] = [];
  const used = new Set<number>();
  for (const f of row.matchAll(FUSION)) {
    if (f[1] && !FUSION_ROW.test(row)) continue;
    const [rawA, rawB] = [f[1] ?? f[3], f[2] ?? f[4]];
    const a = normalizeGene(rawA);
    const b = normalizeGene(rawB);
    if ((!a && !b) || a === b) continue;
    // "IGH-BCL2": a partner outside the gene vocabulary (an immunoglobulin locus) is kept as written; the finding
    // is the kinase's, else the known driver's, else the second gene's (3' partners carry the kinase domain)
    const rank = (x: string | undefined) => (!x ? -1 : KINASE.test(x) ? 2 : FUSION_DRIVER.test(x) ? 1 : 0);
    const kinaseSecond = rank(b) >= rank(a) || !a;
    out.push({ draft: { kind: 'fusion', gene: kinaseSecond ? b! : a!, partner: kinaseSecond ? (a ?? rawA) : (b ?? rawB) }, start: f.index!, end: f.index! + f[0].length });
    tokens.forEach((t, i) => t.start >= f.index! && t.end <= f.index! + f[0].length + 1 && used.add(i));
  }
  const genes = tokens.map((t, i) => ({ ...t, i })).filter((t) => t.genes.length && !used.has(t.i));
  for (const [k, g] of genes.entries()) {
    const next = genes[k + 1];
    const own = tokens.slice(g.i + 1, next ? next.i : tokens.length);
    const ownText = row.slice(g.end, next ? next.start : row.length);
    const endOf = (n: number) => (own[n] ? own[n].end : g.end);
    const pcAt = own.findIndex((t) => proteinOf(t.text));
    const exon = exonEvent(ownText);
    const cdna = cdnaOf(ownText);
    // a gene with several changes on its row ("PTEN  R130*, K267fs*9"): each is a finding
    const more = pcAt >= 0 ? own.slice(pcAt + 1).filter((t) => proteinOf(t.text)) : [];
    if (pcAt >= 0 || exon || cdna) {
      const pc = pcAt >= 0 ? proteinOf(own[pcAt].text)! : exon;
      const percents = [...ownText.matchAll(PERCENT)].map((m) => Number(m[1].replace(',', '.')));
      const vaf = percents.length ? percents[percents.length - 1] / 100 : undefined;
      const depth = /\bof\s+(\d{2,6})\s+reads\b|\bdepth[:\s]+(\d{2,6})\b|\b(\d{2,6})x\s+coverage\b/i.exec(ownText);
      for (const gene of g.genes)
        out.push({
          draft: {
            kind: 'variant',
            gene,
            ...(pc ? { proteinChange: canonicalProteinChange(pc) } : {}),
            cdna,
            transcript: TRANSCRIPT.exec(ownText)?.[1],
            ...(vaf !== undefined && vaf <= 1 ? { vaf } : {}),
            ...(depth ? { depth: Number(depth[1] ?? depth[2] ?? depth[3]) } : {}),
            ...(pc && isSynonymous(pc) ? { assertion: 'synonymous' as const } : /\(?p\.\(?=\)?/.test(ownText) ? { assertion: 'synonymous' as const } : {}),
          },
          start: g.start,
          end: endOf(Math.max(pcAt, 0)),
        });
      for (const t of more)
        for (const gene of g.genes) {
          const pc2 = proteinOf(t.text)!;
          // read from the gene on: "ESR1 (Y537S, D538G) non rilevate", "EGFR  No pathogenic variant detected (… L858R, T790M)"
          out.push({ draft: { kind: 'variant', gene, proteinChange: canonicalProteinChange(pc2), ...(isSynonymous(pc2) ? { assertion: 'synonymous' as const } : {}) }, start: g.start, end: t.end });
        }
      continue;
    }
    // the change written before the gene: "a p.G12D mutation in KRAS", "la mutación p.G12C en el gen KRAS", "la mutazione p.V600E a carico di BRAF"
    const lead = CHANGE_BEFORE.exec(row.slice(k > 0 ? genes[k - 1].end : 0, g.start));
    const leadPc = lead ? proteinOf(lead[1]) : undefined;
    if (leadPc) {
      for (const gene of g.genes) out.push({ draft: { kind: 'variant', gene, proteinChange: canonicalProteinChange(leadPc), ...(isSynonymous(leadPc) ? { assertion: 'synonymous' as const } : {}) }, start: g.start - lead![0].length, end: g.end });
      continue;
    }
    const fusionBefore = FUSION_BEFORE.exec(row.slice(Math.max(0, g.start - 40), g.start));
    // a gene already named in the row's "A-B fusion" is that fusion ("EML4-ALK fusion (EML4 exon 13 :: ALK exon 20)")
    const fused = g.genes.some((x) => out.some((c) => c.draft.kind === 'fusion' && (c.draft.gene === x || c.draft.partner === x)));
    if (fused) continue;
    if (own.some((t) => FUSION_WORD.test(t.text.replace(/[,;:.()]/g, ''))) || fusionBefore) {
      for (const gene of g.genes) out.push({ draft: { kind: 'fusion', gene }, start: g.start, end: g.end });
      continue;
    }
    const label = CN_LABEL.exec(row);
    if (label && g.start > label.index + label[0].length) {
      const change = /amplif|gain|ganancia|guadagn/i.test(label[1]) ? 'amplification' : 'deletion';
      for (const gene of g.genes) out.push({ draft: { kind: 'copy_number', gene, change }, start: g.start, end: g.end });
      continue;
    }
    // copy number: the word after the gene (up to the next gene; the last gene takes the rest of the row), or just before it
    const after = next ? ownText : row.slice(g.end);
    const cnAfter = NOT_CN.test(after) ? null : CN_WORDS.exec(after);
    // a region's gain or loss naming several genes ("2q35 Gain BARD1, XRCC5, …") is a segment, not a gene's copy number
    const cnBefore = NOT_CN.test(row) || genes.length >= 3 ? null : CN_BEFORE.exec(row.slice(Math.max(0, g.start - 40), g.start));
    const cn = cnAfter?.[0] ?? cnBefore?.[1];
    if (cn) {
      const copies = /\b(?:CN|copy number|copies|copie|copias)\s*[=:]?\s*(\d+(?:\.\d+)?)|\b(\d+(?:\.\d+)?)\s*(?:copies|copie|copias)\b/i.exec(ownText || after);
      const change = /amplif|gain|ganancia|guadagno|\+/i.test(cn) ? 'amplification' : 'deletion';
      for (const gene of g.genes)
        out.push({
          draft: { kind: 'copy_number', gene, change, ...(copies ? { copyNumber: Number(copies[1] ?? copies[2]) } : {}) },
          // the candidate is the gene: "ERBB2 Not Amplified" and "RET amplification not detected" keep their denial after it
          start: cnBefore && !cnAfter ? g.start - cnBefore[0].length : g.start,
          end: g.end,
        });
    }
  }
  return out;
}

/**
 * A line of gene symbols over a line of changes in the same columns ("ARID1A  EPHA3" / "G1847S  T393I"), read
 * as the pairs it means ("ARID1A G1847S, EPHA3 T393I"); undefined when the two lines are not such a pair.
 */
function columnPairs(genesLine: Line, below: Line | undefined): string | undefined {
  if (!below || below.page !== genesLine.page) return undefined;
  const top = genesLine.items.filter((it) => it.str.trim());
  const bottom = below.items.filter((it) => it.str.trim());
  if (top.length < 2 || top.length !== bottom.length || below.box.y - (genesLine.box.y + genesLine.box.height) > genesLine.box.height * 1.5) return undefined;
  const aligned = top.every((t, k) => Math.abs(t.x - bottom[k].x) <= Math.max(12, t.height * 1.5));
  if (!aligned || !top.every((t) => genesOf(t.str.trim()).length) || !bottom.every((b) => proteinOf(b.str.trim()) || cdnaOf(b.str.trim()))) return undefined;
  return top.map((t, k) => `${t.str.trim()} ${bottom[k].str.trim()}`).join(', ');
}

/** Reads the findings of an NGS report's lines (all pages, in order). */
export function ngsFindings(lines: Line[]): Draft[] {
  const out: Draft[] = [];
  const sectioned = sectionLines(lines);
  for (let i = 0; i < sectioned.length; i++) {
    const { line, section, heading } = sectioned[i];
    if (!RESULT_SECTIONS.has(section) || (heading && !heading.rest)) continue;
    // continuation lines of a table row (a wrapped cell such as "(CN=14)"): below, indented, no gene of their own
    const extra: Line[] = [];
    // (a row wraps onto a few lines at most: the bound keeps a long unpunctuated text linear)
    for (let j = i + 1; j < Math.min(sectioned.length, i + 8) && sectioned[j].line.page === line.page && !sectioned[j].heading; j++) {
      const l = sectioned[j].line;
      const prev = j === i + 1 ? line : sectioned[j - 1].line;
      // a sentence wrapped onto the next line ("…NTRK and ALK fusions, which" / "are enriched …, were not identified.")
      const wrapped = j <= i + 2 && !/[.;:]\s*$/.test(prev.text) && /^[a-zà-ü(]/.test(l.text.trim());
      if (l.box.y - (prev.box.y + prev.box.height) >= line.box.height * 1.2 || (l.items[0].x <= line.items[0].x + 1 && !wrapped)) break;
      if (!wrapped && l.items.some((it) => it.str.split(/\s+/).some((w) => genesOf(w).length))) break;
      extra.push(l);
    }
    // genes on one line and their changes on the next, column under column (a FoundationOne VUS list)
    const pairs = columnPairs(line, sectioned[i + 1]?.line);
    if (pairs) {
      extra.splice(0, extra.length, sectioned[i + 1].line);
      i++;
    }
    const row = pairs ?? [line.text, ...extra.map((l) => l.text)].join(' ');
    // a heading's own words are not read: only what follows its colon
    const from = heading?.rest ? row.indexOf(heading.rest) : 0;
    const tokens: Token[] = [...row.matchAll(/\S+/g)].filter((m) => m.index! >= from).map((m) => ({ text: m[0], start: m.index!, end: m.index! + m[0].length, genes: genesOf(m[0]) }));
    // another test's results, quoted for comparison, are not this report's findings
    if (OTHER_TEST_LINE.test(row)) continue;
    const candidates = biomarkers(row.slice(from)).map((c) => ({ ...c, start: c.start + from, end: c.end + from }));
    const biomarkerOnly = candidates.length > 0 && !/\b[A-Z][A-Z0-9]{1,9}\s+(?:p\.)?[A-Z]\d/.test(row);
    if (!biomarkerOnly) {
      const found = alterations(row, tokens);
      // "EGFR (T790M and others) ALK ROS1 BRAF MET ERBB2 RET NTRK": a list of genes tested, not findings
      const named = new Set(tokens.flatMap((t) => t.genes));
      const changed = new Set(found.filter((c) => c.draft.kind === 'variant' || c.draft.kind === 'fusion' || CN_LABEL.test(row)).map((c) => c.draft.gene));
      if (!(named.size >= GENE_LIST_MIN && changed.size <= 1)) candidates.push(...found);
    }
    candidates.sort((a, b) => a.start - b.start);
    for (const [k, c] of candidates.entries()) {
      const stop = candidates.slice(k + 1).find((n) => n.start >= c.end)?.start ?? row.length;
      const read = assertionAt(row, c.start, c.end, stop);
      if (read === 'hypothetical') continue;
      // the row's denial first; then what the change itself says (E126E), then the section (a VUS list)
      // a VUS or synonymous list names variants; a biomarker below it (TMB, MSI) is not one of them
      const listed = c.draft.kind === 'variant' || c.draft.kind === 'copy_number' || c.draft.kind === 'fusion' ? sectionAssertion(section) : undefined;
      // a VUS or synonymous list outranks what its row adds ("possibly germline"); a germline list yields to the row's own label
      const assertion = read === 'not_detected' ? read : (c.draft.assertion ?? (listed === 'vus' || listed === 'synonymous' ? listed : read !== 'detected' ? read : (listed ?? 'detected')));
      out.push({ ...c.draft, assertion, line, extra });
    }
  }
  return merged(out);
}

const CAUTION: Assertion[] = ['synonymous', 'vus', 'equivocal', 'resistance', 'germline', 'subclonal', 'detected'];

/**
 * One finding per thing: a change read twice (a summary table and a tumour-response map) keeps its first
 * place, with the more cautious label of the two (a VUS listed again without its label stays a VUS). A
 * denial elsewhere does not undo a finding stated in the results: it is another test's ("Test 2: NOT
 * DETECTED"); a finding first read as denied stays denied. A cDNA change read again
 * without its protein change ("The BRCA2 c.5946delT variant …") is the same finding.
 */
function merged(drafts: Draft[]): Draft[] {
  const out: Draft[] = [];
  // two PD-L1 scores (two antibody clones) or two TMB values are two findings
  const key = (d: Draft) => `${d.kind}|${d.gene ?? d.name}|${d.proteinChange ?? d.cdna ?? d.change ?? d.partner ?? d.interpretation ?? ''}|${d.kind === 'pdl1' || d.kind === 'tmb' ? d.value : ''}`;
  const byKey = new Map<string, Draft[]>();
  const byCdna = new Map<string, Draft>();
  for (const d of drafts) {
    // the same protein change from two cDNA changes (two rows of a tiered list) is two findings
    const first = byKey.get(key(d))?.find((o) => !(o.cdna && d.cdna && o.cdna !== d.cdna)) ?? (d.kind === 'variant' && !d.proteinChange && d.cdna ? byCdna.get(`${d.gene}|${d.cdna}`) : undefined);
    if (!first) {
      out.push(d);
      byKey.set(key(d), [...(byKey.get(key(d)) ?? []), d]);
      if (d.kind === 'variant' && d.cdna) byCdna.set(`${d.gene}|${d.cdna}`, d);
    }
    else if (d.assertion !== 'not_detected' && first.assertion !== 'not_detected' && CAUTION.indexOf(d.assertion as Assertion) < CAUTION.indexOf(first.assertion as Assertion)) first.assertion = d.assertion;
  }
  return out;
}

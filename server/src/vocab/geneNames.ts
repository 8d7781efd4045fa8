import { GENES } from './genes';
import { referenceVocabularies, vocabularyGeneration } from './reference/active';

/**
 * Genes: every protein-coding gene the server imported from NCBI (src/vocab/reference) or, without the
 * shared data, the cancer-relevant genes of the project-owned list (src/vocab/genes.ts), plus the
 * project's own list of the clinical names oncologists use (HER2, PD-L1, c-KIT...). Built lazily once
 * per installed vocabulary.
 */
export const CLINICAL_GENE_ALIASES: Record<string, string> = {
  HER2: 'ERBB2',
  'HER-2': 'ERBB2',
  'HER2/NEU': 'ERBB2',
  NEU: 'ERBB2',
  HER3: 'ERBB3',
  HER1: 'EGFR',
  'C-KIT': 'KIT',
  CKIT: 'KIT',
  'C-MET': 'MET',
  'PD-L1': 'CD274',
  PDL1: 'CD274',
  'PD-1': 'PDCD1',
  P53: 'TP53',
  P16: 'CDKN2A',
  P16INK4A: 'CDKN2A',
  TRKA: 'NTRK1',
  TRKB: 'NTRK2',
  TRKC: 'NTRK3',
  'BCR-ABL': 'ABL1',
  'K-RAS': 'KRAS',
  'N-RAS': 'NRAS',
  'B-RAF': 'BRAF',
  MLL: 'KMT2A',
  ALK1: 'ALK',
};

/** Gene-like tokens that are ordinary abbreviations in trial text, never read as genes. */
const NOT_GENES = new Set(
  'II III IV VI CT MRI PET ECOG FDA HIV AIDS ALT AST ULN ANC PD CR PR SD PS ER CNS WHO NCI DNA RNA UV ALL AML CML GIST TNM NOS BMI QT QTC LVEF ECG EKG IRB OR AND NOT NO MS IN ON AT TO OF BY AS IS IT BE DO GO US UK EU CEA AFP PSA LDH INR PT PTT APTT HBV HCV HBSAG IV IM SC PO BID TID QD GFR CRCL NYHA CHF MI COPD RT SRS WBRT TKI TKIS EGFRI MAB ADC CAR NK IL TNF IG IGG IGM HLA GVHD SCT HSCT BMT AUC CI HR OS PFS DFS ORR DCR DLT MTD RP2D PK CTCAE RECIST IRECIST MDS NSCLC SCLC CRC HCC RCC HNSCC TNBC MBC GBM MM NHL HL CLL DLBCL MCL FL UC BCC SCC MEL PDAC PCA ATC MTC PTC NET SCC1 ICU SAE AE TIL TILS TMB MSI MMR MSS DMMR PMMR IHC FISH NGS PCR CTDNA CFDNA SNV CNV INDEL WT MUT AMP DEL FUS VUS TPS CPS FFPE H&E CAP PI CTC CTCS EBV HPV HTLV CMV TB TBC GI GU GYN ENT RBC WBC HGB HB PLT INR MUGA ECHO CAT SET REST CAN MAX MIN TOP GAP PIGS ANGPTL CDS ATP MET2'.split(
    ' ',
  ),
);

export interface GeneVocab {
  /** Every official symbol (normalizeGene accepts them all). */
  symbols: Set<string>;
  /** Symbols read as a gene in free text (see textSymbol). */
  textSymbols: Set<string>;
  /** Unambiguous aliases (normalizeGene). */
  aliasToSymbol: Map<string, string>;
  /** Aliases read as a gene in free text (see textAlias). */
  textAliases: Map<string, string>;
}

/**
 * Symbols of the full NCBI list (outside the owned cancer genes) that are English words or clinical
 * abbreviations in upper case: the words are the symbols of four letters or more that occur as ordinary
 * lower-case words in the shared trials' text, the abbreviations were found comparing the compiled shared
 * trials with and without the full list (CISH: chromogenic in situ hybridisation; CAPS: a PTSD scale).
 */
const WORD_SYMBOLS = new Set('CAPS CAST CLOCK COIL IMPACT NODAL PALM PIGS REST SACS SELL STAR TRAP TANK HELLS CAMP CHAT COPE TIMELESS PERP CISH'.split(' '));

/**
 * NCBI's full symbol list holds ordinary words and clinical abbreviations (CAT, SET, MAX, BAD, DBP,
 * CAD, ACE, CRP, TG, HR, PC, C7, CR1...). In free text a symbol of the owned cancer-gene list reads as a
 * gene as it always has; any other symbol only when it cannot be a short abbreviation or a word: four
 * characters or more, not in NOT_GENES or WORD_SYMBOLS. Aliases need more: given by NCBI to one gene
 * only, not any gene's symbol, with a digit, and (outside the owned list, whose aliases were chosen by
 * hand) five characters or more and not a CD marker ("CNS2" is a CNS status, "CD23" an immunophenotype).
 */
function textSymbol(symbol: string, owned: boolean): boolean {
  if (NOT_GENES.has(symbol) || symbol.length < 2) return false;
  return owned || (symbol.length >= 4 && !WORD_SYMBOLS.has(symbol));
}
function textAlias(alias: string, owned: boolean): boolean {
  if (!/\d/.test(alias) || NOT_GENES.has(alias)) return false;
  return owned ? alias.length >= 4 : alias.length >= 5 && !/^CD\d/.test(alias);
}

let cache: { vocab: GeneVocab; generation: number } | null = null;

export function geneVocab(): GeneVocab {
  if (cache && cache.generation === vocabularyGeneration()) return cache.vocab;
  const owned = new Set(GENES.map(([symbol]) => symbol.toUpperCase()));
  const rows: ReadonlyArray<readonly [string, readonly string[]]> =
    referenceVocabularies().genes?.content ?? GENES.map(([symbol, , aliases]) => [symbol, aliases] as const);
  const symbols = new Set<string>();
  for (const [symbol] of rows) symbols.add(symbol.toUpperCase());
  const aliasCount = new Map<string, string | null>();
  for (const [symbol, aliases] of rows) {
    const sym = symbol.toUpperCase();
    for (const a of aliases) {
      const A = a.trim().toUpperCase();
      if (A.length < 3 || symbols.has(A)) continue;
      const seen = aliasCount.get(A);
      // null: NCBI gives it to more than one gene
      aliasCount.set(A, seen === undefined || seen === sym ? sym : null);
    }
  }
  const aliasToSymbol = new Map<string, string>();
  const textAliases = new Map<string, string>();
  for (const [a, sym] of aliasCount) {
    if (!sym) continue;
    aliasToSymbol.set(a, sym);
    if (textAlias(a, owned.has(sym))) textAliases.set(a, sym);
  }
  for (const [a, s] of Object.entries(CLINICAL_GENE_ALIASES)) aliasToSymbol.set(a.toUpperCase(), s);
  const textSymbols = new Set<string>();
  for (const s of symbols) if (textSymbol(s, owned.has(s))) textSymbols.add(s);
  const vocab = { symbols, textSymbols, aliasToSymbol, textAliases };
  cache = { vocab, generation: vocabularyGeneration() };
  return vocab;
}

/** Normalises a gene name or alias to its HGNC symbol; undefined when unknown. */
export function normalizeGene(name: string): string | undefined {
  const v = geneVocab();
  const up = name.trim().toUpperCase();
  if (CLINICAL_GENE_ALIASES[up]) return CLINICAL_GENE_ALIASES[up];
  if (v.symbols.has(up)) return up;
  return v.aliasToSymbol.get(up);
}

export interface GeneMention {
  gene: string;
  token: string;
  start: number;
  end: number;
}

/**
 * Finds gene mentions in free text. Only case-sensitive upper-case tokens (genes are written that way)
 * and the clinical aliases are considered; ordinary abbreviations are skipped.
 */
export function findGenes(text: string): GeneMention[] {
  const v = geneVocab();
  const out: GeneMention[] = [];
  const re = /(?<![A-Za-z0-9])(?:HER2\/neu|[A-Z][A-Za-z0-9]*(?:[-/][A-Z0-9]+(?![a-z]))?|c-[Kk][Ii][Tt]|c-MET|p53|p16)(?![A-Za-z0-9])/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    let tok = m[0];
    const up = tok.toUpperCase();
    let gene: string | undefined = CLINICAL_GENE_ALIASES[up];
    if (!gene) {
      // hyphenated fusion like EML4-ALK: report both halves
      if (/^[A-Z0-9]+-[A-Z0-9]+$/.test(tok) && !CLINICAL_GENE_ALIASES[up]) {
        const [a, b] = tok.split('-');
        const ga = v.textSymbols.has(a) ? a : undefined;
        const gb = v.textSymbols.has(b) ? b : undefined;
        if (ga) out.push({ gene: ga, token: a, start: m.index, end: m.index + a.length });
        if (gb) out.push({ gene: gb, token: b, start: m.index + a.length + 1, end: m.index + tok.length });
        continue;
      }
      if (tok !== up && !/^[A-Z0-9]+[a-z]?$/.test(tok)) continue; // mixed-case words are not genes
      if (tok.length < 2 || NOT_GENES.has(up)) continue;
      if (!/[A-Z]/.test(tok) || !/^[A-Z0-9-]+$/.test(tok)) continue;
      gene = v.textSymbols.has(up) ? up : v.textAliases.get(up);
    }
    if (gene) out.push({ gene, token: tok, start: m.index, end: m.index + tok.length });
    tok = '';
  }
  return out;
}

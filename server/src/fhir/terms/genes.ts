import { GENES } from '../../vocab/genes';

/**
 * Gene symbols from a genomic variant's gene-studied component. mCODE codes genes by HGNC id
 * ("HGNC:3236"); the display is sometimes the symbol, sometimes the full name. HGNC ids of the genes
 * cancer panels and trials name most, written for OncoDesk (the project's gene list keeps NCBI ids,
 * not HGNC ones); the gene names come from that list.
 */
const HGNC: Record<string, string> = {
  'HGNC:76': 'ABL1',
  'HGNC:391': 'AKT1',
  'HGNC:427': 'ALK',
  'HGNC:583': 'APC',
  'HGNC:644': 'AR',
  'HGNC:795': 'ATM',
  'HGNC:950': 'BAP1',
  'HGNC:1014': 'BCR',
  'HGNC:1097': 'BRAF',
  'HGNC:1100': 'BRCA1',
  'HGNC:1101': 'BRCA2',
  'HGNC:1582': 'CCND1',
  'HGNC:1787': 'CDKN2A',
  'HGNC:3236': 'EGFR',
  'HGNC:3430': 'ERBB2',
  'HGNC:3467': 'ESR1',
  'HGNC:3688': 'FGFR1',
  'HGNC:3689': 'FGFR2',
  'HGNC:3690': 'FGFR3',
  'HGNC:5382': 'IDH1',
  'HGNC:5383': 'IDH2',
  'HGNC:6342': 'KIT',
  'HGNC:6407': 'KRAS',
  'HGNC:6973': 'MDM2',
  'HGNC:7029': 'MET',
  'HGNC:7127': 'MLH1',
  'HGNC:7325': 'MSH2',
  'HGNC:7989': 'NRAS',
  'HGNC:8031': 'NTRK1',
  'HGNC:8032': 'NTRK2',
  'HGNC:8033': 'NTRK3',
  'HGNC:8975': 'PIK3CA',
  'HGNC:9588': 'PTEN',
  'HGNC:9967': 'RET',
  'HGNC:10261': 'ROS1',
  'HGNC:11389': 'STK11',
  'HGNC:11998': 'TP53',
  'HGNC:26144': 'PALB2',
};

let byName: Map<string, string> | null = null;
const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

let symbols: Set<string> | null = null;

/**
 * Candidate symbols for a gene coding, best first: the HGNC id, the display or text as a symbol or
 * alias (the caller resolves it with the survey's gene vocabulary), the full name. Null when the id
 * and a displayed symbol name two different genes (the IG's own pertinent-negative example gives
 * HGNC:6342, KIT, as "NRAS"): neither is guessed.
 */
export function geneCandidates(coding: { code?: string; display?: string }, text?: string): string[] | null {
  const out: string[] = [];
  const id = coding.code?.trim().toUpperCase().replace(/^HGNC:?/, 'HGNC:');
  symbols ??= new Set(GENES.map(([s]) => s.toUpperCase()));
  const shown = coding.display?.trim().toUpperCase();
  if (id && HGNC[id] && shown && symbols.has(shown) && shown !== HGNC[id]) return null;
  if (id && HGNC[id]) out.push(HGNC[id]);
  for (const s of [coding.display, text, coding.code]) if (s && /^[A-Za-z0-9-]{2,20}$/.test(s.trim())) out.push(s.trim());
  byName ??= new Map(GENES.map(([symbol, name]) => [norm(name), symbol]));
  for (const s of [coding.display, text]) {
    const symbol = s ? byName.get(norm(s)) : undefined;
    if (symbol) out.push(symbol);
  }
  return [...new Set(out)];
}

export const hgncTable = (): Readonly<Record<string, string>> => HGNC;

import { EXON_EVENT, exonEventKey } from '../../vocab/proteinChange';
import type { Detected, Detector } from './types';
import { findGenes } from '../../vocab/geneNames';

const PROTEIN = /\b(?:p\.)?([ACDEFGHIKLMNPQRSTVWY])(\d{1,4})([ACDEFGHIKLMNPQRSTVWY*]|fs\*?\d*|del|ins\w*|dup|_\w+)?(?![A-Za-z0-9])/;
const DRUG_CONTEXT = /^[\s-]*(?:tyrosine kinase inhibitors?|TKIs?|inhibitors?|inhibition|targeted|directed|antibod|monoclonal|antagonists?|blockers?|therapy|therapies|agents?|treatment|vaccine)/i;

/** Reads the category word near a gene mention. */
function category(win: string): 'mutation' | 'amplification' | 'fusion' | 'deletion' | 'expression' | 'any' | undefined {
  // "mutation or amplification": several categories accepted
  const kinds = [/amplif/i, /fusion|rearrang|translocat/i, /mutat|mutant/i].filter((r) => r.test(win)).length;
  if (kinds > 1) return 'any';
  if (/amplif|copy number gain|\bgain\b/i.test(win)) return 'amplification';
  if (/fusion|rearrang|translocat|\bALK\+|\bALK[- ]positive|\bROS1[- ]positive|\bRET[- ]positive|\bNTRK[- ]positive/i.test(win)) return 'fusion';
  if (/\bdeletion|\bdeleted|\bloss\b|\bnull\b|homozygous/i.test(win) && !/\bex(?:on)? ?19/i.test(win)) return 'deletion';
  if (/overexpress|expression|IHC|immunohisto/i.test(win)) return 'expression';
  if (/mutat|mutant|variant|\bSNV\b|substitution|insertion|exon|activating|inactivating|truncat|loss[- ]of[- ]function/i.test(win)) return 'mutation';
  if (/alteration|aberration|abnormalit|positive|\+/i.test(win)) return 'any';
  return undefined;
}

const TEST_ONLY = /\b(?:evaluation|assessment|testing|determination|analysis|screening)\s+(?:of|for)\b|\b(?:screened|tested|assessed|evaluated) for\b|\b(?:tissue|sample|specimen|material)s?\b[^.;]{0,30}\bto (?:determine|assess|evaluate|test|analy[sz]e)\b|\bto (?:determine|assess|evaluate) (?:the )?(?:\w+[\s-]+){0,3}status\b|\bavailable to (?:determine|assess|evaluate|test|analy[sz]e)\b|\bavailable for\b|\bstatus (?:must be |is |will be )?(?:known|available|determined|assessed)|\bwill be (?:tested|assessed|analy[sz]ed|determined)\b/i;
const REQUIRES = /\b(?:positive|harbou?r\w*|presence|documented|confirmed|carr(?:y|ying|ies)|must have (?:an? |either )?(?:\w+\s+){0,3}(?:mutation|amplification|fusion|alteration|rearrangement))\b/i;

/** Genomic alterations: gene, protein change, category, wild-type requirements. */
export const detectAlteration: Detector = (s, ctx) => {
  if (ctx.permissive) return [];
  // a sample must be available for testing: not a requirement on the result
  if (TEST_ONLY.test(s) && !REQUIRES.test(s)) return [];
  const out: Detected[] = [];
  const seen = new Set<string>();
  const genes = findGenes(s);
  for (let i = 0; i < genes.length; i++) {
    const g = genes[i];
    const after = s.slice(g.end, g.end + 60);
    const before = s.slice(Math.max(0, g.start - 40), g.start);
    if (DRUG_CONTEXT.test(after) || /anti-\s*$/i.test(before)) continue;
    // "a malignant disease other than an ALK-positive tumour": the trial's own disease, not a requirement
    if (/\bother than (?:an? |the |their |his |her )?(?:[\w-]+\s+){0,2}$/i.test(before)) continue;
    // "results of EGFR-activating mutation testing": the test, not its result
    if (/^[\s)\]-]*(?:[\w-]+\s+){0,3}(?:testing|tests?)\b/i.test(after)) continue;
    // "prior cytotoxic chemotherapy for ALK-positive NSCLC": the disease a therapy was given for
    if (/\b(?:therapy|therapies|treatment|chemotherapy|regimens?|agents?|inhibitors?|TKIs?)\s+for\s+(?:an?\s+|the\s+|their\s+)?(?:[\w-]+\s+){0,2}$/i.test(before)) continue;
    // HER2 / PD-L1 / ER / PR status is read by the receptor detector
    if ((g.gene === 'ERBB2' && /^[\s-]*(?:\/neu)?[\s-]*(?:positive|negative|\+|-(?!\w)|low|status|overexpress|IHC|expression|[0-3]\+)/i.test(after)) || g.gene === 'CD274' || g.gene === 'PDCD1') continue;
    // window up to the next gene mention
    const nextStart = genes[i + 1]?.start ?? s.length;
    const win = s.slice(g.end, Math.min(nextStart, g.end + 60));
    // the gene word itself is part of the context ("ALK-positive" is a rearrangement, also when shown by IHC)
    // (and what precedes it in the same clause: "either mutation or amplification of c-KIT")
    const fullWin = (before.split(/[;.]|,\s/).pop() ?? '') + ' ' + s.slice(g.start, g.end) + win;
    const wildType = /wild[- ]?type|\bWT\b|non-?mutated|unmutated|mutation[- ]negative|negative for (?:\w+ )?(?:mutation|alteration|rearrangement|fusion)|no (?:known )?(?:\w+ )?(?:mutation|alteration)/i.test(win) || /(?:wild[- ]?type|negative for|non-mutated)\s*(?:for\s*)?$/i.test(before);
    const variants: Array<{ proteinChange?: string; wildcard?: boolean }> = [];
    // protein change written before the gene ("a documented T790M EGFR mutation")
    const pre = /(?:^|[\s(,])(?:p\.)?([ACDEFGHIKLMNPQRSTVWY])(\d{2,4})([ACDEFGHIKLMNPQRSTVWY])\s*$/.exec(s.slice(Math.max(0, g.start - 15), g.start));
    if (pre) variants.push({ proteinChange: `${pre[1]}${pre[2]}${pre[3]}` });
    const pg = new RegExp(PROTEIN.source, 'g');
    const cleanedWin = win.replace(/\bex(?:on)?\s*\d+/gi, (x) => ' '.repeat(x.length));
    let pm: RegExpExecArray | null;
    while ((pm = pg.exec(cleanedWin))) {
      if (Number(pm[2]) <= 1 || /^(?:T[0-4]|N[0-3]|M[01])$/.test(pm[0])) continue;
      const pc = `${pm[1]}${pm[2]}${pm[3] ?? ''}`;
      variants.push({ proteinChange: pc, wildcard: !pm[3] ? true : undefined });
    }
    // "exon 19 deletion", and the short forms "ex19del" / "Ex20ins"
    const eg = new RegExp(EXON_EVENT.source, 'gi');
    let exon: RegExpExecArray | null;
    let hasExon = false;
    while ((exon = eg.exec(win))) {
      hasExon = true;
      variants.push({ proteinChange: exonEventKey(exon[1], exon[2]) });
    }
    let cat = category(fullWin);
    if (hasExon) cat = cat === 'deletion' || cat === undefined || cat === 'any' ? 'mutation' : cat;
    if (!cat && !variants.length && !wildType) {
      // bare gene mention: only in short genomic sentences ("BRAF V600", "EGFR-positive")
      if (!/\b(?:gene|genomic|molecular|test|NGS|sequencing|biomarker|positive|status)\b/i.test(s)) continue;
      cat = 'any';
    }
    if (!variants.length) variants.push({});
    // fusion partner: EML4-ALK
    let fusionPartner: string | undefined;
    const prev = genes[i - 1];
    if (prev && prev.end + 1 === g.start && s[prev.end] === '-') fusionPartner = prev.gene;
    for (const { proteinChange, wildcard } of variants) {
    const key = `${g.gene}|${proteinChange ?? ''}|${cat ?? ''}|${wildType}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      spec: {
        kind: 'alteration',
        gene: g.gene,
        proteinChange,
        wildcard,
        category: wildType ? 'any' : fusionPartner ? 'fusion' : cat ?? (proteinChange ? 'mutation' : 'any'),
        wildType: wildType || undefined,
        fusionPartner,
      },
      confidence: proteinChange || cat ? 0.8 : 0.6,
    });
    }
  }
  return out;
};

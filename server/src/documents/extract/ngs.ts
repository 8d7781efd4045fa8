import { normalizeGene } from '../../trials/vocab/genes';
import { canonicalProteinChange } from '../../vocab/proteinChange';
import type { Line } from '../layout';
import type { Draft } from './draft';

/**
 * Findings of a molecular (NGS) report, read from its lines without assuming one lab's layout: anchored on
 * gene symbols (the gene vocabulary), HGVS-like protein and cDNA changes, transcripts, percentages, copy-
 * number and fusion words, and the section a line sits in (a variant of unknown significance is marked so;
 * a therapy section restates findings and is not read again). Every finding keeps its line as provenance.
 */


const PROTEIN = /^(?:p\.)?\(?([ACDEFGHIKLMNPQRSTVWY](?:[a-z]{2})?\d{1,4}(?:[ACDEFGHIKLMNPQRSTVWY*](?:[a-z]{2})?|fs\*?\d*|del|dup|ins[A-Z]*|_[A-Z]\d{1,4}(?:del|dup|ins[A-Z]*|delins[A-Z]*)))\)?$/;
const THREE: Record<string, string> = { Ala: 'A', Arg: 'R', Asn: 'N', Asp: 'D', Cys: 'C', Gln: 'Q', Glu: 'E', Gly: 'G', His: 'H', Ile: 'I', Leu: 'L', Lys: 'K', Met: 'M', Phe: 'F', Pro: 'P', Ser: 'S', Thr: 'T', Trp: 'W', Tyr: 'Y', Val: 'V', Ter: '*' };
const CDNA = /\b[cC]\.[0-9_+\-*]+(?:[ACGT]>[ACGT]|del[ACGT]*|ins[ACGT]*|dup[ACGT]*)?/;
const TRANSCRIPT = /\b(N[MR]_\d+(?:\.\d+)?)\b/;
const PERCENT = /(\d{1,3}(?:\.\d+)?)\s*%/g;
const CN_WORDS = /\b(amplifi\w*|gain|loss|deletion|deleted|homozygous deletion)\b/i;
const FUSION = /\b([A-Z][A-Z0-9]{1,9})\s*(?:::|-|–|\/)\s*([A-Z][A-Z0-9]{1,9})\b(?=[^\n]*\b(?:fusion|rearrangement|translocation)\b)|\b([A-Z][A-Z0-9]{1,9})\s*::\s*([A-Z][A-Z0-9]{1,9})\b/;
const TMB = /\b(?:tumou?r mutational burden|TMB)\b[^0-9]{0,20}(\d+(?:\.\d+)?)\s*(mut(?:ation)?s?\s*\/\s*Mb|muts\/mb|mutations per megabase)?/i;
const MSI = /\bmicrosatellite(?:\s+(?:status|instability))?\b[:\s-]*(MSI[- ]?H(?:igh)?|MSI[- ]?L(?:ow)?|MS[- ]?S(?:table)?|MSS|stable|high|low)\b/i;
const PDL1 = /\bPD-?L1\b[^\n]{0,40}?\b(TPS|CPS|tumou?r proportion score|combined positive score)\b[():\s]*(?:TPS|CPS)?[():\s]*([<>≥≤]?\s*\d+(?:\.\d+)?)\s*%?/i;

/** Section headings that change how the lines below read. */
function sectionOf(text: string): 'vus' | 'therapy' | 'findings' | 'other' | null {
  // a heading opens with capitalised words and holds no numbers (a result row such as "EGFR L858R" has digits)
  if (/\d/.test(text) || !/^\W*[A-Z]{3,}(?:\s+(?:[A-Z]{2,}|&|\/))+/.test(text)) return null;
  if (genesOf(text.split(/\s+/)[0]).length && !/\s(?:OF|AND|WITH|FINDINGS|RESULTS)\b/.test(text)) return null;
  if (/UNKNOWN SIGNIFICANCE|\bVUS\b|UNCERTAIN SIGNIFICANCE/i.test(text)) return 'vus';
  if (/THERAP|TREATMENT|DRUG|CLINICAL TRIAL/i.test(text)) return 'therapy';
  if (/FINDINGS|ALTERATIONS|VARIANTS|RESULTS|BIOMARKER/i.test(text)) return 'findings';
  return 'other';
}

/** Gene symbols a token names ("CDKN2A/B" names CDKN2A and CDKN2B). */
function genesOf(token: string): string[] {
  const t = token.replace(/[,:;()]/g, '');
  const slash = /^([A-Z0-9]+?)([A-Z0-9])\/([A-Z0-9])$/.exec(t);
  if (slash) return [`${slash[1]}${slash[2]}`, `${slash[1]}${slash[3]}`].map((g) => normalizeGene(g)).filter((g): g is string => !!g);
  if (!/^[A-Z][A-Z0-9-]{1,12}$/.test(t)) return [];
  const g = normalizeGene(t);
  return g && g === t.replace(/-/g, '') ? [g] : g && g === t ? [g] : [];
}

/**
 * OCR's usual slips inside a protein change: "l" or "I" for 1 and "O" for 0 in the position
 * ("p.Glul978Lys"). Only a run that already holds a digit is repaired, so no word turns into a variant.
 */
function repairOcr(token: string): string {
  return token.replace(/^((?:p\.)?\(?(?:[A-Z][a-z]{2}|[A-Z]))([0-9lIO]{2,4})(?=[A-Z*(]|fs|del|dup|ins|_)/, (all, head: string, pos: string) => (/\d/.test(pos) ? head + pos.replace(/[lI]/g, '1').replace(/O/g, '0') : all));
}

function proteinOf(token: string): string | undefined {
  const m = PROTEIN.exec(repairOcr(token.trim().replace(/[,;.]$/, '')));
  if (!m) return undefined;
  return m[1].replace(/([A-Z][a-z]{2})/g, (three) => THREE[three] ?? three);
}

/** Reads the findings of an NGS report's lines (all pages, in order). */
export function ngsFindings(lines: Line[]): Draft[] {
  const out: Draft[] = [];
  let section: ReturnType<typeof sectionOf> = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const heading = sectionOf(line.text);
    if (heading) {
      section = heading;
      // a heading may carry a value on the same line ("TMB: 12 Muts/Mb" rarely does): fall through only for biomarkers
      if (!TMB.test(line.text) && !MSI.test(line.text)) continue;
    }
    // biomarkers: a line may state several ("TMB was 6 mut/Mb; the tumour is microsatellite stable")
    let biomarker = false;
    const tmb = TMB.exec(line.text);
    if (tmb && /\d/.test(tmb[1])) {
      out.push({ kind: 'tmb', name: 'TMB', value: Number(tmb[1]), unit: 'mut/Mb', line });
      biomarker = true;
    }
    const msi = MSI.exec(line.text);
    if (msi) {
      const v = msi[1].toUpperCase().replace(/[- ]/g, '');
      out.push({ kind: 'msi', name: 'MSI', interpretation: /^MSIH|^HIGH/.test(v) ? 'MSI-High' : /^MSIL|^LOW/.test(v) ? 'MSI-Low' : 'MS-Stable', line });
      biomarker = true;
    }
    const pdl1 = PDL1.exec(line.text);
    if (pdl1) {
      out.push({ kind: 'pdl1', name: /CPS|combined/i.test(pdl1[1]) ? 'PD-L1 CPS' : 'PD-L1 TPS', value: Number(pdl1[2].replace(/[<>≥≤\s]/g, '')), unit: /CPS|combined/i.test(pdl1[1]) ? undefined : '%', line });
      biomarker = true;
    }
    if (biomarker && !/\b[A-Z][A-Z0-9]{1,9}\s+(?:p\.)?[A-Z]\d/.test(line.text)) continue;
    if (section === 'therapy') continue;
    const fusion = FUSION.exec(line.text);
    if (fusion) {
      const a = normalizeGene(fusion[1] ?? fusion[3]);
      const b = normalizeGene(fusion[2] ?? fusion[4]);
      if (a && b && a !== b) {
        out.push({ kind: 'fusion', gene: b === 'ALK' || b === 'ROS1' || b === 'RET' || /^NTRK/.test(b) ? b : a, partner: b === 'ALK' || b === 'ROS1' || b === 'RET' || /^NTRK/.test(b) ? a : b, line, interpretation: section === 'vus' ? 'vus' : undefined });
        continue;
      }
    }
    // tokens of the line (a cell may hold several words: split on spaces too)
    const tokens = line.items.flatMap((it) => it.str.split(/\s+/)).filter(Boolean);
    const genes: Array<{ at: number; genes: string[] }> = [];
    tokens.forEach((t, at) => {
      const g = genesOf(t);
      if (g.length) genes.push({ at, genes: g });
    });
    if (!genes.length) continue;
    // continuation lines of a table row (a wrapped cell such as "(CN=14)"): below, no gene of their own
    const extra: Line[] = [];
    for (let j = i + 1; j < lines.length && lines[j].page === line.page && lines[j].box.y - (line.box.y + line.box.height) < line.box.height * 1.2; j++) {
      if (lines[j].items[0].x <= line.items[0].x + 1 || sectionOf(lines[j].text)) break;
      extra.push(lines[j]);
    }
    const text = [line.text, ...extra.map((l) => l.text)].join(' ');
    for (const [k, g] of genes.entries()) {
      // the part of the line that belongs to this gene: up to the next gene token
      const end = genes[k + 1]?.at ?? tokens.length;
      const own = tokens.slice(g.at + 1, end);
      // "No BRAF mutation was detected", "ERBB2 not amplified": this gene was tested and is normal
      const before = tokens.slice(Math.max(0, g.at - 2), g.at).join(' ');
      if (/\b(?:no|without|negative for)\s*$/i.test(before) || /^(?:(?:was|is|were)\s+)?(?:not|no)\b/i.test(own.join(' ')) || /^\S*\s*(?:mutation|alteration|variant)s?\s+(?:was|were)\s+not\b/i.test(own.join(' '))) continue;
      const pc = own.map(proteinOf).find((x): x is string => !!x);
      const exon = /\bex(?:on)?\s*\d{1,2}\s*(?:deletion|insertion|skipping|del|ins)\b/i.exec(own.join(' '));
      const interpretation = section === 'vus' ? 'vus' : undefined;
      if (pc || exon) {
        const percents = [...own.join(' ').matchAll(PERCENT)].map((m) => Number(m[1]));
        const vaf = percents.length ? percents[percents.length - 1] / 100 : undefined;
        for (const gene of g.genes)
          out.push({
            kind: 'variant',
            gene,
            proteinChange: canonicalProteinChange(pc ?? exon![0]),
            cdna: CDNA.exec(own.join(' '))?.[0].replace(/^C\./, 'c.'),
            transcript: TRANSCRIPT.exec(own.join(' '))?.[1],
            ...(vaf !== undefined && vaf <= 1 ? { vaf } : {}),
            interpretation,
            line,
            extra,
          });
        continue;
      }
      const cn = CN_WORDS.exec(k === genes.length - 1 ? text.slice(text.indexOf(tokens[g.at])) : own.join(' '));
      if (cn) {
        const copies = /\b(?:CN|copy number|copies)\s*[=:]?\s*(\d+(?:\.\d+)?)/i.exec(text);
        for (const gene of g.genes)
          out.push({ kind: 'copy_number', gene, change: /amplif|gain/i.test(cn[1]) ? 'amplification' : 'deletion', ...(copies ? { copyNumber: Number(copies[1]) } : {}), interpretation, line, extra });
      }
    }
  }
  // one finding per thing: a gene change read twice (a summary and a table) keeps its first place
  const seen = new Set<string>();
  return out.filter((d) => {
    const key = `${d.kind}|${d.gene ?? d.name}|${d.proteinChange ?? d.change ?? d.partner ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

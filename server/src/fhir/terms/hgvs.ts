/**
 * The protein change of an HGVS expression in the survey's one-letter spelling:
 * "NP_005219.2:p.(Leu858Arg)" -> "L858R", "NM_024675.3(PALB2):c.3549C>A (p.Tyr1183Ter)" -> "Y1183*",
 * "p.Glu746_Ala750del" -> "E746_A750del", "p.V600E" -> "V600E".
 */

const THREE_TO_ONE: Record<string, string> = {
  Ala: 'A', Arg: 'R', Asn: 'N', Asp: 'D', Cys: 'C', Gln: 'Q', Glu: 'E', Gly: 'G', His: 'H', Ile: 'I',
  Leu: 'L', Lys: 'K', Met: 'M', Phe: 'F', Pro: 'P', Ser: 'S', Thr: 'T', Trp: 'W', Tyr: 'Y', Val: 'V', Ter: '*',
};

export function proteinChangeOf(hgvs: string): string | undefined {
  const m = /p\.\(?([A-Za-z*][A-Za-z0-9_*=]*?)\)?(?=$|[\s),;])/.exec(hgvs);
  if (!m) return undefined;
  let p = m[1].replace(/(Ala|Arg|Asn|Asp|Cys|Gln|Glu|Gly|His|Ile|Leu|Lys|Met|Phe|Pro|Ser|Thr|Trp|Tyr|Val|Ter)/g, (aa) => THREE_TO_ONE[aa]);
  // "fsTer12" became "fs*12"; "X" for stop is the older spelling
  p = p.replace(/^([A-Z*])(\d+)X$/, '$1$2*');
  return /^[A-Z*]\d+/.test(p) && !p.includes('?') ? p : undefined;
}

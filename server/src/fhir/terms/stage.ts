
/**
 * AJCC stage groups between their FHIR codings and the survey's options ("IIIC", "0is"). The AJCC code
 * system writes "3C"; SNOMED displays and the MITRE stage list write "stage IIIC" or "Stage 3C".
 */

const ROMAN = ['0', 'I', 'II', 'III', 'IV'];
const AJCC = 'http://cancerstaging.org';

/** "3", "C", "" -> "IIIC"; stage 0 keeps its lower-case suffix ("0is", "0a"). */
function group(num: string, suffix: string | undefined): string {
  const n = /^\d$/.test(num) ? ROMAN[Number(num)] : num.toUpperCase();
  if (n === undefined) return '';
  const s = suffix ?? '';
  return n === '0' ? `0${s.toLowerCase()}` : `${n}${s.toUpperCase()}`;
}

/** The stage group a coding names, in the survey's spelling (sub-stages like IA1 collapse to IA), or undefined. */
export function stageOf(coding: { system?: string; code?: string; display?: string }): string | undefined {
  if (coding.system === AJCC && coding.code) {
    const m = /^(?:stage\s*)?([0-4]|IV|III|II|I)(is|[ABCabc])?\d?$/i.exec(coding.code.trim());
    if (m) return group(m[1], m[2]) || undefined;
  }
  const text = coding.display ?? '';
  const m = /\bstage\s+(IV|III|II|I|[0-4])(is|[ABCabc])?\d?\b/i.exec(text) ?? (coding.system === AJCC ? /^(IV|III|II|I|0)(is|[ABCabc])?$/i.exec(text.trim()) : null);
  return m ? group(m[1], m[2]) || undefined : undefined;
}

/** The AJCC code of a survey stage group ("IIIC" -> "3C"), for export. */
export function ajccCode(stage: string): string {
  const m = /^(IV|III|II|I|0)(.*)$/.exec(stage);
  return m ? `${ROMAN.indexOf(m[1])}${m[2]}` : stage;
}

/** Distant spread from a stage group: the one definition (vocab/stage.ts). */
export { stageMeansDistant } from '../../vocab/stage';

/** The M category a TNM distant-metastases coding names: 'M0', 'M1' or undefined. */
export function mCategoryOf(coding: { code?: string; display?: string }): 'M0' | 'M1' | undefined {
  const m = /\b[cpy]?M([01])(?:[a-d]\d?)?\b/.exec(`${coding.code ?? ''} ${coding.display ?? ''}`);
  return m ? (m[1] === '0' ? 'M0' : 'M1') : undefined;
}

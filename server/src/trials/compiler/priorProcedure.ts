import type { Detected, Detector } from './types';
import { WINDOW } from './recentTherapy';

const SITE = /\b(?:to|of|involving|including|in)\s+(?:the\s+)?((?:pelvi[cs]|pelvis|abdom\w*|chest|thora\w*|brain|head and neck|breast|lung|liver|bone|spine|whole[- ]brain|mediastin\w*|prostate|bladder|kidney|target lesions?|>\s?\d+\s?% of (?:the )?bone marrow)[\w ]{0,20}?)\b(?=[,;.)]|\s+(?:or|and|for|with|within|is|are|that|which)\b|$)/i;

/**
 * Local treatment received before, without a time window (those are recent_therapy): "Prior pelvic or
 * abdominal radiotherapy", "Prior allogeneic stem cell transplant", "previous surgery for the primary".
 */
export const detectPriorProcedure: Detector = (s, ctx) => {
  if (ctx.permissive && !/\bexcept|unless\b/i.test(s)) return [];
  if (WINDOW.test(s)) return [];
  if (!/\b(?:prior|previous(?:ly)?|history of|received|underwent|undergone|had)\b/i.test(s)) return [];
  const out: Detected[] = [];
  const rt = /\b(?:pelvic|abdominal|thoracic|chest|brain|cranial|whole[- ]brain|breast|mediastinal|external[- ]beam)?\s*(?:radiotherapy|radiation(?: therapy)?|irradiation|radiosurgery|brachytherapy)\b/i.exec(s);
  if (rt) {
    const named = /\b(pelvic|abdominal|thoracic|chest|brain|cranial|whole[- ]brain|breast|mediastinal)\b/i.exec(rt[0])?.[1] ?? SITE.exec(s.slice(rt.index))?.[1];
    out.push({ spec: named ? { kind: 'prior_procedure', procedure: 'radiotherapy', site: named.toLowerCase().slice(0, 60) } : { kind: 'prior_procedure', procedure: 'radiotherapy' }, confidence: 0.7 });
  }
  if (/\b(?:allogeneic|autologous|stem[- ]cell|bone marrow|ha?ematopoietic)\b[^.]{0,30}\btransplant\w*/i.test(s)) out.push({ spec: { kind: 'prior_procedure', procedure: 'stem_cell_transplant' }, confidence: 0.75 });
  if (!/\brecover\w* from (?:the |any )?(?:prior |previous |recent )?(?:major )?surgery/i.test(s) && /\b(?:surgery|surgical resection|resection|prostatectomy|mastectomy|lumpectomy|nephrectomy|gastrectomy|hepatectomy|cystectomy|colectomy|lobectomy|pneumonectomy|hysterectomy|thyroidectomy|orchiectomy)\b/i.test(s) && !/\bsurgically sterile|sterili/i.test(s)) out.push({ spec: { kind: 'prior_procedure', procedure: 'surgery' }, confidence: 0.65 });
  return out;
};

import type { Detector } from './types';

/** "Postmenopausal women", "Premenopausal or perimenopausal status": menopausal status. */
export const detectMenopausal: Detector = (s, ctx) => {
  // contraception sentences name the status only to exempt women from it
  if (/contracepti|child[- ]?bearing|birth control|pregnancy test/i.test(s)) return [];
  const post = /\bpost-?\s?menopaus\w*/i.test(s);
  const pre = /\b(?:pre|peri)-?\s?menopaus\w*/i.test(s);
  if (post === pre) return []; // neither, or both allowed
  if (ctx.permissive && !ctx.negated) return [];
  return [{ spec: { kind: 'menopausal_status', status: post ? 'postmenopausal' : 'premenopausal' }, confidence: 0.8 }];
};

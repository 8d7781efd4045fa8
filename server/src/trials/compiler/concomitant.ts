import type { ConcomitantMedication } from '@oncodesk/shared/contracts';
import type { Detected, Detector } from './types';

const MEDICATIONS: Array<[RegExp, ConcomitantMedication]> = [
  [/\bketoconazole|\bitraconazole|\bvoriconazole|\bposaconazole|\bclarithromycin|\britonavir|\brifamp\w*|\bcarbamazepine|\bphenytoin|\bphenobarbital|\bazole antifungals?|\bantifungals?\b|\benzyme-inducing|\bCYP\s?3A4?\b|\bCYP450\b|\bP-?450\b|\bcytochrome P-?450\b|\bP-?gp\b|\bP-glycoprotein\b|\b(?:strong|moderate|potent) (?:\w+ )?(?:inhibitors?|inducers?)\b/i, 'cyp3a_modulator'],
  [/\b(?:cortico)?steroids?\b|\bprednis\w*|\bdexamethasone\b|\bglucocorticoid/i, 'corticosteroid'],
  [/\bimmuno-?suppress\w*/i, 'immunosuppressant'],
  [/\banti-?coagula\w*|\bwarfarin|\bheparin|\bcoumarin|\bphenprocoumon|\bmarcumar|\bvitamin K antagonist|\banti-?platelet|\bclopidogrel|\baspirin\b|\bDOAC\b|\bapixaban|\brivaroxaban|\bdabigatran|\benoxaparin/i, 'anticoagulant'],
  [/\bQTc?[- ]prolong\w*|\bprolong(?:s|ing)? (?:the )?QTc?\b|\btorsades?\b/i, 'qt_prolonging'],
  [/\binvestigational (?:agents?|drugs?|products?|therap\w*)|\bexperimental (?:agents?|drugs?|therap\w*)/i, 'investigational'],
  [/\b(?:hormonal|endocrine) therap\w*|\b(?:other|any|additional) (?:\w+ ){0,2}(?:anti-?(?:cancer|neoplastic|tumou?r)|cancer[- ]directed|cancer) (?:therap\w*|treatments?|agents?|drugs?)\b/i, 'anticancer'],
  [/\bherbal|\bdietary supplements?|\bvitamins?\b|\bgrapefruit|\bSt\.? John'?s wort/i, 'other'],
  [/\bantiretroviral|\bHAART\b|\benzyme-inducing|\banti-?convulsants?|\banti-?epileptic|\bproton pump inhibitors?|\bPPIs?\b|\bH2 (?:receptor )?antagonists?|\bbisphosphonates?\b|\bdenosumab\b|\bopi(?:oid|ate)s?\b|\bhormone replacement|\bpsychotropic|\bbenzodiazepines?|\bantipsychotics?/i, 'other'],
];
/** The item is about medication taken now, not therapy received before. */
const CURRENT = /\b(?:concurrent\w*|concomitant\w*|currently (?:\w+ )?(?:receiving|taking|using|on)|ongoing|chronic (?:use|treatment|therapy)|long-?term (?:use|treatment)|(?:require|requiring|requires|need(?:s|ing)?) (?:\w+ )?(?:treatment|therapy|use)|use of|taking|receiving|are on|is on|during (?:the )?(?:study|treatment|trial)|requir\w*|presently|not (?:be )?(?:allowed|permitted)|prohibited)\b/i;
/** Mentions that name what is taken now by themselves (an inhibitor list, supplements). */
const SELF_CURRENT = /\bCYP|\bP-?450|\binhibitors?\b|\binducers?\b|azole|\bantifungal|\bclarithromycin|\britonavir|\brifamp|\bherbal|\bsupplements?|\bvitamins?|\bgrapefruit|John'?s wort/i;

/** Medication the patient takes now that the protocol restricts (CYP3A4 modulators, steroids, anticoagulants...). */
export const detectConcomitant: Detector = (s, ctx) => {
  const named = MEDICATIONS.filter(([re]) => re.test(s));
  if (!named.length) return [];
  if (!CURRENT.test(s) && !SELF_CURRENT.test(s)) return [];
  const out: Detected[] = [];
  for (const [, medication] of named) {
    // "steroids for adrenal replacement are allowed" only permits
    if (ctx.permissive && !/\bexcept|unless|other than\b/i.test(s)) continue;
    out.push({ spec: { kind: 'concomitant_medication', medication }, confidence: 0.7 });
  }
  return out;
};

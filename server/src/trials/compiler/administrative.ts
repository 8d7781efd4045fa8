import type { AdministrativeTopic } from '@oncodesk/shared/contracts';
import type { Detector } from './types';

/**
 * Items about consent, compliance, contraception, study logistics and the investigator's judgement:
 * they do not describe the patient's disease or health, so they are shown apart and never counted as
 * unknown. compileItem keeps this reading only when no detector found a patient criterion in the item
 * ("negative pregnancy test and agree to use contraception" stays a pregnancy criterion).
 */
const TOPICS: Array<[RegExp, AdministrativeTopic]> = [
  [/\b(?:informed consent|consent form|sign(?:ed|s)? (?:the |an? )?(?:written )?(?:informed )?consent|give (?:written )?consent|provide (?:written )?(?:informed )?consent|assent|legally (?:authori[sz]ed|acceptable) representative|capacity to (?:give )?consent|able to consent|HIPAA|authori[sz]ation (?:for|to) (?:release|use))/i, 'consent'],
  [/\b(?:contracepti\w*|birth control|abstinen\w*|barrier method|condoms?|(?:surgically )?sterili[sz]\w*|vasectom\w*|childbearing potential (?:must|should) (?:use|agree)|donate sperm|sperm donation|egg donation|ova donation)\b/i, 'contraception'],
  [/\b(?:willing(?:ness)?|able|ability|unable|inability|unwilling(?:ness)?)\b[^.]{0,60}\b(?:comply|compliance|adhere|follow|attend|return|complete|participate|undergo (?:the )?study|cooperate|keep (?:the )?appointments)|\bcomplian(?:ce|t) with\b|\bnon-?complian\w*|\b(?:follow-?up|study) (?:visits?|schedule|procedures|requirements|assessments)\b/i, 'compliance'],
  [/\b(?:(?:participat\w*|enrolled|enrolment|enrollment) in (?:an)?other (?:\w+ ){0,3}(?:stud(?:y|ies)|trials?)|co-?enrol\w*|previously (?:been )?(?:enrolled|randomi[sz]ed) in this (?:study|trial)|prior (?:enrolment|enrollment|randomi[sz]ation) in this)\b/i, 'trial_participation'],
  [/\b(?:geographic\w*|transportation|travel|telephone|internet access|speak|read and (?:write|understand)|language|literate|english|french|spanish|german|italian|insurance|social security|health coverage|employees?|staff (?:member|of)|prisoners?|incarcerated|detained|legal (?:protection|guardian|custody|incapacity)|guardianship|reside|resident of|living in|live within)\b/i, 'logistics'],
  [/\b(?:tissue|tumou?r (?:tissue|block|sample|specimen)|archival|paraffin|FFPE|blood samples?|biopsy (?:specimen|sample|tissue)|specimens?)\b[^.]{0,80}\b(?:available|provide|submit|submission|sent|obtain|consent|willing)|\b(?:available|provide|submit)\b[^.]{0,60}\b(?:tissue|tumou?r block|archival|FFPE|specimens?)\b/i, 'sample'],
  // lines that point elsewhere or only introduce a list: "Other protocol-defined criteria may apply", "None", "At least 1 of the following:"
  [/^\W*(?:none|n\/a|not applicable)\W*$|\b(?:protocol[- ]defined|per protocol|as per (?:the )?protocol|defined (?:in|by) the protocol|specified in the protocol|(?:other|additional) (?:\w+ ){0,3}criteria (?:may )?apply|(?:restrictions|criteria) (?:may )?apply)\b|^\W*(?:\S+\s+){0,7}\S*\b(?:following|these|below)(?: \w+){0,2}:?\s*$|\bthe following (?:criteria|requirements|conditions)\s*:?\s*$|^[^.:]{0,60}\b(?:criteria|exclusions?|inclusions?|requirements?|characteristics|status|sex|gender|patients with|subjects with|participants with|defined as|as follows|include|including)\s*:?\s*$/i, 'reference'],
  [/\b(?:in the (?:opinion|judge?ment) of the (?:\w+ )?investigators?|investigator'?s? (?:opinion|judge?ment|discretion)|(?:judged|deemed|considered) (?:by the investigator )?(?:to be )?(?:in)?eligible|per (?:the )?investigator)\b/i, 'investigator_judgement'],
];

export const detectAdministrative: Detector = (s, ctx) => {
  for (const [re, topic] of TOPICS) if (re.test(s)) return [{ spec: { kind: 'administrative', topic }, confidence: 0.6, polarity: ctx.section, ownsNegation: true }];
  return [];
};

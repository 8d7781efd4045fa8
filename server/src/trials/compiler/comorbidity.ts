import type { ComorbidityCondition } from '@oncodesk/shared/contracts';
import type { Detected, Detector } from './types';
import { isPermissive } from './text';

const THERAPY_FOR = /\b(?:therap\w*|treatment|medications?|drugs?|agents?|prophylaxis)\s+(?:[\w-]+\s+){0,2}for\s+(?:the\s+)?(?:[\w-]+\s+){0,2}$/i;
/** The sentence of an item that holds a position. */
function sentenceAt(s: string, at: number): string {
  const start = Math.max(s.lastIndexOf('. ', at) + 1, 0);
  const end = s.indexOf('. ', at);
  return s.slice(start, end < 0 ? s.length : end + 1);
}

type Cond = ComorbidityCondition;
const CONDS: Array<[RegExp, Cond]> = [
  [/\bHIV\b|human immunodeficiency virus|\bAIDS\b/i, 'hiv'],
  [/hepatitis B|\bHBV\b|\bHBsAg\b/i, 'hepatitis_b'],
  [/hepatitis C|\bHCV\b|hepatitis B (?:and|or|and\/or|\/) C\b|hepatitis B, C\b/i, 'hepatitis_c'],
  [/auto-?immune|rheumatoid arthritis|\blupus\b|\bpsoriasis\b|scleroderma|sarcoidosis|vasculitis|Sj(?:ö|o)gren|Hashimoto|Graves'? disease|myasthenia gravis|type (?:1|I) diabetes/i, 'autoimmune'],
  [/congestive heart failure|heart failure|\bNYHA\b|myocardial infarction|\bangina\b|cardiac (?:disease|arrhythmia|failure|dysfunction|condition|event|insufficiency)|(?:clinically )?significant (?:cardiac|cardiovascular)|cardiovascular (?:disease|condition|event|disorder)|heart disease|arrhythm\w*|coronary (?:artery|heart) disease|coronary (?:revasculari[sz]ation|syndrome|event)|\bCAD\b|long QT|QT syndrome|torsades?|ventricular (?:tachy\w*|fibrillation|arrhythm\w*)|atrial fibrillation|cardiomyopath\w*|myocarditis|pericardi\w*|valv(?:ular|e) (?:heart )?disease|conduction (?:abnormalit|disorder|defect)|(?:AV|atrioventricular) block|bradycardia|pacemaker|defibrillator|ECG abnormalit\w*/i, 'cardiac'],
  [/\b(?:other|another|second|prior|previous|concurrent|additional|secondary|active)\s+(?:\w+\s+){0,2}(?:malignan\w*|cancers?|invasive (?:cancer|malignan\w*))|history of (?:\w+\s+){0,2}malignan|\bmalignancy (?:within|in) the (?:past|last)|\bmalignanc\w* other than|\bother (?:\w+ )?neoplasm|(?:second|another) (?:primary )?(?:tumou?r|neoplasm)/i, 'other_malignancy'],
  [/\binfect(?:ions?|ious)\b|\bsepsis\b|\bseptic\b|\babscess\w*|tuberculosis|\bTB\b|antibiotics?\b|\bfebrile\b|\bfever\b/i, 'infection'],
  [/interstitial lung disease|\bILD\b|pneumonitis|pulmonary fibrosis/i, 'interstitial_lung_disease'],
  // cirrhosis, or a liver function class beyond Child-Pugh A ("Child-Pugh B or C", "≥ Child B", "decompensated liver disease"):
  // the record's Child-Pugh class decides it where recorded (criteria/comorbidity)
  [/\bcirrho\w*|\bChild(?:'s)?[- ]?Pugh\s+(?:class\s+|stage\s+|score\s+|grade\s+)?(?:of\s+)?[BC]\b|(?:≥|>=|greater than or equal to|at least)\s*(?:Child(?:'s)?[- ]?(?:Pugh\s*)?)?(?:class\s*)?B\b|\bChild\s+[BC]\b|decompensated (?:liver|hepatic)|hepatic decompensation/i, 'cirrhosis'],
  [/hepatic encephalopathy|portal hypertension|(?:chronic|active|significant) liver disease|\bliver disease\b|oesophageal varices|esophageal varices|(?:auto-?immune|alcoholic|chronic active) hepatitis|non-?alcoholic steatohepatitis|\bNASH\b/i, 'liver_disease'],
  [/\bCOPD\b|chronic obstructive|emphysema|respiratory (?:insufficiency|failure|disease)|(?:severe|significant|chronic) (?:pulmonary|lung) (?:disease|dysfunction|impairment)|pulmonary (?:disease|insufficiency)|\basthma\b|supplemental oxygen|oxygen[- ](?:dependen\w*|therapy)|dyspn(?:o)?ea at rest/i, 'pulmonary'],
  [/(?<!portal |pulmonary |intracranial |arterial pulmonary )\bhypertension\b|\bhypertensive\b|blood pressure/i, 'hypertension'],
  [/\bstroke\b|cerebrovascular|cerebral vascular|transient isch(?:a)?emic|\bTIA\b|cerebral (?:infarct\w*|ha?emorrhage)|intracranial ha?emorrhage/i, 'cerebrovascular'],
  [/thrombo(?!cyt)\w*|\bembol\w*|\bDVT\b|deep ve(?:i)?n|arterial occlusion|vascular occlusion/i, 'thromboembolism'],
  [/\bbleeding\b|ha?emorrhag\w*|ha?emoptysis|coagulopath\w*|bleeding diathesis|\bha?emophilia/i, 'bleeding'],
  [/\bdiabet\w*|hyperglyc(?:a)?emia/i, 'diabetes'],
  [/\bdialysis\b|(?:chronic )?(?:renal|kidney) (?:disease|insufficiency|failure)|nephrotic syndrome|end[- ]stage renal/i, 'renal'],
  [/(?:solid )?organ (?:allo)?transplant\w*|\ballograft\b|transplant recipient|(?:kidney|liver|heart|lung|renal) transplant\w*/i, 'organ_transplant'],
  [/neuropath\w*|\bnumbness|\btingling|\bparesthesi\w*|\bparaesthesi\w*/i, 'peripheral_neuropathy'],
  [/\bseizures?\b|(?<!anti-?)\bepilep\w*|(?<!anti-?)\bconvuls\w*/i, 'seizure'],
  [/psychiatric|\bpsycho(?:sis|tic|path\w*)|schizophren\w*|bipolar|\bdepressi(?:on|ve)\b|\bdementia\b|mental (?:illness|disorder|health)|cognitive (?:impairment|dysfunction)|suicid\w*|claustrophob\w*|anxiety disorder/i, 'psychiatric'],
  [/immuno-?deficien\w*|immuno-?compromis\w*|immunosuppressed|\bimmune deficiency/i, 'immunosuppression'],
  [/hearing (?:loss|impairment|disorder)|\bototoxic\w*|\btinnitus\b|\bdeaf\w*/i, 'hearing_loss'],
  [/malabsorption|inflammatory bowel|\bcrohn\w*|ulcerative colitis|gastrointestinal (?:perforation|obstruction|disorder|disease|condition|tract disease)|bowel obstruction|\bfistula\w*|\bperforation\b|\bpeptic ulcer|gastric ulcer|\bileus\b|intestinal obstruction|diarrh(?:o)?ea|short bowel|pancreatitis|\bnausea\b|\bvomiting\b|\bcolitis\b|gastrointestinal|\bGI (?:tract|disorder|disease|bleed\w*)/i, 'gastrointestinal'],
  [/(?:drug|alcohol|substance|narcotic|opioid)\s+(?:abuse|dependen\w*|addiction|misuse|use disorder)|\balcoholism\b|\baddiction\b/i, 'substance_abuse'],
  [/(?:toxicit\w*|adverse (?:events?|effects?|reactions?)|side[- ]effects?)[^.]{0,100}(?:not (?:yet )?(?:resolved|recovered)|unresolved|recovered|resolved (?:to|back)|returned to|persist\w*|residual|ongoing)|\bnot (?:yet )?(?:fully )?recovered\b|\b(?:and|must have|has|have|be|fully) recovered\b|\brecovered (?:to|from)\b|\brecovery from (?:prior |previous |any )?(?:surgery|therapy|treatment|toxicit\w*)|(?:recover\w*|resolution) (?:\w+ ){0,3}(?:from|of) (?:\w+ ){0,4}(?:toxic\w*|adverse (?:events?|effects?))|(?:persistent|unresolved|residual|ongoing) (?:\w+ ){0,2}(?:toxicit\w*|adverse events?)/i, 'unresolved_toxicity'],
  [/(?:serious|severe|uncontrolled|significant|concurrent|intercurrent|unstable|active|major|co-?existing|concomitant|life-?threatening)\s+(?:[\w-]+,?\s+){0,10}?(?:illness\w*|medical (?:conditions?|disorders?|problems?|history)|systemic diseases?|comorbidit\w*|co-?morbidit\w*|diseases?\b|conditions?\b|disorders?\b)|\bco-?morbidit\w*|\billness(?:es)? (?:that|which) (?:are|is) (?:uncontrolled|not controlled|unstable)/i, 'serious_illness'],
  [/(?:unable|inability|not able|difficulty) to swallow|\bdysphagia\b|(?:able|ability) to swallow|swallow (?:oral|tablets?|capsules?|pills?)/i, 'dysphagia'],
  [/\bocular\b|ophthalm\w*|\bretin(?:al|opathy)\b|\bcorneal?\b|\buveitis\b|\bvisual (?:disturbance|impairment)|\bkeratitis\b/i, 'ocular'],
  [/\bwounds?\b|non-?healing|wound healing|traumatic injur\w*|\bbone fractures?\b/i, 'wound_healing'],
  [/thyroid (?:dysfunction|disease|disorder|abnormalit\w*)|hypo-?thyroid\w*|hyper-?thyroid\w*|euthyroid|adrenal (?:insufficiency|disorder|hyperplasia)|hypophysitis|pituitary (?:disease|dysfunction)|endocrin\w* (?:disease|disorder)|Cushing|Addison/i, 'endocrine'],
  [/neurolog\w* (?:disease|disorder|deficits?|condition|symptoms?|impairment|changes|signs)|multiple sclerosis|Guillain|myasthenia|Parkinson|motor neuron|spinal cord compression|encephalopath\w*|encephalitis|(?<!carcinomatous |leptomeningeal )meningitis/i, 'neurologic'],
  [/(?:pleural|pericardial) effusion|\bascites\b|effusions?\b[^.]{0,30}drainage/i, 'effusion'],
];
/** Conditions a criterion describes as absent even from an inclusion section ("recovered from toxicities", "able to swallow"). */
const ALWAYS_EXCLUDED = new Set<Cond>(['other_malignancy', 'infection', 'cardiac', 'interstitial_lung_disease', 'autoimmune', 'unresolved_toxicity', 'serious_illness', 'dysphagia', 'wound_healing', 'bleeding', 'thromboembolism', 'cerebrovascular', 'substance_abuse', 'psychiatric', 'seizure', 'liver_disease', 'cirrhosis', 'gastrointestinal']);
/** A grade threshold ("grade 2 or greater peripheral neuropathy") the survey's yes / no answer cannot decide alone. */
const GRADED = /\bgrade\s*(?:[≥>]=?\s*)?[2-4]|[≥>]=?\s*grade\s*[2-4]|\bCTCAE\b/i;

/** Comorbidity exclusions: HIV, hepatitis B/C, autoimmune, cardiac, other malignancy, infection, ILD. */
export const detectComorbidity: Detector = (s, ctx) => {
  const out: Detected[] = [];
  for (const [re, condition] of CONDS) {
    const m = re.exec(s);
    if (!m) continue;
    // only the sentence that names the condition can permit it ("Uncontrolled hypertension. Patients controlled on medication are allowed")
    if (isPermissive(sentenceAt(s, m.index)) && !/\bunless|except\b/i.test(sentenceAt(s, m.index))) continue;
    // the condition a medication is for is not a condition of the criterion ("antiretroviral therapy for HIV-positive patients")
    if (THERAPY_FOR.test(s.slice(Math.max(0, m.index - 60), m.index))) continue;
    // "HIV negative", "seronegative": the item asks for absence
    const near = s.slice(m.index, m.index + m[0].length + 30);
    const negative = /negative|seronegative|\bnot\b|free of/i.test(near) && condition !== 'other_malignancy';
    // in exclusion sections and in descriptive inclusions ("no history of") the condition is excluded
    // a generic "serious illness" only when no named condition was found; HIV or hepatitis is not a second, "active infection" condition
    if (condition === 'serious_illness' && out.length) continue;
    if (condition === 'infection' && out.some((o) => o.spec.kind === 'comorbidity' && /^(?:hiv|hepatitis_[bc])$/.test(o.spec.condition))) continue;
    const exclusionary = ctx.section === 'exclusion' || ctx.negated || negative || ALWAYS_EXCLUDED.has(condition);
    out.push({ spec: { kind: 'comorbidity', condition }, confidence: condition === 'serious_illness' || GRADED.test(s) ? 0.5 : 0.8, polarity: exclusionary ? 'exclusion' : 'inclusion', ownsNegation: true });
  }
  return out;
};

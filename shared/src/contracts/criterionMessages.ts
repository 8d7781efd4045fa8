import { z } from 'zod';
import { diseaseName } from './diseaseNames';
import { drugClassName } from './drugClassNames';

/**
 * What the matcher says about a criterion (the reason) and about the patient (the fact), as message keys
 * with parameters, so every interface language reads them. The server renders the English text into
 * `reason` / `patientFact` (API, CSV); the frontends render `reasonMsg` / `factMsg` in the interface
 * language. Parameters starting with "@" name a value of VALUES (translated) or a drug class ("@class:egfr_tki");
 * "@{key}" names one inside a text ("BRCA1 @{mutation}"); the rest is shown as it is (numbers, gene and drug
 * names, codes, trial text).
 */
export const CriterionMessage = z.object({ key: z.string().max(60), params: z.record(z.string(), z.union([z.string().max(600), z.number()])).optional() });
export type CriterionMessage = z.infer<typeof CriterionMessage>;

type Catalogue = Record<string, string>;

const EN = {
  // reasons
  notRecorded: '{{what}} not recorded',
  requiresAge: 'requires age {{range}}',
  restrictedTo: 'restricted to {{sex}}',
  ecogRange: 'ECOG {{range}}',
  ecogFromKarnofsky: 'ECOG from Karnofsky',
  karnofskyRange: 'Karnofsky {{range}}',
  karnofskyFromEcog: 'Karnofsky from ECOG',
  stageGroups: 'stage {{groups}}',
  stageBySpread: 'stage {{stage}} (distant metastases; no stage recorded)',
  tnmBySpread: 'TNM {{tnm}} (M from the recorded spread; no M recorded)',
  stageUnreadable: 'stage not readable',
  tnm: 'TNM',
  stageNotComparable: 'stage not comparable',
  requiresState: 'requires {{state}} disease',
  sitesMetastases: '{{site}} metastases',
  brainMetastases: '{{condition}} brain metastases',
  diseaseUnresolved: "the trial's disease ({{text}}) is not in the vocabulary: check it",
  unknownCode: 'unknown OncoTree code',
  trialDisease: 'trial disease {{codes}}',
  trialDiseaseSubtree: 'trial disease {{codes}} (subtree)',
  moreSpecificDiagnosis: 'trial requires a more specific diagnosis ({{codes}})',
  requiresWildType: 'requires {{gene}} wild-type',
  alteration: '{{label}}',
  alterationKindNotReported: '{{label}} (alteration kind not reported)',
  variantNotReported: '{{label}} (variant not reported)',
  expressionNotSequenced: '{{label}} (expression is not reported by sequencing)',
  differentVariant: '{{label}} (different variant)',
  noGenomics: 'no genomic results recorded',
  compare: '{{what}} {{op}} {{value}}',
  status: '{{what}} {{status}}',
  priorLines: 'prior lines {{range}}',
  priorLinesNone: 'no prior line of systemic therapy',
  priorLinesAtLeast: 'at least {{min}} prior line(s) of systemic therapy',
  priorSystemic: 'prior systemic therapy',
  prior: 'prior {{what}}',
  measurableDisease: 'measurable disease',
  resectable: 'resectable disease',
  unresectableOrMetastatic: 'unresectable or metastatic',
  unresectable: 'unresectable disease',
  pregnancy: 'pregnancy or breast-feeding',
  condition: '{{condition}}',
  signatureNotRecorded: '{{name}} signature not recorded',
  gleason: 'Gleason score {{range}}',
  gleasonFact: 'Gleason {{score}} (ISUP grade group {{group}})',
  tumourGrade: '{{grade}} tumour',
  lifeExpectancy: "life expectancy of at least {{months}} months: the clinician's estimate, not recorded",
  organFunction: "adequate {{system}} function: check the protocol's thresholds against current labs",
  recentTherapy: '{{therapy}} within {{days}} days',
  recentTherapyAny: '{{therapy}} recently',
  recentNoDates: '{{therapy}} within {{days}} days: treatment dates not recorded',
  recentAnyNoDates: '{{therapy}} recently: treatment dates not recorded',
  priorProcedureNotRecorded: 'prior {{procedure}}: not recorded',
  priorProcedureAtNotRecorded: 'prior {{procedure}} ({{site}}): not recorded',
  currentMedicationNotRecorded: 'current {{medication}} medication: not recorded',
  priorProcedure: 'prior {{procedure}}',
  priorProcedureAt: 'prior {{procedure}} ({{site}})',
  currentMedication: 'current {{medication}} medication',
  hypersensitivity: 'known hypersensitivity to {{drugs}}: not recorded',
  hypersensitivityStudy: 'known hypersensitivity to the study drugs: not recorded',
  administrative: '{{topic}}: confirmed at enrolment, not part of the eligibility decision',
  freeText: 'not machine-readable; needs review',
  freeTextDeciding: 'not machine-readable and decides the {{topic}}: no match until a clinician checks it',
  notRecordedSuffix: '{{what}}: not recorded',
  // facts
  age: 'age {{age}}',
  sex: 'sex {{sex}}',
  ecog: 'ECOG {{value}}',
  karnofsky: 'Karnofsky {{value}}',
  karnofskyAsEcog: 'Karnofsky {{kps}} (≈ECOG {{ecog}})',
  ecogAsKarnofsky: 'ECOG {{ecog}} (≈Karnofsky {{range}})',
  stage: 'stage {{stage}}',
  tnmFact: 'TNM {{tnm}}',
  value: '{{value}}',
  metastasesAt: 'metastases: {{sites}}',
  brainMetsUnknownTreatment: 'brain metastases (treatment status unknown)',
  diagnosisCode: 'diagnosis {{code}}',
  diagnosisNamed: 'diagnosis {{code}} ({{name}})',
  wildType: '{{gene}} wild-type',
  alteredKindUnknown: '{{gene}} altered (kind not reported)',
  variantUnknown: '{{gene}} {{category}} (variant not reported)',
  notAmongAlterations: 'not among reported alterations',
  measured: '{{what}} {{value}}',
  linesFact: '{{lines}} prior line(s)',
  received: 'received {{what}}',
  receivedVia: 'received {{drug}} ({{class}})',
  receivedWhichUnknown: 'received {{what}}; which drug not recorded',
  noMatchingPrior: 'no matching prior therapy',
  noPriorSystemic: 'no prior systemic therapy',
  labFact: '{{analyte}} {{value}}',
  labUln: '{{analyte}} {{value}} ({{ratio}}×ULN)',
  no: 'no {{what}}',
  not: 'not {{what}}',
};
export type CriterionMessageKey = keyof typeof EN;

const ES: Record<CriterionMessageKey, string> = {
  notRecorded: '{{what}}: no registrado',
  requiresAge: 'requiere edad {{range}}',
  restrictedTo: 'solo {{sex}}',
  ecogRange: 'ECOG {{range}}',
  ecogFromKarnofsky: 'ECOG estimado a partir de Karnofsky',
  karnofskyRange: 'Karnofsky {{range}}',
  karnofskyFromEcog: 'Karnofsky estimado a partir de ECOG',
  stageGroups: 'estadio {{groups}}',
  stageBySpread: 'estadio {{stage}} (metástasis a distancia; estadio no registrado)',
  tnmBySpread: 'TNM {{tnm}} (M según la extensión registrada; M no registrada)',
  stageUnreadable: 'estadio no legible',
  tnm: 'TNM',
  stageNotComparable: 'estadio no comparable',
  requiresState: 'requiere enfermedad {{state}}',
  sitesMetastases: 'metástasis en {{site}}',
  brainMetastases: 'metástasis cerebrales ({{condition}})',
  diseaseUnresolved: 'la enfermedad del ensayo ({{text}}) no está en el vocabulario: compruébela',
  unknownCode: 'código OncoTree desconocido',
  trialDisease: 'enfermedad del ensayo {{codes}}',
  trialDiseaseSubtree: 'enfermedad del ensayo {{codes}} (subárbol)',
  moreSpecificDiagnosis: 'el ensayo requiere un diagnóstico más específico ({{codes}})',
  requiresWildType: 'requiere {{gene}} no mutado (wild-type)',
  alteration: '{{label}}',
  alterationKindNotReported: '{{label}} (tipo de alteración no informado)',
  variantNotReported: '{{label}} (variante no informada)',
  expressionNotSequenced: '{{label}} (la secuenciación no informa la expresión)',
  differentVariant: '{{label}} (otra variante)',
  noGenomics: 'sin resultados genómicos registrados',
  compare: '{{what}} {{op}} {{value}}',
  status: '{{what}} {{status}}',
  priorLines: 'líneas previas {{range}}',
  priorLinesNone: 'ninguna línea previa de tratamiento sistémico',
  priorLinesAtLeast: 'al menos {{min}} línea(s) previa(s) de tratamiento sistémico',
  priorSystemic: 'tratamiento sistémico previo',
  prior: '{{what}} previo',
  measurableDisease: 'enfermedad medible',
  resectable: 'enfermedad resecable',
  unresectableOrMetastatic: 'irresecable o metastásica',
  unresectable: 'enfermedad irresecable',
  pregnancy: 'embarazo o lactancia',
  condition: '{{condition}}',
  signatureNotRecorded: 'firma {{name}} no registrada',
  gleason: 'puntuación de Gleason {{range}}',
  gleasonFact: 'Gleason {{score}} (grupo de grado ISUP {{group}})',
  tumourGrade: 'tumor de {{grade}}',
  lifeExpectancy: 'esperanza de vida de al menos {{months}} meses: estimación del clínico, no registrada',
  organFunction: 'función {{system}} adecuada: compare los umbrales del protocolo con los análisis actuales',
  recentTherapy: '{{therapy}} en los últimos {{days}} días',
  recentTherapyAny: '{{therapy}} reciente',
  recentNoDates: '{{therapy}} en los últimos {{days}} días: fechas de tratamiento no registradas',
  recentAnyNoDates: '{{therapy}} reciente: fechas de tratamiento no registradas',
  priorProcedureNotRecorded: '{{procedure}} previa: no registrada',
  priorProcedureAtNotRecorded: '{{procedure}} previa ({{site}}): no registrada',
  currentMedicationNotRecorded: 'medicación actual ({{medication}}): no registrada',
  priorProcedure: '{{procedure}} previa',
  priorProcedureAt: '{{procedure}} previa ({{site}})',
  currentMedication: 'medicación actual: {{medication}}',
  hypersensitivity: 'hipersensibilidad conocida a {{drugs}}: no registrada',
  hypersensitivityStudy: 'hipersensibilidad conocida a los fármacos del estudio: no registrada',
  administrative: '{{topic}}: se confirma en la inclusión, no forma parte de la decisión de elegibilidad',
  freeText: 'no legible por la máquina; requiere revisión',
  freeTextDeciding: 'no legible por la máquina y decide {{topic}}: no es compatible hasta que un clínico lo compruebe',
  notRecordedSuffix: '{{what}}: no registrado',
  age: 'edad {{age}}',
  sex: 'sexo {{sex}}',
  ecog: 'ECOG {{value}}',
  karnofsky: 'Karnofsky {{value}}',
  karnofskyAsEcog: 'Karnofsky {{kps}} (≈ECOG {{ecog}})',
  ecogAsKarnofsky: 'ECOG {{ecog}} (≈Karnofsky {{range}})',
  stage: 'estadio {{stage}}',
  tnmFact: 'TNM {{tnm}}',
  value: '{{value}}',
  metastasesAt: 'metástasis: {{sites}}',
  brainMetsUnknownTreatment: 'metástasis cerebrales (estado de tratamiento desconocido)',
  diagnosisCode: 'diagnóstico {{code}}',
  diagnosisNamed: 'diagnóstico {{code}} ({{name}})',
  wildType: '{{gene}} no mutado (wild-type)',
  alteredKindUnknown: '{{gene}} alterado (tipo no informado)',
  variantUnknown: '{{gene}} {{category}} (variante no informada)',
  notAmongAlterations: 'no figura entre las alteraciones informadas',
  measured: '{{what}} {{value}}',
  linesFact: '{{lines}} línea(s) previa(s)',
  received: 'recibió {{what}}',
  receivedVia: 'recibió {{drug}} ({{class}})',
  receivedWhichUnknown: 'recibió {{what}}; fármaco concreto no registrado',
  noMatchingPrior: 'ningún tratamiento previo coincidente',
  noPriorSystemic: 'sin tratamiento sistémico previo',
  labFact: '{{analyte}} {{value}}',
  labUln: '{{analyte}} {{value}} ({{ratio}}×LSN)',
  no: 'sin {{what}}',
  not: 'no {{what}}',
};

const IT: Record<CriterionMessageKey, string> = {
  notRecorded: '{{what}}: non registrato',
  requiresAge: 'richiede età {{range}}',
  restrictedTo: 'solo {{sex}}',
  ecogRange: 'ECOG {{range}}',
  ecogFromKarnofsky: 'ECOG stimato dal Karnofsky',
  karnofskyRange: 'Karnofsky {{range}}',
  karnofskyFromEcog: "Karnofsky stimato dall'ECOG",
  stageGroups: 'stadio {{groups}}',
  stageBySpread: 'stadio {{stage}} (metastasi a distanza; stadio non registrato)',
  tnmBySpread: 'TNM {{tnm}} (M dalla diffusione registrata; M non registrata)',
  stageUnreadable: 'stadio non leggibile',
  tnm: 'TNM',
  stageNotComparable: 'stadio non confrontabile',
  requiresState: 'richiede malattia {{state}}',
  sitesMetastases: 'metastasi in sede {{site}}',
  brainMetastases: 'metastasi cerebrali ({{condition}})',
  diseaseUnresolved: 'la malattia dello studio ({{text}}) non è nel vocabolario: verificarla',
  unknownCode: 'codice OncoTree sconosciuto',
  trialDisease: 'malattia dello studio {{codes}}',
  trialDiseaseSubtree: 'malattia dello studio {{codes}} (sottoalbero)',
  moreSpecificDiagnosis: 'lo studio richiede una diagnosi più specifica ({{codes}})',
  requiresWildType: 'richiede {{gene}} non mutato (wild-type)',
  alteration: '{{label}}',
  alterationKindNotReported: '{{label}} (tipo di alterazione non riportato)',
  variantNotReported: '{{label}} (variante non riportata)',
  expressionNotSequenced: "{{label}} (il sequenziamento non riporta l'espressione)",
  differentVariant: '{{label}} (variante diversa)',
  noGenomics: 'nessun risultato genomico registrato',
  compare: '{{what}} {{op}} {{value}}',
  status: '{{what}} {{status}}',
  priorLines: 'linee precedenti {{range}}',
  priorLinesNone: 'nessuna linea precedente di terapia sistemica',
  priorLinesAtLeast: 'almeno {{min}} linea/e precedente/i di terapia sistemica',
  priorSystemic: 'terapia sistemica precedente',
  prior: '{{what}} precedente',
  measurableDisease: 'malattia misurabile',
  resectable: 'malattia resecabile',
  unresectableOrMetastatic: 'non resecabile o metastatica',
  unresectable: 'malattia non resecabile',
  pregnancy: 'gravidanza o allattamento',
  condition: '{{condition}}',
  signatureNotRecorded: 'firma {{name}} non registrata',
  gleason: 'punteggio di Gleason {{range}}',
  gleasonFact: 'Gleason {{score}} (gruppo di grado ISUP {{group}})',
  tumourGrade: 'tumore di {{grade}}',
  lifeExpectancy: 'aspettativa di vita di almeno {{months}} mesi: stima del clinico, non registrata',
  organFunction: 'funzione {{system}} adeguata: confrontare le soglie del protocollo con gli esami attuali',
  recentTherapy: '{{therapy}} negli ultimi {{days}} giorni',
  recentTherapyAny: '{{therapy}} recente',
  recentNoDates: '{{therapy}} negli ultimi {{days}} giorni: date del trattamento non registrate',
  recentAnyNoDates: '{{therapy}} recente: date del trattamento non registrate',
  priorProcedureNotRecorded: '{{procedure}} precedente: non registrata',
  priorProcedureAtNotRecorded: '{{procedure}} precedente ({{site}}): non registrata',
  currentMedicationNotRecorded: 'terapia in corso ({{medication}}): non registrata',
  priorProcedure: '{{procedure}} precedente',
  priorProcedureAt: '{{procedure}} precedente ({{site}})',
  currentMedication: 'terapia in corso: {{medication}}',
  hypersensitivity: 'ipersensibilità nota a {{drugs}}: non registrata',
  hypersensitivityStudy: 'ipersensibilità nota ai farmaci dello studio: non registrata',
  administrative: "{{topic}}: confermato all'arruolamento, non fa parte della decisione di eleggibilità",
  freeText: 'non leggibile automaticamente; da verificare',
  freeTextDeciding: 'non leggibile automaticamente e decide {{topic}}: non compatibile finché un clinico non lo verifica',
  notRecordedSuffix: '{{what}}: non registrato',
  age: 'età {{age}}',
  sex: 'sesso {{sex}}',
  ecog: 'ECOG {{value}}',
  karnofsky: 'Karnofsky {{value}}',
  karnofskyAsEcog: 'Karnofsky {{kps}} (≈ECOG {{ecog}})',
  ecogAsKarnofsky: 'ECOG {{ecog}} (≈Karnofsky {{range}})',
  stage: 'stadio {{stage}}',
  tnmFact: 'TNM {{tnm}}',
  value: '{{value}}',
  metastasesAt: 'metastasi: {{sites}}',
  brainMetsUnknownTreatment: 'metastasi cerebrali (stato del trattamento sconosciuto)',
  diagnosisCode: 'diagnosi {{code}}',
  diagnosisNamed: 'diagnosi {{code}} ({{name}})',
  wildType: '{{gene}} non mutato (wild-type)',
  alteredKindUnknown: '{{gene}} alterato (tipo non riportato)',
  variantUnknown: '{{gene}} {{category}} (variante non riportata)',
  notAmongAlterations: 'non tra le alterazioni riportate',
  measured: '{{what}} {{value}}',
  linesFact: '{{lines}} linea/e precedente/i',
  received: 'ha ricevuto {{what}}',
  receivedVia: 'ha ricevuto {{drug}} ({{class}})',
  receivedWhichUnknown: 'ha ricevuto {{what}}; farmaco specifico non registrato',
  noMatchingPrior: 'nessuna terapia precedente corrispondente',
  noPriorSystemic: 'nessuna terapia sistemica precedente',
  labFact: '{{analyte}} {{value}}',
  labUln: '{{analyte}} {{value}} ({{ratio}}×ULN)',
  no: 'assenza di {{what}}',
  not: 'non {{what}}',
};

/** Values parameters name with "@" (enumerations of the criterion specs and patient facts). */
const VALUES_EN = {
  anc: 'neutrophils (ANC)', platelets: 'platelets', hemoglobin: 'haemoglobin', creatinine: 'creatinine', creatinine_clearance: 'creatinine clearance', bilirubin: 'bilirubin', ast: 'AST', alt: 'ALT', albumin: 'albumin', inr: 'INR', wbc: 'white blood cells', lvef: 'LVEF', qtc: 'QTc', ldh: 'LDH', alp: 'alkaline phosphatase', psa: 'PSA', testosterone: 'testosterone',
  age: 'age', sex: 'sex', ECOG: 'ECOG', Karnofsky: 'Karnofsky', stage: 'stage', 'metastatic sites': 'metastatic sites',
  'brain metastasis status': 'brain metastasis status', 'OncoTree diagnosis': 'OncoTree diagnosis', 'treatment history': 'treatment history',
  'number of prior lines': 'number of prior lines', 'resectability': 'resectability', 'menopausal status': 'menopausal status',
  male: 'men', female: 'women', other: 'other', sex_male: 'male', sex_female: 'female', sex_other: 'other', metastatic: 'metastatic', 'non-metastatic': 'non-metastatic', advanced: 'advanced',
  'not metastatic': 'not metastatic', 'locally advanced': 'locally advanced', localized: 'localized', unresectable: 'unresectable', resectable: 'resectable', any: 'any', untreated: 'untreated',
  treated_stable: 'treated, stable', 'brain metastases': 'brain metastases', 'no brain metastases': 'no brain metastases',
  'treated brain metastases': 'treated brain metastases', 'untreated brain metastases': 'untreated brain metastases',
  'measurable disease': 'measurable disease', 'no measurable disease': 'no measurable disease', pregnant: 'pregnant', 'not pregnant': 'not pregnant',
  positive: 'positive', negative: 'negative', low: 'low', high: 'high', stable: 'stable', deficient: 'deficient', proficient: 'proficient',
  postmenopausal: 'postmenopausal', premenopausal: 'premenopausal',
  low_grade: 'low-grade', high_grade: 'high-grade', 'tumour grade': 'tumour grade', 'Gleason score': 'Gleason score',
  overall: 'organ', marrow: 'bone marrow', liver: 'liver', kidney: 'kidney', heart: 'heart', lung: 'lung', coagulation: 'coagulation',
  systemic: 'systemic therapy', chemotherapy: 'chemotherapy', radiotherapy: 'radiotherapy', surgery: 'surgery', investigational: 'investigational agent',
  immunotherapy: 'immunotherapy', targeted: 'targeted therapy', hormonal: 'hormonal therapy', live_vaccine: 'live vaccine', transfusion_or_growth_factor: 'transfusion or growth factor',
  stem_cell_transplant: 'stem cell transplant', cyp3a_modulator: 'CYP3A4 inhibitor or inducer', corticosteroid: 'corticosteroid', immunosuppressant: 'immunosuppressant',
  anticoagulant: 'anticoagulant', qt_prolonging: 'QT-prolonging', anticancer: 'other anticancer', consent: 'consent', compliance: 'compliance', contraception: 'contraception',
  deciding_line_of_therapy: 'line of therapy', deciding_setting: 'disease setting', deciding_subtype: 'subtype or histology', deciding_prior_therapy: 'prior therapy', deciding_biomarker: 'required biomarker',
  trial_participation: 'participation in other studies', logistics: 'logistics', investigator_judgement: "investigator's judgement", sample: 'sample provision', reference: 'heading or reference', definition: 'definition of a term',
  castration_resistant: 'castration-resistant', castration_sensitive: 'castration-sensitive', rai_refractory: 'radioiodine-refractory',
  hiv: 'HIV', hepatitis_b: 'hepatitis B', hepatitis_c: 'hepatitis C', autoimmune: 'autoimmune disease', cardiac: 'heart disease', other_malignancy: 'another cancer',
  infection: 'active infection', interstitial_lung_disease: 'interstitial lung disease', liver_disease: 'liver disease', cirrhosis: 'liver cirrhosis', pulmonary: 'chronic lung disease',
  hypertension: 'hypertension', cerebrovascular: 'stroke or cerebrovascular disease', thromboembolism: 'thromboembolism', bleeding: 'bleeding disorder', diabetes: 'diabetes',
  renal: 'kidney disease', organ_transplant: 'organ transplant', peripheral_neuropathy: 'peripheral neuropathy', seizure: 'seizures', psychiatric: 'psychiatric illness',
  immunosuppression: 'immunosuppression', hearing_loss: 'hearing loss', gastrointestinal: 'gastrointestinal disease', substance_abuse: 'substance abuse',
  unresolved_toxicity: 'unresolved toxicity of prior therapy', serious_illness: 'serious or uncontrolled illness', dysphagia: 'inability to swallow', ocular: 'eye disease',
  wound_healing: 'unhealed wound or recent injury', endocrine: 'endocrine disorder', neurologic: 'neurological disease', effusion: 'effusion needing drainage',
  mutation: 'mutation', amplification: 'amplification', fusion: 'fusion', deletion: 'deletion', expression: 'expression', wild_type: 'wild-type',
};
type ValueKey = keyof typeof VALUES_EN;
const VALUES_ES: Record<ValueKey, string> = {
  anc: 'neutrófilos (RAN)', platelets: 'plaquetas', hemoglobin: 'hemoglobina', creatinine: 'creatinina', creatinine_clearance: 'aclaramiento de creatinina', bilirubin: 'bilirrubina', ast: 'AST', alt: 'ALT', albumin: 'albúmina', inr: 'INR', wbc: 'leucocitos', lvef: 'FEVI', qtc: 'QTc', ldh: 'LDH', alp: 'fosfatasa alcalina', psa: 'PSA', testosterone: 'testosterona',
  age: 'edad', sex: 'sexo', ECOG: 'ECOG', Karnofsky: 'Karnofsky', stage: 'estadio', 'metastatic sites': 'sitios metastásicos',
  'brain metastasis status': 'estado de metástasis cerebrales', 'OncoTree diagnosis': 'diagnóstico OncoTree', 'treatment history': 'historial de tratamientos',
  'number of prior lines': 'número de líneas previas', resectability: 'resecabilidad', 'menopausal status': 'estado menopáusico',
  male: 'hombres', female: 'mujeres', other: 'otro', sex_male: 'masculino', sex_female: 'femenino', sex_other: 'otro', metastatic: 'metastásica', 'non-metastatic': 'no metastásica', advanced: 'avanzada',
  'not metastatic': 'no metastásica', 'locally advanced': 'localmente avanzada', localized: 'localizada', unresectable: 'irresecable', resectable: 'resecable', any: 'cualquiera', untreated: 'no tratadas',
  treated_stable: 'tratadas y estables', 'brain metastases': 'metástasis cerebrales', 'no brain metastases': 'sin metástasis cerebrales',
  'treated brain metastases': 'metástasis cerebrales tratadas', 'untreated brain metastases': 'metástasis cerebrales no tratadas',
  'measurable disease': 'enfermedad medible', 'no measurable disease': 'sin enfermedad medible', pregnant: 'embarazada', 'not pregnant': 'no embarazada',
  positive: 'positivo', negative: 'negativo', low: 'bajo', high: 'alto', stable: 'estable', deficient: 'deficiente', proficient: 'competente',
  postmenopausal: 'posmenopáusica', premenopausal: 'premenopáusica',
  low_grade: 'bajo grado', high_grade: 'alto grado', 'tumour grade': 'grado tumoral', 'Gleason score': 'puntuación de Gleason',
  overall: 'orgánica', marrow: 'de la médula ósea', liver: 'hepática', kidney: 'renal', heart: 'cardiaca', lung: 'pulmonar', coagulation: 'de la coagulación',
  systemic: 'tratamiento sistémico', chemotherapy: 'quimioterapia', radiotherapy: 'radioterapia', surgery: 'cirugía', investigational: 'fármaco en investigación',
  immunotherapy: 'inmunoterapia', targeted: 'terapia dirigida', hormonal: 'hormonoterapia', live_vaccine: 'vacuna de virus vivos', transfusion_or_growth_factor: 'transfusión o factor de crecimiento',
  stem_cell_transplant: 'trasplante de progenitores hematopoyéticos', cyp3a_modulator: 'inhibidor o inductor de CYP3A4', corticosteroid: 'corticoide', immunosuppressant: 'inmunosupresor',
  anticoagulant: 'anticoagulante', qt_prolonging: 'que prolonga el QT', anticancer: 'otro antineoplásico', consent: 'consentimiento', compliance: 'cumplimiento', contraception: 'anticoncepción',
  deciding_line_of_therapy: 'la línea de tratamiento', deciding_setting: 'el contexto de la enfermedad', deciding_subtype: 'el subtipo o la histología', deciding_prior_therapy: 'el tratamiento previo', deciding_biomarker: 'un biomarcador requerido',
  trial_participation: 'participación en otros estudios', logistics: 'logística', investigator_judgement: 'criterio del investigador', sample: 'envío de muestras', reference: 'encabezado o referencia', definition: 'definición de un término',
  castration_resistant: 'resistente a la castración', castration_sensitive: 'sensible a la castración', rai_refractory: 'refractaria al radioyodo',
  hiv: 'VIH', hepatitis_b: 'hepatitis B', hepatitis_c: 'hepatitis C', autoimmune: 'enfermedad autoinmune', cardiac: 'cardiopatía', other_malignancy: 'otro cáncer',
  infection: 'infección activa', interstitial_lung_disease: 'enfermedad pulmonar intersticial', liver_disease: 'hepatopatía', cirrhosis: 'cirrosis hepática', pulmonary: 'enfermedad pulmonar crónica',
  hypertension: 'hipertensión', cerebrovascular: 'ictus o enfermedad cerebrovascular', thromboembolism: 'tromboembolia', bleeding: 'trastorno hemorrágico', diabetes: 'diabetes',
  renal: 'enfermedad renal', organ_transplant: 'trasplante de órgano', peripheral_neuropathy: 'neuropatía periférica', seizure: 'convulsiones', psychiatric: 'enfermedad psiquiátrica',
  immunosuppression: 'inmunosupresión', hearing_loss: 'pérdida de audición', gastrointestinal: 'enfermedad gastrointestinal', substance_abuse: 'abuso de sustancias',
  unresolved_toxicity: 'toxicidad no resuelta de tratamientos previos', serious_illness: 'enfermedad grave o no controlada', dysphagia: 'incapacidad para tragar', ocular: 'enfermedad ocular',
  wound_healing: 'herida no cicatrizada o lesión reciente', endocrine: 'trastorno endocrino', neurologic: 'enfermedad neurológica', effusion: 'derrame que requiere drenaje',
  mutation: 'mutación', amplification: 'amplificación', fusion: 'fusión', deletion: 'deleción', expression: 'expresión', wild_type: 'no mutado',
};
const VALUES_IT: Record<ValueKey, string> = {
  anc: 'neutrofili (ANC)', platelets: 'piastrine', hemoglobin: 'emoglobina', creatinine: 'creatinina', creatinine_clearance: 'clearance della creatinina', bilirubin: 'bilirubina', ast: 'AST', alt: 'ALT', albumin: 'albumina', inr: 'INR', wbc: 'globuli bianchi', lvef: 'FEVS', qtc: 'QTc', ldh: 'LDH', alp: 'fosfatasi alcalina', psa: 'PSA', testosterone: 'testosterone',
  age: 'età', sex: 'sesso', ECOG: 'ECOG', Karnofsky: 'Karnofsky', stage: 'stadio', 'metastatic sites': 'sedi metastatiche',
  'brain metastasis status': 'stato delle metastasi cerebrali', 'OncoTree diagnosis': 'diagnosi OncoTree', 'treatment history': 'storia dei trattamenti',
  'number of prior lines': 'numero di linee precedenti', resectability: 'resecabilità', 'menopausal status': 'stato menopausale',
  male: 'uomini', female: 'donne', other: 'altro', sex_male: 'maschile', sex_female: 'femminile', sex_other: 'altro', metastatic: 'metastatica', 'non-metastatic': 'non metastatica', advanced: 'avanzata',
  'not metastatic': 'non metastatica', 'locally advanced': 'localmente avanzata', localized: 'localizzata', unresectable: 'non resecabile', resectable: 'resecabile', any: 'qualsiasi', untreated: 'non trattate',
  treated_stable: 'trattate e stabili', 'brain metastases': 'metastasi cerebrali', 'no brain metastases': 'nessuna metastasi cerebrale',
  'treated brain metastases': 'metastasi cerebrali trattate', 'untreated brain metastases': 'metastasi cerebrali non trattate',
  'measurable disease': 'malattia misurabile', 'no measurable disease': 'nessuna malattia misurabile', pregnant: 'in gravidanza', 'not pregnant': 'non in gravidanza',
  positive: 'positivo', negative: 'negativo', low: 'basso', high: 'alto', stable: 'stabile', deficient: 'deficitario', proficient: 'proficiente',
  postmenopausal: 'in post-menopausa', premenopausal: 'in pre-menopausa',
  low_grade: 'basso grado', high_grade: 'alto grado', 'tumour grade': 'grado del tumore', 'Gleason score': 'punteggio di Gleason',
  overall: "d'organo", marrow: 'midollare', liver: 'epatica', kidney: 'renale', heart: 'cardiaca', lung: 'polmonare', coagulation: 'coagulativa',
  systemic: 'terapia sistemica', chemotherapy: 'chemioterapia', radiotherapy: 'radioterapia', surgery: 'chirurgia', investigational: 'farmaco sperimentale',
  immunotherapy: 'immunoterapia', targeted: 'terapia a bersaglio', hormonal: 'ormonoterapia', live_vaccine: 'vaccino vivo', transfusion_or_growth_factor: 'trasfusione o fattore di crescita',
  stem_cell_transplant: 'trapianto di cellule staminali', cyp3a_modulator: 'inibitore o induttore del CYP3A4', corticosteroid: 'corticosteroide', immunosuppressant: 'immunosoppressore',
  anticoagulant: 'anticoagulante', qt_prolonging: 'che prolunga il QT', anticancer: 'altro antitumorale', consent: 'consenso', compliance: 'aderenza', contraception: 'contraccezione',
  deciding_line_of_therapy: 'la linea di terapia', deciding_setting: 'il contesto di malattia', deciding_subtype: 'il sottotipo o istologia', deciding_prior_therapy: 'la terapia precedente', deciding_biomarker: 'un biomarcatore richiesto',
  trial_participation: 'partecipazione ad altri studi', logistics: 'logistica', investigator_judgement: 'giudizio dello sperimentatore', sample: 'invio di campioni', reference: 'intestazione o rimando', definition: 'definizione di un termine',
  castration_resistant: 'resistente alla castrazione', castration_sensitive: 'sensibile alla castrazione', rai_refractory: 'refrattaria allo iodio radioattivo',
  hiv: 'HIV', hepatitis_b: 'epatite B', hepatitis_c: 'epatite C', autoimmune: 'malattia autoimmune', cardiac: 'cardiopatia', other_malignancy: 'altro tumore',
  infection: 'infezione attiva', interstitial_lung_disease: 'interstiziopatia polmonare', liver_disease: 'epatopatia', cirrhosis: 'cirrosi epatica', pulmonary: 'malattia polmonare cronica',
  hypertension: 'ipertensione', cerebrovascular: 'ictus o malattia cerebrovascolare', thromboembolism: 'tromboembolia', bleeding: 'disturbo emorragico', diabetes: 'diabete',
  renal: 'malattia renale', organ_transplant: "trapianto d'organo", peripheral_neuropathy: 'neuropatia periferica', seizure: 'convulsioni', psychiatric: 'malattia psichiatrica',
  immunosuppression: 'immunosoppressione', hearing_loss: "perdita dell'udito", gastrointestinal: 'malattia gastrointestinale', substance_abuse: 'abuso di sostanze',
  unresolved_toxicity: 'tossicità non risolta di terapie precedenti', serious_illness: 'malattia grave o non controllata', dysphagia: 'incapacità di deglutire', ocular: 'malattia oculare',
  wound_healing: 'ferita non guarita o lesione recente', endocrine: 'disturbo endocrino', neurologic: 'malattia neurologica', effusion: 'versamento che richiede drenaggio',
  mutation: 'mutazione', amplification: 'amplificazione', fusion: 'fusione', deletion: 'delezione', expression: 'espressione', wild_type: 'wild-type',
};

export type MessageLanguage = 'en' | 'es' | 'it';
const CATALOGUES: Record<MessageLanguage, { messages: Catalogue; values: Catalogue }> = {
  en: { messages: EN, values: VALUES_EN },
  es: { messages: ES, values: VALUES_ES },
  it: { messages: IT, values: VALUES_IT },
};
/** The "excludes:" prefix of an exclusion's reason. */
export const EXCLUDES: Record<MessageLanguage, string> = { en: 'excludes', es: 'excluye', it: 'esclude' };

/** A message for a key with parameters (typed to the catalogue's keys). */
export function msg(key: CriterionMessageKey, params?: Record<string, string | number>): CriterionMessage {
  return params ? { key, params } : { key };
}

/** The language of an interface language tag ("es-ES" -> "es"); English otherwise. */
export function messageLanguage(tag: string | undefined): MessageLanguage {
  const t = (tag ?? '').toLowerCase();
  return t.startsWith('es') ? 'es' : t.startsWith('it') ? 'it' : 'en';
}

/** Local treatments the survey records under an English word ("surgery") that VALUES translates. */
const TRANSLATED_TREATMENTS = new Set(['surgery', 'radiotherapy']);
/** A prior treatment's name in the reader's language: the local treatments translated, drug names as they are. */
export function treatmentName(name: string, lang: MessageLanguage): string {
  return TRANSLATED_TREATMENTS.has(name) ? renderMessage({ key: 'value', params: { value: `@${name}` } }, lang) : name;
}

/** A value (a key of VALUES, or "class:<key>" of a drug class) in the reader's language. */
function valueIn(k: string, lang: MessageLanguage, values: Catalogue): string {
  return values[k] ?? (VALUES_EN as Catalogue)[k] ?? (k.startsWith('class:') ? drugClassName(k.slice(6), lang) : undefined) ?? k.replace(/_/g, ' ');
}

/**
 * Templates split once at their {{parameters}}: [text, name, text, …, text]. A search renders a few thousand
 * messages from a few hundred templates, so the template is not parsed again for each (bench:match).
 */
const TEMPLATE_PARTS = new Map<string, string[]>();
function templateParts(template: string): string[] {
  let parts = TEMPLATE_PARTS.get(template);
  if (!parts) TEMPLATE_PARTS.set(template, (parts = template.split(/\{\{(\w+)\}\}/)));
  return parts;
}

/** Renders a criterion message; an unknown key or value falls back to English, then to the key itself. */
export function renderMessage(m: CriterionMessage, lang: MessageLanguage = 'en'): string {
  const { messages, values } = CATALOGUES[lang];
  const parts = templateParts(messages[m.key] ?? EN[m.key as CriterionMessageKey] ?? m.key);
  let out = parts[0];
  for (let k = 1; k < parts.length; k += 2) out += parameterIn(m, parts[k], lang, values) + parts[k + 1];
  return out;
}

/** One {{parameter}} of a message in the reader's language. */
function parameterIn(m: CriterionMessage, name: string, lang: MessageLanguage, values: Catalogue): string {
  const v = m.params?.[name];
  // the server names a diagnosis in English (OncoTree's language): shown in the reader's when known
  if (name === 'name' && m.key === 'diagnosisNamed' && typeof v === 'string') return diseaseName(String(m.params?.code ?? ''), lang, v) ?? v;
  if (v === undefined) return '';
  if (typeof v !== 'string') return String(v);
  if (v.startsWith('@') && !v.startsWith('@{')) return valueIn(v.slice(1), lang, values);
  // a value inside free text ("BRCA1 @{mutation}", "erlotinib (@{class:egfr_tki})"), beside names shown as they are
  return v.includes('@{') ? v.replace(/@\{([^}]+)\}/g, (_m, k: string) => valueIn(k, lang, values)) : v;
}

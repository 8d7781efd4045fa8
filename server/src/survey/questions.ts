import { focusAreas, type AnswerType, type AutocompleteSource, type FocusArea, type ShowIf, type SurveyLang, type SurveyQuestion, type ValidationRules } from '@oncodesk/shared/contracts';
import { t, type Text } from './lists';
import enLocale from '@oncodesk/shared/locales/en.json';
import esLocale from '@oncodesk/shared/locales/es.json';
import itLocale from '@oncodesk/shared/locales/it.json';
import { convertLab, displayUnit, LAB_ANALYTES } from '../vocab/labUnits';

/**
 * The pre-screening questions of each focus area, written for OncoDesk in English, Spanish and Italian.
 * Ids are stable (they key stored answers): common questions have one id everywhere ("age"); questions
 * whose options depend on the disease carry it ("stage.lung", "diagnosis.lung").
 */

export type Section = SurveyQuestion['section'];

export interface QuestionDef {
  id: string;
  section: Section;
  type: AnswerType;
  text: Text;
  help?: Text;
  unit?: Text;
  options?: { value: string; label: Text; description?: Text }[];
  autocomplete?: { source: AutocompleteSource; multiple: boolean; courses?: boolean };
  mapsTo: string;
  validation: ValidationRules;
  showIf?: ShowIf[];
  /** Set for questions that belong to one focus area only. */
  focusArea?: FocusArea;
  /** Options that cannot be combined with others in a multiple choice ("none"). */
  exclusive?: string[];
}

const yes = { value: 'yes', label: t('Yes', 'Sí', 'Sì') };
const no = { value: 'no', label: t('No', 'No', 'No') };
const unknown = { value: 'unknown', label: t("I don't know", 'No lo sé', 'Non lo so') };
/** A biomarker never tested is not the same answer as a negative result, nor as "I don't know": it says what to test. */
const notTested = { value: 'not_tested', label: t('Not tested', 'No analizado', 'Non eseguito') };
const yesNoUnknown = [yes, no, unknown];
const positiveNegative = [
  { value: 'positive', label: t('Positive', 'Positivo', 'Positivo') },
  { value: 'negative', label: t('Negative', 'Negativo', 'Negativo') },
  notTested,
  unknown,
];
/** "None" for a list that may be empty: answered, with nothing in it (unlike a list left empty: unanswered). */
const noneOf = (label: Text) => ({ options: [{ value: 'none', label }], exclusive: ['none'] });
const optional = (extra: Partial<ValidationRules> = {}): ValidationRules => ({ required: false, ...extra });
const required = (extra: Partial<ValidationRules> = {}): ValidationRules => ({ required: true, ...extra });

const organ: Record<FocusArea, Text> = {
  breast: t('breast cancer', 'cáncer de mama', 'tumore della mammella'),
  lung: t('lung cancer', 'cáncer de pulmón', 'tumore del polmone'),
  prostate: t('prostate cancer', 'cáncer de próstata', 'tumore della prostata'),
  stomach: t('stomach (gastric) cancer', 'cáncer de estómago (gástrico)', 'tumore dello stomaco (gastrico)'),
  liver: t('liver cancer', 'cáncer de hígado', 'tumore del fegato'),
  thyroid: t('thyroid cancer', 'cáncer de tiroides', 'tumore della tiroide'),
  cervix_uteri: t('cervical cancer', 'cáncer de cuello uterino', 'tumore della cervice uterina'),
  bladder: t('bladder cancer', 'cáncer de vejiga', 'tumore della vescica'),
  kidney: t('kidney cancer', 'cáncer de riñón', 'tumore del rene'),
  colon: t('colorectal cancer', 'cáncer colorrectal', 'tumore del colon-retto'),
};

/** AJCC 8th edition stage groups (FIGO 2018 for the cervix), collapsed to the level trials use. */
const stageGroups: Record<FocusArea, string[]> = {
  breast: ['0', 'IA', 'IB', 'IIA', 'IIB', 'IIIA', 'IIIB', 'IIIC', 'IV'],
  lung: ['0', 'IA', 'IB', 'IIA', 'IIB', 'IIIA', 'IIIB', 'IIIC', 'IVA', 'IVB'],
  prostate: ['I', 'IIA', 'IIB', 'IIC', 'IIIA', 'IIIB', 'IIIC', 'IVA', 'IVB'],
  stomach: ['0', 'IA', 'IB', 'IIA', 'IIB', 'IIIA', 'IIIB', 'IIIC', 'IV'],
  liver: ['IA', 'IB', 'II', 'IIIA', 'IIIB', 'IVA', 'IVB'],
  thyroid: ['I', 'II', 'III', 'IVA', 'IVB', 'IVC'],
  cervix_uteri: ['IA', 'IB', 'IIA', 'IIB', 'IIIA', 'IIIB', 'IIIC', 'IVA', 'IVB'],
  bladder: ['0a', '0is', 'I', 'II', 'IIIA', 'IIIB', 'IVA', 'IVB'],
  kidney: ['I', 'II', 'III', 'IV'],
  colon: ['0', 'I', 'IIA', 'IIB', 'IIC', 'IIIA', 'IIIB', 'IIIC', 'IVA', 'IVB', 'IVC'],
};

const ecogOptions = [
  {
    value: '0',
    label: t('0 – Fully active', '0 – Totalmente activo', '0 – Pienamente attivo'),
    description: t(
      'Fully active, able to carry on all pre-disease activities without restriction.',
      'Totalmente activo; puede realizar todas las actividades que hacía antes de la enfermedad sin restricciones.',
      'Pienamente attivo, in grado di svolgere tutte le attività precedenti alla malattia senza limitazioni.',
    ),
  },
  {
    value: '1',
    label: t('1 – Restricted in strenuous activity', '1 – Limitado en actividades intensas', '1 – Limitato nelle attività faticose'),
    description: t(
      'Restricted in physically strenuous activity but walks and can do light or seated work (e.g. light housework, office work).',
      'Limitado en actividades físicas intensas, pero camina y puede realizar trabajos ligeros o sedentarios (p. ej., tareas domésticas ligeras, trabajo de oficina).',
      "Limitato nelle attività fisiche faticose, ma cammina ed è in grado di svolgere lavori leggeri o sedentari (ad es. lavori domestici leggeri, lavoro d'ufficio).",
    ),
  },
  {
    value: '2',
    label: t('2 – Up and about, unable to work', '2 – Se levanta, pero no puede trabajar', '2 – In piedi, ma non in grado di lavorare'),
    description: t(
      'Walks and can take care of themselves, but cannot do any work; up and about more than half of the waking hours.',
      'Camina y puede cuidar de sí mismo, pero no puede realizar ninguna actividad laboral; está levantado más de la mitad del tiempo de vigilia.',
      'Cammina ed è autosufficiente nella cura di sé, ma non è in grado di svolgere alcuna attività lavorativa; è in piedi per più della metà delle ore di veglia.',
    ),
  },
  {
    value: '3',
    label: t('3 – Limited self-care', '3 – Autocuidado limitado', '3 – Cura di sé limitata'),
    description: t(
      'Capable of only limited self-care; in bed or a chair more than half of the waking hours.',
      'Solo puede cuidar de sí mismo de forma limitada; pasa en cama o en un sillón más de la mitad del tiempo de vigilia.',
      'In grado di prendersi cura di sé solo in modo limitato; a letto o in poltrona per più della metà delle ore di veglia.',
    ),
  },
  {
    value: '4',
    label: t('4 – Completely disabled', '4 – Totalmente incapacitado', '4 – Completamente disabile'),
    description: t(
      'Completely disabled; cannot carry on any self-care; totally confined to bed or a chair.',
      'Totalmente incapacitado; no puede cuidar de sí mismo; permanece todo el tiempo en cama o en un sillón.',
      'Completamente disabile; non in grado di prendersi cura di sé; costretto totalmente a letto o in poltrona.',
    ),
  },
];

const metastasisSites = [
  { value: 'brain', label: t('Brain', 'Cerebro', 'Cervello') },
  { value: 'bone', label: t('Bone', 'Hueso', 'Ossa') },
  { value: 'liver', label: t('Liver', 'Hígado', 'Fegato') },
  { value: 'lung', label: t('Lung', 'Pulmón', 'Polmone') },
  { value: 'lymph_nodes', label: t('Distant lymph nodes', 'Ganglios linfáticos a distancia', 'Linfonodi a distanza') },
  { value: 'pleura', label: t('Pleura (lining of the lungs)', 'Pleura (membrana que recubre los pulmones)', 'Pleura (membrana che riveste i polmoni)') },
  { value: 'peritoneum', label: t('Peritoneum (lining of the abdomen)', 'Peritoneo (membrana que recubre el abdomen)', "Peritoneo (membrana che riveste l'addome)") },
  { value: 'adrenal', label: t('Adrenal gland', 'Glándula suprarrenal', 'Ghiandola surrenale') },
  { value: 'skin_soft_tissue', label: t('Skin or soft tissue', 'Piel o tejidos blandos', 'Cute o tessuti molli') },
  { value: 'other', label: t('Other', 'Otra localización', 'Altra sede') },
];

const localTreatmentExtras: Partial<Record<FocusArea, { value: string; label: Text }[]>> = {
  liver: [{ value: 'liver_directed', label: t('Liver-directed therapy (TACE, TARE/SIRT or ablation)', 'Terapia locorregional hepática (TACE, TARE/SIRT o ablación)', 'Terapia locoregionale epatica (TACE, TARE/SIRT o ablazione)') }],
  thyroid: [{ value: 'radioactive_iodine', label: t('Radioactive iodine (I-131)', 'Yodo radiactivo (I-131)', 'Iodio radioattivo (I-131)') }],
  bladder: [{ value: 'intravesical', label: t('Intravesical therapy (BCG or chemotherapy into the bladder)', 'Terapia intravesical (BCG o quimioterapia dentro de la vejiga)', 'Terapia endovescicale (BCG o chemioterapia in vescica)') }],
};

/** Local treatments (as PriorTreatment entries). */
export const localTreatmentMap: Record<string, { name: string; kind: 'surgery' | 'radiation' | 'other' }> = {
  surgery: { name: 'surgery', kind: 'surgery' },
  radiotherapy: { name: 'radiotherapy', kind: 'radiation' },
  liver_directed: { name: 'liver-directed therapy (TACE/TARE/ablation)', kind: 'other' },
  radioactive_iodine: { name: 'radioactive iodine (131I)', kind: 'radiation' },
  intravesical: { name: 'intravesical therapy', kind: 'other' },
};

const msiQuestion: QuestionDef = {
  id: 'msi',
  section: 'molecular',
  type: 'single_choice',
  text: t('What is the microsatellite instability (MSI) status?', '¿Cuál es el estado de inestabilidad de microsatélites (MSI)?', 'Qual è lo stato di instabilità dei microsatelliti (MSI)?'),
  options: [
    { value: 'high', label: t('MSI-high (MSI-H)', 'Inestabilidad de microsatélites alta (MSI-H)', 'Instabilità dei microsatelliti alta (MSI-H)') },
    { value: 'low', label: t('MSI-low (MSI-L)', 'Inestabilidad de microsatélites baja (MSI-L)', 'Instabilità dei microsatelliti bassa (MSI-L)') },
    { value: 'stable', label: t('Microsatellite stable (MSS)', 'Estabilidad de microsatélites (MSS)', 'Microsatelliti stabili (MSS)') },
    notTested,
    unknown,
  ],
  mapsTo: 'msi',
  validation: optional(),
};

const mmrQuestion: QuestionDef = {
  id: 'mmr',
  section: 'molecular',
  type: 'single_choice',
  text: t('What is the mismatch repair (MMR) protein status?', '¿Cuál es el estado de las proteínas de reparación de apareamientos erróneos (MMR)?', 'Qual è lo stato delle proteine del mismatch repair (MMR)?'),
  help: t('From immunohistochemistry in the pathology report.', 'Según la inmunohistoquímica del informe de anatomía patológica.', "Dall'immunoistochimica riportata nel referto istologico."),
  options: [
    { value: 'deficient', label: t('Deficient (dMMR: loss of MLH1, MSH2, MSH6 or PMS2)', 'Deficiente (dMMR: pérdida de MLH1, MSH2, MSH6 o PMS2)', 'Deficitario (dMMR: perdita di MLH1, MSH2, MSH6 o PMS2)') },
    { value: 'proficient', label: t('Proficient (pMMR)', 'Conservado (pMMR)', 'Conservato (pMMR)') },
    notTested,
    unknown,
  ],
  mapsTo: 'biomarkers.MMR',
  validation: optional(),
};

const pdl1CpsQuestion: QuestionDef = {
  id: 'pdl1_cps',
  section: 'molecular',
  type: 'number',
  text: t('What is the PD-L1 combined positive score (CPS)?', '¿Cuál es la puntuación positiva combinada (CPS) de PD-L1?', 'Qual è il combined positive score (CPS) di PD-L1?'),
  help: t('A number from 0 to 100 in the pathology report. Leave empty if not tested.', 'Un número de 0 a 100 que figura en el informe de anatomía patológica. Déjelo vacío si no se ha analizado.', 'Un numero da 0 a 100 riportato nel referto istologico. Lasci vuoto se non è stato eseguito.'),
  unit: t('CPS', 'CPS', 'CPS'),
  mapsTo: 'biomarkers.PD-L1',
  validation: optional({ min: 0, max: 100 }),
};

/**
 * HER2 as the pathology report gives it: the IHC score, with ISH where IHC is 2+ or where only ISH was
 * done, or the overall status when the score is not at hand. HER2_STATUS reads each as the status the
 * matcher, the guidelines and the FHIR export use (ASCO/CAP 2018: IHC 3+ or ISH amplified is positive;
 * HER2-low is IHC 1+ or 2+ without amplification).
 */
const her2Options = [
  { value: 'ihc_3', label: t('IHC 3+', 'IHQ 3+', 'IHC 3+') },
  { value: 'ihc_2_ish_amplified', label: t('IHC 2+ with ISH amplified', 'IHQ 2+ con ISH amplificado', 'IHC 2+ con ISH amplificato') },
  { value: 'ihc_2_ish_not_amplified', label: t('IHC 2+ with ISH not amplified', 'IHQ 2+ con ISH no amplificado', 'IHC 2+ con ISH non amplificato') },
  { value: 'ihc_2_ish_pending', label: t('IHC 2+ (equivocal), ISH not done or pending', 'IHQ 2+ (dudoso), ISH no realizado o pendiente', 'IHC 2+ (dubbio), ISH non eseguito o in attesa') },
  { value: 'ihc_1', label: t('IHC 1+', 'IHQ 1+', 'IHC 1+') },
  { value: 'ihc_0', label: t('IHC 0', 'IHQ 0', 'IHC 0') },
  { value: 'ish_amplified', label: t('ISH amplified (IHC score not known)', 'ISH amplificado (puntuación IHQ desconocida)', 'ISH amplificato (punteggio IHC non noto)') },
  { value: 'ish_not_amplified', label: t('ISH not amplified (IHC score not known)', 'ISH no amplificado (puntuación IHQ desconocida)', 'ISH non amplificato (punteggio IHC non noto)') },
  { value: 'positive', label: t('Positive (score not at hand)', 'Positivo (sin la puntuación a mano)', 'Positivo (punteggio non disponibile)') },
  { value: 'low', label: t('HER2-low (score not at hand)', 'HER2-low (sin la puntuación a mano)', 'HER2-low (punteggio non disponibile)') },
  { value: 'negative', label: t('Negative (score not at hand)', 'Negativo (sin la puntuación a mano)', 'Negativo (punteggio non disponibile)') },
  notTested,
  unknown,
];
const her2Help = t(
  'Choose the IHC score (0, 1+, 2+, 3+) and, for 2+, the ISH result, as in the pathology report.',
  'Elija la puntuación IHQ (0, 1+, 2+, 3+) y, si es 2+, el resultado de ISH, tal como figuran en el informe de anatomía patológica.',
  "Scelga il punteggio IHC (0, 1+, 2+, 3+) e, se 2+, il risultato ISH, come riportati nel referto istologico.",
);
/**
 * The HER2 status each answer gives the patient (undefined: none). ISH not amplified without its IHC
 * score is not positive; whether it is HER2-low needs the score, so it reads as negative (the ASCO/CAP
 * word for "not positive") and the option says the score is not known.
 */
export const HER2_STATUS: Readonly<Record<string, 'positive' | 'low' | 'negative' | undefined>> = {
  ihc_3: 'positive',
  ihc_2_ish_amplified: 'positive',
  ish_amplified: 'positive',
  positive: 'positive',
  ihc_2_ish_not_amplified: 'low',
  ihc_1: 'low',
  low: 'low',
  ihc_0: 'negative',
  ish_not_amplified: 'negative',
  negative: 'negative',
  ihc_2_ish_pending: undefined,
};

const herStomach: QuestionDef = {
  id: 'stomach.her2',
  focusArea: 'stomach',
  section: 'molecular',
  type: 'single_choice',
  text: t('What is the HER2 status of the tumour?', '¿Cuál es el estado de HER2 del tumor?', 'Qual è lo stato di HER2 del tumore?'),
  help: her2Help,
  options: her2Options,
  mapsTo: 'biomarkers.HER2',
  validation: optional(),
};

/** OncoTree code of medullary thyroid cancer (its own markers, no radioiodine question). */
const MEDULLARY_THYROID = 'THME';

/** Questions only some focus areas ask, in the order they come after the treatment questions. */
const diseaseSpecific: Record<FocusArea, QuestionDef[]> = {
  breast: [
    {
      id: 'breast.her2',
      focusArea: 'breast',
      section: 'molecular',
      type: 'single_choice',
      text: t('What is the HER2 status of the tumour?', '¿Cuál es el estado de HER2 del tumor?', 'Qual è lo stato di HER2 del tumore?'),
      help: her2Help,
      options: her2Options,
      mapsTo: 'biomarkers.HER2',
      validation: optional(),
    },
    {
      id: 'breast.er',
      focusArea: 'breast',
      section: 'molecular',
      type: 'single_choice',
      text: t('What is the estrogen receptor (ER) status?', '¿Cuál es el estado de los receptores de estrógenos (RE)?', 'Qual è lo stato del recettore degli estrogeni (ER)?'),
      options: positiveNegative,
      mapsTo: 'biomarkers.ER',
      validation: optional(),
    },
    {
      id: 'breast.pr',
      focusArea: 'breast',
      section: 'molecular',
      type: 'single_choice',
      text: t('What is the progesterone receptor (PR) status?', '¿Cuál es el estado de los receptores de progesterona (RP)?', 'Qual è lo stato del recettore del progesterone (PgR)?'),
      options: positiveNegative,
      mapsTo: 'biomarkers.PR',
      validation: optional(),
    },
    {
      // trials of endocrine therapy (CDK4/6 inhibitors, ovarian suppression) select by menopausal status
      id: 'breast.menopausal_status',
      focusArea: 'breast',
      section: 'about_you',
      type: 'single_choice',
      text: t('What is the menopausal status?', '¿Cuál es el estado menopáusico?', 'Qual è lo stato menopausale?'),
      options: [
        { value: 'premenopausal', label: t('Premenopausal (including perimenopausal)', 'Premenopáusica (incluida perimenopáusica)', 'Pre-menopausa (inclusa peri-menopausa)') },
        { value: 'postmenopausal', label: t('Postmenopausal', 'Posmenopáusica', 'Post-menopausa') },
        unknown,
      ],
      mapsTo: 'menopausalStatus',
      showIf: [{ questionId: 'gender', op: 'equals', value: 'female' }],
      validation: optional(),
    },
    // triple-negative disease: first-line pembrolizumab with chemotherapy needs PD-L1 CPS >= 10
    pdl1CpsQuestion,
  ],
  lung: [
    {
      id: 'lung.pdl1_tps',
      focusArea: 'lung',
      section: 'molecular',
      type: 'number',
      text: t('What is the PD-L1 expression (tumour proportion score, TPS)?', '¿Cuál es la expresión de PD-L1 (proporción de células tumorales, TPS)?', "Qual è l'espressione di PD-L1 (tumour proportion score, TPS)?"),
      help: t('A percentage from 0 to 100 in the pathology report. Leave empty if not tested.', 'Un porcentaje de 0 a 100 que figura en el informe de anatomía patológica. Déjelo vacío si no se ha analizado.', 'Una percentuale da 0 a 100 riportata nel referto istologico. Lasci vuoto se non è stato eseguito.'),
      unit: t('%', '%', '%'),
      mapsTo: 'biomarkers.PD-L1',
      validation: optional({ min: 0, max: 100 }),
    },
  ],
  prostate: [
    {
      id: 'prostate.psa',
      focusArea: 'prostate',
      section: 'molecular',
      type: 'number',
      text: t('What is the most recent PSA value?', '¿Cuál es el valor más reciente de PSA?', 'Qual è il valore più recente del PSA?'),
      help: t('Prostate-specific antigen, from the latest blood test.', 'Antígeno prostático específico, del último análisis de sangre.', "Antigene prostatico specifico, dall'ultimo esame del sangue."),
      unit: t('ng/mL', 'ng/mL', 'ng/mL'),
      mapsTo: 'biomarkers.PSA',
      validation: optional({ min: 0, max: 100000 }),
    },
    {
      id: 'prostate.castration_status',
      focusArea: 'prostate',
      section: 'disease_status',
      type: 'single_choice',
      text: t(
        'Is the cancer still controlled by hormone therapy (castration-sensitive) or growing despite it (castration-resistant)?',
        '¿El cáncer sigue controlado con la terapia hormonal (sensible a la castración) o crece a pesar de ella (resistente a la castración)?',
        'Il tumore è ancora controllato dalla terapia ormonale (sensibile alla castrazione) o progredisce nonostante essa (resistente alla castrazione)?',
      ),
      options: [
        { value: 'sensitive', label: t('Castration-sensitive (hormone-sensitive)', 'Sensible a la castración (hormonosensible)', 'Sensibile alla castrazione (ormonosensibile)') },
        { value: 'resistant', label: t('Castration-resistant', 'Resistente a la castración', 'Resistente alla castrazione') },
        unknown,
      ],
      mapsTo: 'castrationStatus',
      validation: optional(),
    },
    {
      // trials select by risk group: "Gleason score ≤ 6", "Gleason 8-10"
      id: 'prostate.gleason',
      focusArea: 'prostate',
      section: 'diagnosis',
      type: 'single_choice',
      text: t('What is the Gleason score (ISUP grade group) of the tumour?', '¿Cuál es la puntuación de Gleason (grupo de grado ISUP) del tumor?', 'Qual è il punteggio di Gleason (gruppo di grado ISUP) del tumore?'),
      help: t('From the biopsy or prostatectomy pathology report: the highest grade reported.', 'Del informe de anatomía patológica de la biopsia o la prostatectomía: el grado más alto indicado.', "Dal referto istologico della biopsia o della prostatectomia: il grado più alto riportato."),
      options: [
        { value: '1', label: t('Gleason 6 or less (grade group 1)', 'Gleason 6 o menos (grupo de grado 1)', 'Gleason 6 o meno (gruppo di grado 1)') },
        { value: '2', label: t('Gleason 3+4=7 (grade group 2)', 'Gleason 3+4=7 (grupo de grado 2)', 'Gleason 3+4=7 (gruppo di grado 2)') },
        { value: '3', label: t('Gleason 4+3=7 (grade group 3)', 'Gleason 4+3=7 (grupo de grado 3)', 'Gleason 4+3=7 (gruppo di grado 3)') },
        { value: '4', label: t('Gleason 8 (grade group 4)', 'Gleason 8 (grupo de grado 4)', 'Gleason 8 (gruppo di grado 4)') },
        { value: '5', label: t('Gleason 9 or 10 (grade group 5)', 'Gleason 9 o 10 (grupo de grado 5)', 'Gleason 9 o 10 (gruppo di grado 5)') },
        unknown,
      ],
      mapsTo: 'gleasonGradeGroup',
      validation: optional(),
    },
  ],
  stomach: [herStomach, msiQuestion, mmrQuestion, pdl1CpsQuestion],
  liver: [
    {
      id: 'liver.child_pugh',
      focusArea: 'liver',
      section: 'disease_status',
      type: 'single_choice',
      text: t('What is the Child-Pugh class (liver function)?', '¿Cuál es la clase de Child-Pugh (función hepática)?', 'Qual è la classe di Child-Pugh (funzionalità epatica)?'),
      options: [
        { value: 'A', label: t('Class A (well-preserved liver function)', 'Clase A (función hepática conservada)', 'Classe A (funzionalità epatica conservata)') },
        { value: 'B', label: t('Class B (moderately impaired liver function)', 'Clase B (función hepática moderadamente alterada)', 'Classe B (funzionalità epatica moderatamente compromessa)') },
        { value: 'C', label: t('Class C (severely impaired liver function)', 'Clase C (función hepática gravemente alterada)', 'Classe C (funzionalità epatica gravemente compromessa)') },
        unknown,
      ],
      mapsTo: 'childPugh',
      validation: optional(),
    },
    {
      id: 'liver.afp',
      focusArea: 'liver',
      section: 'molecular',
      type: 'number',
      text: t('What is the most recent alpha-fetoprotein (AFP) value?', '¿Cuál es el valor más reciente de alfafetoproteína (AFP)?', "Qual è il valore più recente dell'alfa-fetoproteina (AFP)?"),
      unit: t('ng/mL', 'ng/mL', 'ng/mL'),
      mapsTo: 'biomarkers.AFP',
      validation: optional({ min: 0, max: 10000000 }),
    },
  ],
  thyroid: [
    {
      id: 'thyroid.rai_refractory',
      focusArea: 'thyroid',
      section: 'disease_status',
      type: 'single_choice',
      text: t(
        'Has the cancer stopped responding to radioactive iodine (radioiodine-refractory)?',
        '¿El cáncer ha dejado de responder al yodo radiactivo (refractario al radioyodo)?',
        'Il tumore ha smesso di rispondere allo iodio radioattivo (refrattario al radioiodio)?',
      ),
      help: t('Applies to papillary and follicular (differentiated) thyroid cancer.', 'Se aplica al cáncer de tiroides papilar y folicular (diferenciado).', 'Riguarda il tumore della tiroide papillare e follicolare (differenziato).'),
      options: yesNoUnknown,
      mapsTo: 'raiRefractory',
      validation: optional(),
      // medullary thyroid cancer does not take up iodine: the question does not apply to it
      showIf: [{ questionId: 'diagnosis.thyroid', op: 'not_in', values: [MEDULLARY_THYROID] }],
    },
    {
      id: 'thyroid.calcitonin',
      focusArea: 'thyroid',
      section: 'molecular',
      type: 'number',
      text: t('What is the most recent calcitonin value?', '¿Cuál es el valor más reciente de calcitonina?', "Qual è il valore più recente della calcitonina?"),
      help: t('Tumour marker of medullary thyroid cancer, from the latest blood test.', 'Marcador tumoral del cáncer medular de tiroides, del último análisis de sangre.', "Marcatore tumorale del carcinoma midollare della tiroide, dall'ultimo esame del sangue."),
      unit: t('pg/mL', 'pg/mL', 'pg/mL'),
      mapsTo: 'biomarkers.Calcitonin',
      validation: optional({ min: 0, max: 10000000 }),
      showIf: [{ questionId: 'diagnosis.thyroid', op: 'equals', value: MEDULLARY_THYROID }],
    },
    {
      id: 'thyroid.cea',
      focusArea: 'thyroid',
      section: 'molecular',
      type: 'number',
      text: t('What is the most recent CEA (carcinoembryonic antigen) value?', '¿Cuál es el valor más reciente del CEA (antígeno carcinoembrionario)?', "Qual è il valore più recente del CEA (antigene carcinoembrionario)?"),
      help: t('With calcitonin, the marker followed in medullary thyroid cancer.', 'Junto con la calcitonina, el marcador que se sigue en el cáncer medular de tiroides.', 'Con la calcitonina, il marcatore seguito nel carcinoma midollare della tiroide.'),
      unit: t('ng/mL', 'ng/mL', 'ng/mL'),
      mapsTo: 'biomarkers.CEA',
      validation: optional({ min: 0, max: 1000000 }),
      showIf: [{ questionId: 'diagnosis.thyroid', op: 'equals', value: MEDULLARY_THYROID }],
    },
  ],
  cervix_uteri: [pdl1CpsQuestion],
  bladder: [
    {
      // non-muscle-invasive bladder trials select "high-grade Ta/T1"
      id: 'bladder.grade',
      focusArea: 'bladder',
      section: 'diagnosis',
      type: 'single_choice',
      text: t('What grade did the pathology report give the tumour?', '¿Qué grado indica el informe de anatomía patológica para el tumor?', 'Quale grado riporta il referto istologico per il tumore?'),
      options: [
        { value: 'low', label: t('Low grade', 'Bajo grado', 'Basso grado') },
        { value: 'high', label: t('High grade', 'Alto grado', 'Alto grado') },
        unknown,
      ],
      mapsTo: 'tumorGrade',
      validation: optional(),
    },
    pdl1CpsQuestion,
  ],
  kidney: [
    {
      id: 'kidney.imdc_risk',
      focusArea: 'kidney',
      section: 'disease_status',
      type: 'single_choice',
      text: t('What is the IMDC risk group of the advanced kidney cancer?', '¿Cuál es el grupo de riesgo IMDC del cáncer de riñón avanzado?', 'Qual è la classe di rischio IMDC del tumore del rene avanzato?'),
      help: t(
        'The oncologist counts six risk factors (e.g. anaemia, high calcium, less than a year from diagnosis to treatment).',
        'El oncólogo cuenta seis factores de riesgo (p. ej., anemia, calcio elevado, menos de un año entre el diagnóstico y el tratamiento).',
        "L'oncologo conta sei fattori di rischio (ad es. anemia, calcio elevato, meno di un anno tra diagnosi e trattamento).",
      ),
      options: [
        { value: 'favorable', label: t('Favourable (no risk factors)', 'Favorable (ningún factor de riesgo)', 'Favorevole (nessun fattore di rischio)') },
        { value: 'intermediate', label: t('Intermediate (1–2 risk factors)', 'Intermedio (1–2 factores de riesgo)', 'Intermedio (1–2 fattori di rischio)') },
        { value: 'poor', label: t('Poor (3 or more risk factors)', 'Desfavorable (3 o más factores de riesgo)', 'Sfavorevole (3 o più fattori di rischio)') },
        unknown,
      ],
      mapsTo: 'imdcRisk',
      validation: optional(),
      showIf: [{ questionId: 'metastatic', op: 'equals', value: 'yes' }],
    },
  ],
  colon: [
    msiQuestion,
    mmrQuestion,
    {
      id: 'colon.cea',
      focusArea: 'colon',
      section: 'molecular',
      type: 'number',
      text: t('What is the most recent CEA (carcinoembryonic antigen) value?', '¿Cuál es el valor más reciente del CEA (antígeno carcinoembrionario)?', "Qual è il valore più recente del CEA (antigene carcinoembrionario)?"),
      unit: t('ng/mL', 'ng/mL', 'ng/mL'),
      mapsTo: 'biomarkers.CEA',
      validation: optional({ min: 0, max: 1000000 }),
    },
  ],
};

function focusQuestions(fa: FocusArea): QuestionDef[] {
  const stage = [
    ...stageGroups[fa].map((s) => ({ value: s, label: t(`Stage ${s}`, `Estadio ${s}`, `Stadio ${s}`) })),
    unknown,
  ];
  const list: QuestionDef[] = [
    {
      id: `diagnosis.${fa}`,
      focusArea: fa,
      section: 'diagnosis',
      type: 'autocomplete',
      autocomplete: { source: 'oncotree', multiple: false },
      text: t(`What is the primary diagnosis (type of ${organ[fa].en})?`, `¿Cuál es el diagnóstico principal (tipo de ${organ[fa].es})?`, `Qual è la diagnosi principale (tipo di ${organ[fa].it})?`),
      help: t(
        'Start typing the name or the OncoTree code, as written in the pathology report.',
        'Empiece a escribir el nombre o el código OncoTree, tal como aparece en el informe de anatomía patológica.',
        'Inizi a digitare il nome o il codice OncoTree, come riportato nel referto istologico.',
      ),
      mapsTo: 'oncotreeCode',
      validation: required(),
    },
    {
      id: 'diagnosis_date',
      section: 'diagnosis',
      type: 'date',
      text: t('When was the cancer first diagnosed?', '¿Cuándo se diagnosticó el cáncer por primera vez?', 'Quando è stato diagnosticato per la prima volta il tumore?'),
      mapsTo: 'diagnosisDate',
      validation: optional({ minDate: '1940-01-01' }),
    },
    {
      id: 'age',
      section: 'about_you',
      type: 'number',
      text: t('How old is the patient?', '¿Qué edad tiene el paciente?', 'Quanti anni ha il paziente?'),
      unit: t('years', 'años', 'anni'),
      mapsTo: 'age',
      validation: required({ min: 0, max: 120, integer: true }),
    },
    {
      id: 'gender',
      section: 'about_you',
      type: 'single_choice',
      text: t("What is the patient's sex?", '¿Cuál es el sexo del paciente?', 'Qual è il sesso del paziente?'),
      help: t('Sex as recorded for medical purposes; some trials depend on it.', 'Sexo según consta a efectos médicos; algunos ensayos dependen de ello.', 'Sesso come registrato a fini medici; alcuni studi ne dipendono.'),
      options: [
        { value: 'female', label: t('Female', 'Femenino', 'Femminile') },
        { value: 'male', label: t('Male', 'Masculino', 'Maschile') },
        { value: 'other', label: t('Other', 'Otro', 'Altro') },
      ],
      mapsTo: 'gender',
      validation: required(),
    },
  ];
  if (fa !== 'prostate') {
    list.push({
      id: 'pregnant',
      section: 'about_you',
      type: 'single_choice',
      text: t('Is the patient pregnant?', '¿La paciente está embarazada?', 'La paziente è in gravidanza?'),
      options: yesNoUnknown,
      mapsTo: 'pregnant',
      validation: optional(),
      showIf: [{ questionId: 'gender', op: 'equals', value: 'female' }],
    });
  }
  list.push(
    {
      id: 'ecog',
      section: 'about_you',
      type: 'single_choice',
      text: t("What is the patient's performance status (ECOG)?", '¿Cuál es el estado funcional del paciente (ECOG)?', 'Qual è il performance status del paziente (ECOG)?'),
      help: t(
        "Choose the description that best fits the patient's usual daily activity.",
        'Elija la descripción que mejor se ajuste a la actividad diaria habitual del paciente.',
        "Scelga la descrizione che meglio corrisponde all'attività quotidiana abituale del paziente.",
      ),
      options: ecogOptions,
      mapsTo: 'ecog',
      validation: optional(),
    },
    {
      id: `stage.${fa}`,
      focusArea: fa,
      section: 'disease_status',
      type: 'single_choice',
      text: t('What is the current stage of the cancer?', '¿Cuál es el estadio actual del cáncer?', 'Qual è lo stadio attuale del tumore?'),
      help: t(
        fa === 'cervix_uteri' ? 'FIGO stage as written in the medical report.' : 'Stage group (TNM/AJCC) as written in the medical report.',
        fa === 'cervix_uteri' ? 'Estadio FIGO tal como figura en el informe médico.' : 'Estadio (TNM/AJCC) tal como figura en el informe médico.',
        fa === 'cervix_uteri' ? 'Stadio FIGO come riportato nel referto medico.' : 'Stadio (TNM/AJCC) come riportato nel referto medico.',
      ),
      options: stage,
      mapsTo: 'stage',
      validation: optional(),
    },
    {
      id: 'metastatic',
      section: 'disease_status',
      type: 'single_choice',
      text: t(
        'Has the cancer spread to distant parts of the body (metastatic disease)?',
        '¿El cáncer se ha extendido a partes alejadas del cuerpo (enfermedad metastásica)?',
        'Il tumore si è diffuso ad altre parti del corpo (malattia metastatica)?',
      ),
      options: yesNoUnknown,
      mapsTo: 'metastatic',
      validation: required(),
    },
    {
      id: 'metastasis_sites',
      section: 'disease_status',
      type: 'multiple_choice',
      text: t('Where has the cancer spread?', '¿A qué zonas se ha extendido el cáncer?', 'Dove si è diffuso il tumore?'),
      help: t('Select all that apply.', 'Seleccione todas las opciones que correspondan.', 'Selezioni tutte le opzioni pertinenti.'),
      options: metastasisSites,
      mapsTo: 'metastasisSites',
      validation: optional({ maxItems: metastasisSites.length }),
      showIf: [{ questionId: 'metastatic', op: 'equals', value: 'yes' }],
    },
    {
      id: 'brain_mets_treated',
      section: 'disease_status',
      type: 'single_choice',
      text: t('Have the brain metastases been treated and are they stable?', '¿Las metástasis cerebrales se han tratado y están estables?', 'Le metastasi cerebrali sono state trattate e sono stabili?'),
      options: yesNoUnknown,
      mapsTo: 'brainMetastasesTreated',
      validation: optional(),
      showIf: [
        { questionId: 'metastatic', op: 'equals', value: 'yes' },
        { questionId: 'metastasis_sites', op: 'includes', value: 'brain' },
      ],
    },
    {
      id: 'measurable_disease',
      section: 'disease_status',
      type: 'single_choice',
      text: t('Do recent scans show at least one tumour that can be measured?', '¿Las pruebas de imagen recientes muestran al menos un tumor medible?', 'Gli esami radiologici recenti mostrano almeno una lesione tumorale misurabile?'),
      help: t(
        'Many trials require measurable disease (RECIST). The doctor or the CT/MRI report can tell.',
        'Muchos ensayos exigen enfermedad medible (RECIST). El médico o el informe de la TC/RM pueden indicarlo.',
        'Molti studi richiedono una malattia misurabile (RECIST). Il medico o il referto della TC/RM possono indicarlo.',
      ),
      options: yesNoUnknown,
      mapsTo: 'measurableDisease',
      validation: optional(),
    },
    {
      // trials select by "progressive disease on or after ..." and by response to the current treatment
      id: 'disease_status',
      section: 'disease_status',
      type: 'single_choice',
      text: t('How is the disease evolving on the latest assessment?', '¿Cómo evoluciona la enfermedad en la última evaluación?', "Come sta evolvendo la malattia all'ultima valutazione?"),
      help: t('As the last scans or the oncologist described it.', 'Según las últimas pruebas de imagen o lo que indicó el oncólogo.', "Secondo gli ultimi esami radiologici o quanto indicato dall'oncologo."),
      options: [
        { value: 'progressive', label: t('Progressing (growing or spreading)', 'En progresión (crece o se extiende)', 'In progressione (cresce o si diffonde)') },
        { value: 'stable', label: t('Stable', 'Estable', 'Stabile') },
        { value: 'responding', label: t('Responding (shrinking) to treatment', 'En respuesta (disminuye) al tratamiento', 'In risposta (si riduce) al trattamento') },
        { value: 'no_evidence', label: t('No evidence of disease', 'Sin evidencia de enfermedad', 'Nessuna evidenza di malattia') },
        unknown,
      ],
      mapsTo: 'diseaseStatus',
      validation: optional(),
    },
    {
      id: 'resectable',
      section: 'disease_status',
      type: 'single_choice',
      text: t(
        'Has the care team said the tumour can be removed completely with surgery?',
        '¿El equipo médico ha indicado que el tumor puede extirparse por completo con cirugía?',
        "L'équipe medica ha indicato che il tumore può essere asportato completamente con la chirurgia?",
      ),
      options: yesNoUnknown,
      mapsTo: 'resectable',
      validation: optional(),
      showIf: [{ questionId: 'metastatic', op: 'in', values: ['no', 'unknown'] }],
    },
    {
      id: `local_treatments.${fa}`,
      focusArea: fa,
      section: 'treatment',
      type: 'multiple_choice',
      text: t('Which of these treatments has the patient already received?', '¿Cuáles de estos tratamientos ha recibido ya el paciente?', 'Quali di questi trattamenti ha già ricevuto il paziente?'),
      help: t('Select all that apply.', 'Seleccione todas las opciones que correspondan.', 'Selezioni tutte le opzioni pertinenti.'),
      options: [
        { value: 'surgery', label: t('Surgery to remove the tumour', 'Cirugía para extirpar el tumor', 'Intervento chirurgico di asportazione del tumore') },
        { value: 'radiotherapy', label: t('Radiotherapy', 'Radioterapia', 'Radioterapia') },
        ...(localTreatmentExtras[fa] ?? []),
        { value: 'none', label: t('None of these', 'Ninguno de estos', 'Nessuno di questi') },
      ],
      exclusive: ['none'],
      mapsTo: 'priorTreatments',
      validation: optional({ maxItems: 5 }),
    },
    {
      id: 'prior_treatments',
      section: 'treatment',
      type: 'autocomplete',
      // each treatment also takes its course: setting, line, best response, progression
      autocomplete: { source: 'drugs', multiple: true, courses: true },
      ...noneOf(t('No anticancer medicines so far', 'Ningún medicamento contra el cáncer hasta ahora', 'Nessun farmaco antitumorale finora')),
      text: t(
        'Which anticancer medicines or regimens has the patient received?',
        '¿Qué medicamentos o esquemas contra el cáncer ha recibido el paciente?',
        'Quali farmaci o schemi antitumorali ha ricevuto il paziente?',
      ),
      help: t(
        'Type a drug (e.g. pembrolizumab), a regimen (e.g. FOLFOX) or a type of treatment (e.g. platinum chemotherapy); then, where known, when it was given, its line for metastatic disease, the best response and whether the disease progressed on it. Leave empty if none.',
        'Escriba un fármaco (p. ej., pembrolizumab), un esquema (p. ej., FOLFOX) o un tipo de tratamiento (p. ej., quimioterapia con platino); después, si se conocen, cuándo se administró, su línea para la enfermedad metastásica, la mejor respuesta y si la enfermedad progresó con él. Déjelo vacío si no ha recibido ninguno.',
        'Digiti un farmaco (ad es. pembrolizumab), uno schema (ad es. FOLFOX) o un tipo di trattamento (ad es. chemioterapia a base di platino); poi, se noti, quando è stato somministrato, la linea per la malattia metastatica, la migliore risposta e se la malattia è progredita durante il trattamento. Lasci vuoto se nessuno.',
      ),
      mapsTo: 'priorTreatments',
      validation: optional({ maxItems: 50 }),
    },
    {
      // trials state lines ("at least one prior line", "no more than two prior regimens for metastatic disease")
      id: 'prior_lines',
      section: 'treatment',
      type: 'number',
      text: t(
        'How many lines of systemic therapy has the patient received for advanced or metastatic disease?',
        '¿Cuántas líneas de tratamiento sistémico ha recibido el paciente para la enfermedad avanzada o metastásica?',
        'Quante linee di terapia sistemica ha ricevuto il paziente per la malattia avanzata o metastatica?',
      ),
      help: t(
        'Count each regimen given until progression or intolerance as one line; adjuvant or neoadjuvant treatment does not count. Leave empty if unsure.',
        'Cuente como una línea cada esquema administrado hasta la progresión o la intolerancia; el tratamiento adyuvante o neoadyuvante no cuenta. Déjelo vacío si no está seguro.',
        "Conti come una linea ogni schema somministrato fino a progressione o intolleranza; la terapia adiuvante o neoadiuvante non conta. Lasci vuoto se non è sicuro.",
      ),
      unit: t('lines', 'líneas', 'linee'),
      showIf: [{ questionId: 'metastatic', op: 'equals', value: 'yes' }],
      mapsTo: 'priorLines',
      validation: optional({ min: 0, max: 20, integer: true }),
    },
    ...diseaseSpecific[fa],
    {
      id: 'alterations',
      section: 'molecular',
      type: 'autocomplete',
      autocomplete: { source: 'variants', multiple: true },
      ...noneOf(t('Tested: no alteration found', 'Analizado: no se encontró ninguna alteración', 'Analizzato: nessuna alterazione trovata')),
      text: t(
        'Which genomic alterations were found when the tumour was tested (e.g. EGFR L858R, ALK fusion)?',
        '¿Qué alteraciones genómicas se encontraron en el análisis del tumor (p. ej., EGFR L858R, fusión de ALK)?',
        "Quali alterazioni genomiche sono state rilevate nell'analisi del tumore (ad es. EGFR L858R, fusione di ALK)?",
      ),
      help: t(
        'Type the gene, then the change, as written in the molecular report. Leave empty if not tested.',
        'Escriba el gen y después la alteración, tal como figuran en el informe molecular. Déjelo vacío si no se ha analizado.',
        'Digiti il gene e poi l\'alterazione, come riportati nel referto molecolare. Lasci vuoto se non è stato eseguito.',
      ),
      mapsTo: 'alterations',
      validation: optional({ maxItems: 30 }),
    },
    {
      id: 'tmb',
      section: 'molecular',
      type: 'number',
      text: t('What is the tumour mutational burden (TMB)?', '¿Cuál es la carga mutacional tumoral (TMB)?', 'Qual è il carico mutazionale del tumore (TMB)?'),
      help: t('In mutations per megabase, from the molecular report. Leave empty if not tested.', 'En mutaciones por megabase, según el informe molecular. Déjelo vacío si no se ha analizado.', 'In mutazioni per megabase, dal referto molecolare. Lasci vuoto se non è stato eseguito.'),
      unit: t('mut/Mb', 'mut/Mb', 'mut/Mb'),
      mapsTo: 'tmb',
      validation: optional({ min: 0, max: 1000 }),
    },
    // MSI status decides tumour-agnostic treatments and trials: asked in every focus area (an accepted
    // report finding "MS-Stable" is stored for a thyroid patient too); colon and stomach ask it earlier
    ...(diseaseSpecific[fa].includes(msiQuestion) ? [] : [msiQuestion]),
    {
      id: 'comorbidities',
      section: 'health',
      type: 'autocomplete',
      autocomplete: { source: 'comorbidities', multiple: true },
      ...noneOf(t('None', 'Ninguna', 'Nessuna')),
      text: t('Does the patient have any of these other health conditions?', '¿Tiene el paciente alguna de estas otras enfermedades?', 'Il paziente ha qualcuna di queste altre patologie?'),
      help: t('Add each condition; leave empty if none.', 'Añada cada enfermedad; déjelo vacío si no tiene ninguna.', 'Aggiunga ogni patologia; lasci vuoto se nessuna.'),
      mapsTo: 'comorbidities',
      validation: optional({ maxItems: 25 }),
    },
    {
      id: 'labs',
      section: 'health',
      type: 'labs',
      text: t('Recent laboratory values (optional)', 'Valores de laboratorio recientes (opcional)', 'Valori di laboratorio recenti (facoltativo)'),
      help: t(
        'Enter the values you have, in the unit of the report, with its upper limit of normal when a trial compares against it (e.g. bilirubin ≤ 1.5 × ULN). Accepted report findings fill them in.',
        'Introduzca los valores de que disponga, en la unidad del informe, con su límite superior de la normalidad cuando un ensayo lo compare (p. ej., bilirrubina ≤ 1,5 × LSN). Los hallazgos aceptados de los informes los rellenan.',
        "Inserisca i valori disponibili, nell'unità del referto, con il limite superiore della norma quando uno studio lo confronta (ad es. bilirubina ≤ 1,5 × LSN). I risultati accettati dai referti li compilano.",
      ),
      mapsTo: 'labs',
      validation: optional({ maxItems: LAB_ANALYTES.length }),
    },
    {
      id: 'location',
      section: 'location',
      type: 'location',
      text: t('Where does the patient live (city)?', '¿Dónde vive el paciente (ciudad)?', 'Dove vive il paziente (città)?'),
      help: t('Used only to find trial sites nearby.', 'Solo se usa para encontrar centros de ensayos cercanos.', 'Usato solo per trovare centri di sperimentazione vicini.'),
      mapsTo: 'location',
      validation: optional(),
    },
  );
  return list;
}

/** Focus area -> its questions in order. */
export const questionsByFocusArea: Readonly<Record<FocusArea, readonly QuestionDef[]>> = Object.fromEntries(focusAreas.map((fa) => [fa, focusQuestions(fa)])) as Record<FocusArea, QuestionDef[]>;

/** Every question by id (a shared id has the same definition in every focus area). */
export const questionById: ReadonlyMap<string, QuestionDef> = new Map(focusAreas.flatMap((fa) => questionsByFocusArea[fa].map((q) => [q.id, q] as const)));

export function localize(q: QuestionDef, lang: SurveyLang, order: number): SurveyQuestion {
  return {
    id: q.id,
    section: q.section,
    order,
    type: q.type,
    text: q.text[lang],
    ...(q.help ? { help: q.help[lang] } : {}),
    ...(q.options ? { options: q.options.map((o) => ({ value: o.value, label: o.label[lang], ...(o.description ? { description: o.description[lang] } : {}) })) } : {}),
    ...(q.unit ? { unit: q.unit[lang] } : {}),
    ...(q.autocomplete ? { autocomplete: q.autocomplete } : {}),
    ...(q.type === 'labs' ? { analytes: labAnalytesOf(lang) } : {}),
    mapsTo: q.mapsTo,
    validation: q.validation,
    ...(q.showIf ? { showIf: q.showIf } : {}),
  };
}

/** Names of the laboratory analytes: the shared locale files hold them (the reports screen shows the same). */
const LAB_LABELS: Record<SurveyLang, Record<string, string>> = { en: enLocale.labs, es: esLocale.labs, it: itLocale.labs };

/** The analyte a focus area asks as its own question ("prostate.psa"), which the labs answer leaves to it. */
export const MARKER_QUESTIONS: Record<string, string> = { psa: 'prostate.psa', afp: 'liver.afp', cea: 'colon.cea' };

/** The analytes of the labs question, in a language, each with the units it may be entered in. */
function labAnalytesOf(lang: SurveyLang) {
  return LAB_ANALYTES.map((a) => ({
    key: a.key,
    loinc: a.loinc,
    label: LAB_LABELS[lang][a.key],
    // the range a value may have in each unit: the input keeps the reading of "1,300" that fits, asks when both do
    units: a.units.map((u) => ({ value: u, label: displayUnit(u) || '—', ...plausibleIn(a.key, a.plausible, a.unit, u) })),
  }));
}

function plausibleIn(analyte: string, [lo, hi]: [number, number], from: string, to: string): { plausible?: [number, number] } {
  const a = convertLab(analyte, lo, from, to);
  const b = convertLab(analyte, hi, from, to);
  return a === undefined || b === undefined ? {} : { plausible: [Math.min(a, b), Math.max(a, b)] };
}

import { diseaseName, type GuidelinePack, type GuidelineSetting, type MessageLanguage } from '@oncodesk/shared/contracts';

/**
 * The words of a recommendation answer in the clinician's language: the engine's own phrases (here, in
 * en/es/it) and the pack's rule text (the pack carries its es and it translations, keyed by the English
 * text, so a label shared by twenty rules is translated once; the validator refuses a rule text without
 * them).
 */

export type PackTexts = { translations?: Partial<Record<'es' | 'it', Record<string, string>>> };

/** A pack text in the language asked; the English text when the pack has no translation (a pack the validator warned about). */
export function packText(pack: GuidelinePack & PackTexts, text: string, lang: MessageLanguage): string {
  if (lang === 'en') return text;
  return pack.translations?.[lang]?.[text] ?? text;
}

const SETTINGS: Record<MessageLanguage, Record<GuidelineSetting, string>> = {
  en: { early: 'early disease', locally_advanced: 'locally advanced disease', metastatic: 'advanced or metastatic disease' },
  es: { early: 'enfermedad precoz', locally_advanced: 'enfermedad localmente avanzada', metastatic: 'enfermedad avanzada o metastásica' },
  it: { early: 'malattia in stadio iniziale', locally_advanced: 'malattia localmente avanzata', metastatic: 'malattia avanzata o metastatica' },
};

const WORDS = {
  en: {
    otherScale: (scale: string) => `PD-L1 recorded on another scale (${scale}) than the label's threshold`,
    imdc: (risk: string) => `IMDC ${({ favorable: 'favourable', intermediate: 'intermediate', poor: 'poor' } as Record<string, string>)[risk] ?? risk} risk`,
    her2Ultralow: 'HER2-ultralow (IHC 0 with membrane staining)',
    noDiagnosis: 'Diagnosis (OncoTree code) not recorded',
    noDiagnosisAction: 'Answer the diagnosis question of the survey',
    diagnosis: (code: string, name: string) => `Diagnosis ${code} (${name})`,
    setting: (s: string) => `Setting: ${s}`,
    settingAssumed: (s: string) => `If the patient has ${s} (not recorded)`,
    settingMissing: 'Stage, or whether the disease is metastatic or unresectable, not recorded',
    settingAction: 'Record the stage group, whether the disease has spread and whether it can be removed with surgery',
    settingDecides: 'Whether the disease is metastatic or unresectable (stage group)',
    linesMissing: 'Lines of systemic therapy received for metastatic disease not recorded',
    linesAction: 'Record the prior treatments with their setting and line',
    historyMissing: 'Prior systemic treatments not recorded',
    firstLineCaveat: 'No treatment for metastatic disease is recorded: this is a first-line option.',
    laterLineCaveat: (n: number) => `This option is for line ${n} or later; the lines received are not recorded.`,
    line: (n: number) => `Line ${n} in the metastatic setting`,
    patientFact: (label: string, fact: string) => `${label} (patient: ${fact})`,
    notRecorded: (label: string) => `${label}: not recorded`,
    ifState: (label: string) => `If: ${label} (not recorded)`,
    histology: (name: string) => `If the diagnosis is ${name} (the record names a broader one)`,
    histologyFact: 'The tumour type on the pathology report',
    progressedOn: (drugs: string) => `The disease progressed on ${drugs}`,
    receivedForAdvanced: (drugs: string) => `Already given for advanced disease: ${drugs}`,
    whereGiven: (drugs: string) => `Where ${drugs} was given (for advanced disease, or before or after surgery)`,
    notGivenForAdvanced: (drugs: string) => `${drugs} not given for advanced disease`,
    notChecked: (label: string, action?: string) =>
      `Not checked: ${label} is not recorded${action ? ` (${action.charAt(0).toLowerCase()}${action.slice(1)})` : ''}.`,
  },
  es: {
    otherScale: (scale: string) => `PD-L1 registrado en otra escala (${scale}) que el umbral de la ficha técnica`,
    imdc: (risk: string) =>
      `riesgo IMDC ${({ favorable: 'favorable', intermediate: 'intermedio', poor: 'desfavorable' } as Record<string, string>)[risk] ?? risk}`,
    her2Ultralow: 'HER2-ultralow (IHQ 0 con tinción de membrana)',
    noDiagnosis: 'Diagnóstico (código OncoTree) no registrado',
    noDiagnosisAction: 'Responda a la pregunta del diagnóstico de la encuesta',
    diagnosis: (code: string, name: string) => `Diagnóstico ${code} (${name})`,
    setting: (s: string) => `Situación: ${s}`,
    settingAssumed: (s: string) => `Si el paciente tiene ${s} (no registrado)`,
    settingMissing: 'Estadio, o si la enfermedad es metastásica o irresecable, no registrado',
    settingAction: 'Registre el estadio, si la enfermedad se ha extendido y si puede extirparse con cirugía',
    settingDecides: 'Si la enfermedad es metastásica o irresecable (estadio)',
    linesMissing: 'Líneas de tratamiento sistémico recibidas para la enfermedad metastásica no registradas',
    linesAction: 'Registre los tratamientos previos con su contexto y su línea',
    historyMissing: 'Tratamientos sistémicos previos no registrados',
    firstLineCaveat: 'No consta tratamiento para la enfermedad metastásica: es una opción de primera línea.',
    laterLineCaveat: (n: number) => `Esta opción es para la línea ${n} o posteriores; las líneas recibidas no están registradas.`,
    line: (n: number) => `Línea ${n} en la enfermedad metastásica`,
    patientFact: (label: string, fact: string) => `${label} (paciente: ${fact})`,
    notRecorded: (label: string) => `${label}: no registrado`,
    ifState: (label: string) => `Si: ${label} (no registrado)`,
    histology: (name: string) => `Si el diagnóstico es ${name} (el registro indica uno más general)`,
    histologyFact: 'El tipo de tumor del informe de anatomía patológica',
    progressedOn: (drugs: string) => `La enfermedad progresó con ${drugs}`,
    receivedForAdvanced: (drugs: string) => `Ya administrado para la enfermedad avanzada: ${drugs}`,
    whereGiven: (drugs: string) => `Cuándo se administró ${drugs} (para la enfermedad avanzada, o antes o después de la cirugía)`,
    notGivenForAdvanced: (drugs: string) => `${drugs} no administrado para la enfermedad avanzada`,
    notChecked: (label: string, action?: string) =>
      `No comprobado: ${label} no está registrado${action ? ` (${action.charAt(0).toLowerCase()}${action.slice(1)})` : ''}.`,
  },
  it: {
    otherScale: (scale: string) => `PD-L1 registrato su un'altra scala (${scale}) rispetto alla soglia della scheda tecnica`,
    imdc: (risk: string) =>
      `rischio IMDC ${({ favorable: 'favorevole', intermediate: 'intermedio', poor: 'sfavorevole' } as Record<string, string>)[risk] ?? risk}`,
    her2Ultralow: 'HER2-ultralow (IHC 0 con colorazione di membrana)',
    noDiagnosis: 'Diagnosi (codice OncoTree) non registrata',
    noDiagnosisAction: 'Risponda alla domanda sulla diagnosi del questionario',
    diagnosis: (code: string, name: string) => `Diagnosi ${code} (${name})`,
    setting: (s: string) => `Contesto: ${s}`,
    settingAssumed: (s: string) => `Se il paziente ha una ${s} (non registrato)`,
    settingMissing: 'Stadio, o se la malattia è metastatica o non resecabile, non registrato',
    settingAction: 'Registri lo stadio, se la malattia si è diffusa e se può essere asportata chirurgicamente',
    settingDecides: 'Se la malattia è metastatica o non resecabile (stadio)',
    linesMissing: 'Linee di terapia sistemica ricevute per la malattia metastatica non registrate',
    linesAction: 'Registri i trattamenti precedenti con il contesto e la linea',
    historyMissing: 'Trattamenti sistemici precedenti non registrati',
    firstLineCaveat: 'Non risulta alcun trattamento per la malattia metastatica: è un’opzione di prima linea.',
    laterLineCaveat: (n: number) => `Questa opzione è per la linea ${n} o successive; le linee ricevute non sono registrate.`,
    line: (n: number) => `Linea ${n} nella malattia metastatica`,
    patientFact: (label: string, fact: string) => `${label} (paziente: ${fact})`,
    notRecorded: (label: string) => `${label}: non registrato`,
    ifState: (label: string) => `Se: ${label} (non registrato)`,
    histology: (name: string) => `Se la diagnosi è ${name} (il record ne indica una più generale)`,
    histologyFact: 'Il tipo di tumore nel referto istologico',
    progressedOn: (drugs: string) => `La malattia è progredita durante ${drugs}`,
    receivedForAdvanced: (drugs: string) => `Già somministrato per la malattia avanzata: ${drugs}`,
    whereGiven: (drugs: string) => `Quando è stato somministrato ${drugs} (per la malattia avanzata, o prima o dopo la chirurgia)`,
    notGivenForAdvanced: (drugs: string) => `${drugs} non somministrato per la malattia avanzata`,
    notChecked: (label: string, action?: string) =>
      `Non verificato: ${label} non è registrato${action ? ` (${action.charAt(0).toLowerCase()}${action.slice(1)})` : ''}.`,
  },
} satisfies Record<MessageLanguage, unknown>;

/** The engine's phrases in one language, with the setting and the diagnosis named in it. */
export function engineText(lang: MessageLanguage) {
  const w = WORDS[lang];
  return {
    ...w,
    diagnosis: (code: string, english: string) => w.diagnosis(code, diseaseName(code, lang, english) ?? english),
    setting: (s: GuidelineSetting) => w.setting(SETTINGS[lang][s]),
    settingAssumed: (s: GuidelineSetting) => w.settingAssumed(SETTINGS[lang][s]),
    histology: (code: string, english: string) => w.histology(`${diseaseName(code, lang, english) ?? english} (${code})`),
  };
}

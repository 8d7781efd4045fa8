import type { SurveyErrorCode, SurveyLang } from '@oncodesk/shared/contracts';

/** Messages of the survey's validation codes, en/es/it; `{min}`, `{max}`, `{maxItems}`, `{value}` are filled in. */
export const surveyErrorMessages: Record<SurveyErrorCode, Record<SurveyLang, string>> = {
  unknown_question: { en: 'This question does not exist.', es: 'Esta pregunta no existe.', it: 'Questa domanda non esiste.' },
  question_not_in_focus_area: { en: 'This question does not belong to this type of cancer.', es: 'Esta pregunta no corresponde a este tipo de cáncer.', it: 'Questa domanda non riguarda questo tipo di tumore.' },
  required: { en: 'An answer is required.', es: 'Se necesita una respuesta.', it: 'È necessaria una risposta.' },
  invalid_type: { en: 'This kind of answer is not accepted here.', es: 'Este tipo de respuesta no se acepta aquí.', it: 'Questo tipo di risposta non è accettato qui.' },
  not_a_number: { en: 'Enter a number.', es: 'Introduzca un número.', it: 'Inserisca un numero.' },
  not_integer: { en: 'Enter a whole number.', es: 'Introduzca un número entero.', it: 'Inserisca un numero intero.' },
  below_min: { en: 'The value must be at least {min}.', es: 'El valor debe ser como mínimo {min}.', it: 'Il valore deve essere almeno {min}.' },
  above_max: { en: 'The value must be at most {max}.', es: 'El valor debe ser como máximo {max}.', it: 'Il valore deve essere al massimo {max}.' },
  invalid_option: { en: 'Choose one of the options offered.', es: 'Elija una de las opciones propuestas.', it: 'Scelga una delle opzioni proposte.' },
  too_many_items: { en: 'Too many answers (at most {maxItems}).', es: 'Demasiadas respuestas (como máximo {maxItems}).', it: 'Troppe risposte (al massimo {maxItems}).' },
  duplicate_item: { en: 'The same answer was given twice.', es: 'La misma respuesta se ha indicado dos veces.', it: 'La stessa risposta è stata indicata due volte.' },
  too_long: { en: 'The answer is too long.', es: 'La respuesta es demasiado larga.', it: 'La risposta è troppo lunga.' },
  unknown_oncotree_code: { en: 'Unknown diagnosis: choose one from the list.', es: 'Diagnóstico desconocido: elija uno de la lista.', it: "Diagnosi sconosciuta: ne scelga una dall'elenco." },
  oncotree_outside_focus_area: { en: 'This diagnosis belongs to another type of cancer.', es: 'Este diagnóstico corresponde a otro tipo de cáncer.', it: 'Questa diagnosi riguarda un altro tipo di tumore.' },
  unknown_gene: { en: 'Unknown gene: check the symbol (e.g. EGFR, ERBB2).', es: 'Gen desconocido: compruebe el símbolo (p. ej., EGFR, ERBB2).', it: 'Gene sconosciuto: verifichi il simbolo (ad es. EGFR, ERBB2).' },
  unknown_variant: { en: 'Unrecognised alteration: choose one from the list or write the protein change (e.g. L858R).', es: 'Alteración no reconocida: elija una de la lista o escriba el cambio proteico (p. ej., L858R).', it: "Alterazione non riconosciuta: ne scelga una dall'elenco o scriva la variazione proteica (ad es. L858R)." },
  unknown_drug: { en: 'Unknown medicine: choose one from the list.', es: 'Medicamento desconocido: elija uno de la lista.', it: "Farmaco sconosciuto: ne scelga uno dall'elenco." },
  unknown_comorbidity: { en: 'Unknown condition: choose one from the list.', es: 'Enfermedad desconocida: elija una de la lista.', it: "Patologia sconosciuta: ne scelga una dall'elenco." },
  invalid_date: { en: 'Enter a valid date.', es: 'Introduzca una fecha válida.', it: 'Inserisca una data valida.' },
  date_in_future: { en: 'The date cannot be in the future.', es: 'La fecha no puede ser futura.', it: 'La data non può essere nel futuro.' },
  date_too_old: { en: 'The date is too far in the past.', es: 'La fecha es demasiado antigua.', it: 'La data è troppo lontana nel passato.' },
  location_id_invalid: { en: 'Choose a place from the suggestions.', es: 'Elija un lugar de las sugerencias.', it: 'Scelga un luogo tra i suggerimenti.' },
  location_not_found: { en: 'This place was not found.', es: 'No se ha encontrado este lugar.', it: 'Questo luogo non è stato trovato.' },
  payload_too_large: { en: 'The answer is too large.', es: 'La respuesta es demasiado grande.', it: 'La risposta è troppo grande.' },
  unknown_analyte: { en: 'Unknown laboratory test: choose one from the list.', es: 'Análisis de laboratorio desconocido: elija uno de la lista.', it: "Esame di laboratorio sconosciuto: ne scelga uno dall'elenco." },
  unit_invalid: { en: 'This unit cannot be used for this test: choose one from the list.', es: 'Esta unidad no se puede usar para este análisis: elija una de la lista.', it: "Questa unità non può essere usata per questo esame: ne scelga una dall'elenco." },
  implausible_value: { en: 'This value is not possible for this test: check the number and the unit.', es: 'Este valor no es posible para este análisis: compruebe el número y la unidad.', it: 'Questo valore non è possibile per questo esame: verifichi il numero e l\'unità.' },
  number_ambiguous: { en: '"{value}" could be {a} or {b}: write it without the separator or with its decimal mark only.', es: '«{value}» puede ser {a} o {b}: escríbalo sin separador o solo con la coma decimal.', it: '«{value}» può essere {a} o {b}: lo scriva senza separatore o solo con la virgola decimale.' },
  number_is_limit: { en: 'Enter the value itself: "<" or ">" gives a limit, not a value.', es: 'Introduzca el valor en sí: «<» o «>» indica un límite, no un valor.', it: 'Inserisca il valore stesso: «<» o «>» indica un limite, non un valore.' },
  number_is_range: { en: 'Enter one value, not a range.', es: 'Introduzca un solo valor, no un intervalo.', it: 'Inserisca un solo valore, non un intervallo.' },
  unit_not_of_question: { en: 'This question takes the value in {unit}.', es: 'Esta pregunta pide el valor en {unit}.', it: 'Questa domanda chiede il valore in {unit}.' },
  line_needs_metastatic_setting: { en: 'A line of therapy is given only for treatment of metastatic disease: set the setting to metastatic or leave the line empty.', es: 'La línea de tratamiento solo se indica para el tratamiento de la enfermedad metastásica: elija el contexto metastásico o deje la línea vacía.', it: 'La linea di terapia si indica solo per il trattamento della malattia metastatica: scelga il contesto metastatico o lasci vuota la linea.' },
};

export function surveyMessage(code: SurveyErrorCode, lang: SurveyLang, params: Record<string, string | number> = {}): string {
  return surveyErrorMessages[code][lang].replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** Route-level codes of the survey (beside the validation codes above). */
export const surveyRouteErrorMessages = {
  focus_area_mismatch: {
    en: 'This patient folder is about another type of cancer.',
    es: 'Esta carpeta de paciente corresponde a otro tipo de cáncer.',
    it: 'Questa cartella del paziente riguarda un altro tipo di tumore.',
  },
} as const;

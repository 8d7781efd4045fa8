/**
 * Laboratory reports made here (pdf-lib) beside reports.ts's layouts, in English, Spanish and Italian, with
 * what each must yield: flags written in the value's cell ("3.4 L"), limits as references ("<41"), counts
 * in x10^3/µL, x10^9/L, 10*3/uL, K/uL and /µL with thousands separators, decimal commas, eGFR with its
 * CKD-EPI name. And their photographs: turned, skewed, at low resolution, as JPEG. Synthetic: no patient.
 */
import { madePdf, type Expected, type MadeReport } from './reports';
import { LAB_BY_KEY } from '../../src/vocab/labUnits';

const lab = (key: string, value: number, unit: string): Expected => ({ kind: 'lab', loinc: LAB_BY_KEY.get(key)!.loinc, value, unit });
/** A table row: name, result (with its flag, as some laboratories print it), unit, reference. */
const row = (name: string, result: string, unit: string, ref: string) => [
  { text: name, x: 50 },
  { text: result, x: 250 },
  { text: unit, x: 330 },
  { text: ref, x: 450 },
];

export const LAB_REPORTS: MadeReport[] = [
  {
    name: 'laboratory report, US style (flags in the value cell, limits, x10^3/µL)',
    lines: [
      { text: 'SYNTHETIC TEST DOCUMENT - NOT A REAL PATIENT', size: 9 },
      { text: 'Regional Medical Laboratory - Final Report', size: 14 },
      { text: 'Specimen collected 11/18/2026 07:40   Reported 11/18/2026 12:05' },
      row('Test', 'Result', 'Units', 'Reference Interval'),
      row('Hemoglobin', '11.2 L', 'g/dL', '12.0-15.5'),
      row('WBC', '3.4 L', 'x10^3/µL', '4.0-11.0'),
      row('Absolute Neutrophils', '1.9', 'x10^9/L', '1.8-7.7'),
      row('Lymphocytes, Absolute', '0.8 L', '10*3/uL', '1.0-4.8'),
      row('Platelets', '150,000', '/uL', '150,000-400,000'),
      row('ALT', '31', 'U/L', '<41'),
      row('AST', '52 H', 'U/L', '<40'),
      row('Alkaline Phosphatase', '98', 'U/L', '40-129'),
      row('Total Bilirubin', '0.8', 'mg/dL', '0.1-1.2'),
      row('Creatinine', '1.32 H', 'mg/dL', '0.57-1.00'),
      row('Estimated GFR (CKD-EPI)', '44', 'mL/min/1.73m2', '>60'),
      row('Albumin', '3.4 L', 'g/dL', '3.5-5.2'),
      row('INR', '1.0', '', '0.9-1.1'),
    ],
    expected: [
      lab('hemoglobin', 11.2, 'g/dL'),
      lab('wbc', 3.4, '10*3/uL'),
      lab('anc', 1.9, '10*9/L'),
      lab('lymphocytes', 0.8, '10*3/uL'),
      lab('platelets', 150000, '/uL'),
      lab('alt', 31, 'U/L'),
      lab('ast', 52, 'U/L'),
      lab('alp', 98, 'U/L'),
      lab('bilirubin', 0.8, 'mg/dL'),
      lab('creatinine', 1.32, 'mg/dL'),
      lab('creatinine_clearance', 44, 'mL/min/{1.73_m2}'),
      lab('albumin', 3.4, 'g/dL'),
      lab('inr', 1.0, '{INR}'),
    ],
  },
  {
    name: 'informe de laboratorio (es: coma decimal, 150.000/µL)',
    lines: [
      { text: 'DOCUMENTO DE PRUEBA SINTETICO - NO ES UN PACIENTE REAL', size: 9 },
      { text: 'Laboratorio Clinico - Informe de resultados', size: 14 },
      { text: 'Fecha de extraccion: 18/11/2026   Servicio de Oncologia' },
      row('Prueba', 'Resultado', 'Unidades', 'Valores de referencia'),
      row('Hemoglobina', '11,8 L', 'g/dL', '12,0 - 15,5'),
      row('Leucocitos', '6,2', 'x10^9/L', '4,0 - 11,0'),
      row('Neutrofilos', '1,3 L', 'x10^9/L', '1,5 - 7,5'),
      row('Plaquetas', '150.000', '/µL', '150.000 - 400.000'),
      row('Creatinina', '0,95', 'mg/dL', '0,50 - 1,10'),
      row('Filtrado glomerular estimado', '78', 'mL/min/1,73m2', '> 60'),
      row('Bilirrubina total', '1,3 H', 'mg/dL', '0,3 - 1,2'),
      row('AST (GOT)', '28', 'U/L', '< 40'),
      row('ALT (GPT)', '45 H', 'U/L', '< 41'),
      row('Albumina', '3,9', 'g/dL', '3,5 - 5,2'),
      row('LDH', '245 H', 'U/L', '135 - 225'),
    ],
    expected: [
      lab('hemoglobin', 11.8, 'g/dL'),
      lab('wbc', 6.2, '10*9/L'),
      lab('anc', 1.3, '10*9/L'),
      lab('platelets', 150000, '/uL'),
      lab('creatinine', 0.95, 'mg/dL'),
      lab('creatinine_clearance', 78, 'mL/min/{1.73_m2}'),
      lab('bilirubin', 1.3, 'mg/dL'),
      lab('ast', 28, 'U/L'),
      lab('alt', 45, 'U/L'),
      lab('albumin', 3.9, 'g/dL'),
      lab('ldh', 245, 'U/L'),
    ],
  },
  {
    name: 'referto di laboratorio (it: virgola decimale, 210.000/mm3, K/uL)',
    lines: [
      { text: 'DOCUMENTO DI PROVA SINTETICO - NON E UN PAZIENTE REALE', size: 9 },
      { text: 'Laboratorio Analisi - Referto degli esami', size: 14 },
      { text: 'Data del prelievo: 18/11/2026   Reparto di Oncologia' },
      row('Esame', 'Risultato', 'Unita', 'Intervallo di riferimento'),
      row('Emoglobina', '10,9 L', 'g/dL', '12,0 - 16,0'),
      row('Globuli bianchi', '7,1', 'K/uL', '4,0 - 10,0'),
      row('Neutrofili', '4,5', '10^3/µL', '2,0 - 7,0'),
      row('Piastrine', '210.000', '/mm3', '150.000 - 450.000'),
      row('Creatinina', '1,3 H', 'mg/dL', '0,6 - 1,2'),
      row('eGFR (CKD-EPI)', '55 L', 'mL/min/1,73m2', '> 60'),
      row('Bilirubina totale', '0,7', 'mg/dL', '0,3 - 1,2'),
      row('ALT', '45 H', 'U/L', '< 41'),
      row('AST', '30', 'U/L', '< 40'),
      row('Fosfatasi alcalina', '110', 'U/L', '40 - 130'),
      row('Albumina', '4,1', 'g/dL', '3,5 - 5,0'),
      row('INR', '1,1', '', '0,8 - 1,2'),
    ],
    expected: [
      lab('hemoglobin', 10.9, 'g/dL'),
      lab('wbc', 7.1, '10*3/uL'),
      lab('anc', 4.5, '10*3/uL'),
      lab('platelets', 210000, '/uL'),
      lab('creatinine', 1.3, 'mg/dL'),
      lab('creatinine_clearance', 55, 'mL/min/{1.73_m2}'),
      lab('bilirubin', 0.7, 'mg/dL'),
      lab('alt', 45, 'U/L'),
      lab('ast', 30, 'U/L'),
      lab('alp', 110, 'U/L'),
      lab('albumin', 4.1, 'g/dL'),
      lab('inr', 1.1, '{INR}'),
    ],
  },
];

export interface Shot {
  /** Turn of the whole page, degrees clockwise (0, 90, 180, 270). */
  turn?: number;
  /** The photographer's tilt, degrees (±5). */
  angle?: number;
  /** Horizontal shear (a page photographed from the side), as tan of the angle. */
  shear?: number;
  /** Resolution of the page in the photo. */
  dpi?: number;
  /** JPEG quality (0-100). */
  quality?: number;
}

/** The photographs of each laboratory report that the reader must read. */
export const SHOTS: Array<[string, Shot]> = [
  ['flat', {}],
  ['tilted 3°', { angle: 3 }],
  ['tilted -5°', { angle: -5 }],
  ['skewed (2° and sheared)', { angle: 2, shear: 0.04 }],
  ['low resolution (100 dpi, JPEG 60)', { dpi: 100, quality: 60 }],
  ['upside down', { turn: 180 }],
  ['sideways, tilted 2°', { turn: 90, angle: 2 }],
];

/**
 * A phone photograph of a made report: the page drawn at `dpi` on grey paper-coloured ground, turned and
 * tilted about its centre, sheared, saved as JPEG — the picture a clinician drops, with no text layer.
 */
export async function photographedReport(r: MadeReport, shot: Shot = {}): Promise<Uint8Array> {
  const { turn = 0, angle = 0, shear = 0, dpi = 200, quality = 80 } = shot;
  const { renderPdfPage } = await import('../../src/documents/pdfText');
  const { png } = await renderPdfPage(await madePdf(r), 1, dpi / 72);
  const { loadImage, createCanvas } = await import('@napi-rs/canvas');
  const img = await loadImage(Buffer.from(png));
  const sideways = turn % 180 !== 0;
  const w = sideways ? img.height : img.width;
  const h = sideways ? img.width : img.height;
  // room for the tilted page: a photo shows some table around it
  const pad = Math.round(0.06 * Math.max(w, h));
  const canvas = createCanvas(w + 2 * pad, h + 2 * pad);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#9a9388';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate(((turn + angle) * Math.PI) / 180);
  ctx.transform(1, 0, shear, 1, 0, 0);
  ctx.fillStyle = '#fbfaf5';
  ctx.fillRect(-img.width / 2, -img.height / 2, img.width, img.height);
  ctx.drawImage(img, -img.width / 2, -img.height / 2);
  return new Uint8Array(canvas.toBuffer('image/jpeg', quality));
}

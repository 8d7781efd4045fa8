/**
 * The laboratory reader on the cells of a line, whatever wrote them (text layer, OCR, CSV): flags beside
 * values, limits as references, counts in every unit style, decimal commas and thousands separators read
 * as the report's language writes them, and what no reading settles kept as not understood.
 */
import { labFindings, readingsOf, ulnOf } from '../../src/documents/extract/lab';
import type { Line } from '../../src/documents/layout';
import { convertLab, toUcum } from '../../src/vocab/labUnits';
import { languageOf, readableShare } from '../../src/documents/words';
import { garbledText } from '../documents/garbled';

const line = (text: string): Line => ({ page: 1, items: [{ str: text, x: 0, y: 0, width: 100, height: 10 }], text, box: { x: 0, y: 0, width: 100, height: 10 } });
const HEADER = { en: 'Test Result Units Reference Interval', es: 'Prueba Resultado Unidades Valores de referencia', it: 'Esame Risultato Unità Intervallo di riferimento' };
const read = (rows: string[], lang?: keyof typeof HEADER) =>
  labFindings([...(lang ? [line(HEADER[lang])] : []), ...rows.map(line)]).map(({ analyte, value, unit, flag, referenceRange, interpretation }) => ({ analyte, value, unit, flag, referenceRange, interpretation }));

describe('flags and references are cells of their own', () => {
  it('"3.4 L" is 3.4 flagged low (not 34), also when OCR glues the flag to the number', () => {
    expect(read(['WBC 3.4 L x10^3/µL 4.0-11.0', 'Albumin 3.4L g/dL 3.5-5.2'], 'en')).toEqual([
      { analyte: 'wbc', value: 3.4, unit: '10*3/uL', flag: 'L', referenceRange: '4.0-11.0' },
      { analyte: 'albumin', value: 3.4, unit: 'g/dL', flag: 'L', referenceRange: '3.5-5.2' },
    ]);
  });

  it('a reference "<41" stays "<41" and gives ULN 41', () => {
    const [alt] = read(['ALT 31 U/L <41'], 'en');
    expect(alt).toMatchObject({ value: 31, referenceRange: '<41' });
    expect(ulnOf(alt.referenceRange)).toBe(41);
  });

  it('a reference whose ULN no laboratory prints for the analyte is dropped, not stored (ALT "<4", bilirubin "0.2-12")', () => {
    expect(read(['ALT 31 U/L <4', 'Total Bilirubin 0.8 mg/dL 0.2-12', 'Hemoglobin 11.2 g/dL 15.5-12.0'], 'en').map((f) => f.referenceRange)).toEqual([undefined, undefined, undefined]);
    // the value itself is kept
    expect(read(['ALT 31 U/L <4'], 'en')[0]).toMatchObject({ value: 31, unit: 'U/L' });
  });

  it('a value no human could have is kept as printed and not understood, never proposed as a number', () => {
    expect(read(['Hemoglobin 112 g/dL 12.0-15.5'], 'en')).toEqual([{ analyte: 'hemoglobin', value: '112', unit: 'g/dL', interpretation: 'not_understood' }]);
  });
});

describe('blood counts in the units laboratories print', () => {
  it.each([
    ['WBC 5.4 x10^3/µL', '10*3/uL', 5.4],
    ['WBC 5.4 x10^3/μL', '10*3/uL', 5.4],
    ['WBC 5.4 x10³/µL', '10*3/uL', 5.4],
    ['WBC 5.4 x103/uL', '10*3/uL', 5.4],
    ['WBC 5.4 x1073/puL', '10*3/uL', 5.4],
    ['WBC 5.4 x10^9/L', '10*9/L', 5.4],
    ['WBC 5.4 10*3/uL', '10*3/uL', 5.4],
    ['WBC 5.4 K/uL', '10*3/uL', 5.4],
    ['Platelets 150,000 /uL', '/uL', 150000],
    ['Platelets 210 10^9/L', '10*9/L', 210],
  ])('%s', (text, unit, value) => {
    const [f] = read([text], 'en');
    expect(f).toMatchObject({ analyte: text.startsWith('WBC') ? 'wbc' : 'platelets', value, unit });
    // and they compare: every one is 10^9/L arithmetic away
    expect(convertLab(f.analyte!, value, unit, '10*9/L')).toBeCloseTo(unit === '/uL' ? value / 1000 : value, 6);
  });

  it('knows the Greek mu pdf.js gives for µ and the superscripts of a printed power', () => {
    expect(toUcum('x10^3/μL')).toBe('10*3/uL');
    expect(toUcum('×10⁹/L')).toBe('10*9/L');
  });
});

describe('eGFR', () => {
  it('"Estimated GFR (CKD-EPI) 44 mL/min/1.73m2" is read', () => {
    expect(read(['Estimated GFR (CKD-EPI) 44 mL/min/1.73m2 >60'], 'en')).toEqual([{ analyte: 'creatinine_clearance', value: 44, unit: 'mL/min/{1.73_m2}', referenceRange: '>60' }]);
  });
  it('in Spanish and Italian', () => {
    expect(read(['Filtrado glomerular estimado 78 mL/min/1,73m2 > 60'], 'es')[0]).toMatchObject({ analyte: 'creatinine_clearance', value: 78 });
    expect(read(['Velocità di filtrazione glomerulare (eGFR) 55 mL/min/1,73m2'], 'it')[0]).toMatchObject({ analyte: 'creatinine_clearance', value: 55 });
    expect(read(['Filtrazione glomerulare stimata 55 mL/min/1,73m2'], 'it')[0]).toMatchObject({ analyte: 'creatinine_clearance', value: 55 });
  });
});

describe('decimal commas and thousands separators, by the report language', () => {
  it('es/it: "11,8" and "1,3" are decimals, "150.000/µL" is 150 thousand', () => {
    expect(read(['Hemoglobina 11,8 L g/dL 12,0 - 15,5', 'Creatinina 1,3 H mg/dL 0,6 - 1,2', 'Plaquetas 150.000 /µL 150.000 - 400.000'], 'es')).toEqual([
      { analyte: 'hemoglobin', value: 11.8, unit: 'g/dL', flag: 'L', referenceRange: '12.0 - 15.5' },
      { analyte: 'creatinine', value: 1.3, unit: 'mg/dL', flag: 'H', referenceRange: '0.6 - 1.2' },
      { analyte: 'platelets', value: 150000, unit: '/uL', referenceRange: '150000 - 400000' },
    ]);
    expect(read(['Piastrine 210.000 /mm3 150.000 - 450.000', 'Emoglobina 10,9 L g/dL 12,0 - 16,0'], 'it').map((f) => f.value)).toEqual([210000, 10.9]);
  });

  it('en: "150,000/uL" is 150 thousand, "1.500" one and a half', () => {
    expect(read(['Platelets 150,000 /uL 150,000-400,000', 'Creatinine 1.500 mg/dL 0.5-1.2'], 'en').map((f) => [f.value, f.referenceRange])).toEqual([
      [150000, '150000-400000'],
      [1.5, '0.5-1.2'],
    ]);
  });

  it('a separator neither the language nor plausibility settles is kept as printed, not understood', () => {
    // no words tell the language: "150.000" platelets could be 150 or 150,000 per µL
    expect(read(['Platelets 150.000 /µL'])).toEqual([{ analyte: 'platelets', value: '150.000', unit: '/uL', interpretation: 'not_understood' }]);
    // ...while only one reading of "1.500 mg/dL" creatinine is a human value
    expect(read(['Creatinine 1.500 mg/dL'])[0]).toMatchObject({ value: 1.5 });
  });

  it('readings of a printed number', () => {
    expect(readingsOf('1,500', undefined)).toEqual([1500, 1.5]);
    expect(readingsOf('1,500', 'point')).toEqual([1500]);
    expect(readingsOf('1,500', 'comma')).toEqual([1.5]);
    expect(readingsOf('1.234,5', undefined)).toEqual([1234.5]);
    expect(readingsOf('1.500.000', undefined)).toEqual([1500000]);
    expect(readingsOf('0,500', undefined)).toEqual([0.5]);
    expect(readingsOf('11,8', undefined)).toEqual([11.8]);
  });
});

describe('words: the report language and whether a text layer reads', () => {
  it('tells English, Spanish and Italian reports apart, and says nothing when words do not decide', () => {
    expect(languageOf('Regional Medical Laboratory - Final Report\nTest Result Units Reference Interval\nPlatelets 150,000')).toBe('en');
    expect(languageOf('Laboratorio Clinico - Informe de resultados\nPrueba Resultado Unidades Valores de referencia')).toBe('es');
    expect(languageOf('Laboratorio Analisi - Referto degli esami\nEsame Risultato Unita Intervallo di riferimento')).toBe('it');
    expect(languageOf('WBC 5.4 x10^9/L')).toBeUndefined();
  });

  it('a text layer of glyph soup reads as almost nothing; report text as half or more', () => {
    const text = 'Summary of Detected Somatic Alterations, Immunotherapy Biomarkers and Associated Treatment Options. CDKN2A R80* 3.4% FGFR1 Amplification High PIK3CA Amplification Medium MSI-High DETECTED';
    expect(readableShare(text).share).toBeGreaterThan(0.5);
    expect(readableShare(garbledText(text)).share).toBeLessThan(0.1);
  });
});

describe('what OCR does to a value printed with its flag', () => {
  it('"34L" against "3.5-5.2" (OCR of "3.4 L" dropping the point) is not understood, never albumin 34 or 3.4 guessed', () => {
    expect(read(['Albumin 34L g/dL 3.5-5.2', 'WBC 34L x1073/uL 4.0-11.0', 'Total Bilirubin 13H mg/dL'], 'en')).toEqual([
      { analyte: 'albumin', value: '34L', unit: 'g/dL', flag: 'L', interpretation: 'not_understood' },
      { analyte: 'wbc', value: '34L', unit: '10*3/uL', flag: 'L', interpretation: 'not_understood' },
      { analyte: 'bilirubin', value: '13H', unit: 'mg/dL', flag: 'H', interpretation: 'not_understood' },
    ]);
  });
  it('a whole number whose reference agrees with its flag stands ("45H" against "<41", "11.2L")', () => {
    expect(read(['ALT 45H U/L <41', 'Hemoglobin 11.2L g/dL 12.0-15.5'], 'en')).toEqual([
      { analyte: 'alt', value: 45, unit: 'U/L', flag: 'H', referenceRange: '<41' },
      { analyte: 'hemoglobin', value: 11.2, unit: 'g/dL', flag: 'L', referenceRange: '12.0-15.5' },
    ]);
  });
});

describe('a line whose report language is not known', () => {
  it('takes the value\'s separator as the line\'s: "11,8" then "12,0 - 15,5"; "1.500" (only 1.5 mg/dL is a human value) then "0.500-1.200"', () => {
    expect(read(['Hemoglobin 11,8 g/dL 12,0 - 15,5'])[0]).toMatchObject({ value: 11.8, referenceRange: '12.0 - 15.5' });
    expect(read(['Creatinine 1.500 mg/dL 0.500-1.200'])[0]).toMatchObject({ value: 1.5, referenceRange: '0.500-1.200' });
  });
});

describe('a line whose reference lost its decimal signs to OCR', () => {
  it('"13 H mg/dL 03-12" (bilirubin 1,3 against 0,3 - 1,2) and "13L x1079/L 15-75" (neutrophils 1,3 against 1,5 - 7,5) are not understood', () => {
    expect(read(['Bilirrubina total 13 H mg/dL 03-12', 'Neutrofilos 13L x1079/L 15-75'], 'es')).toEqual([
      { analyte: 'bilirubin', value: '13', unit: 'mg/dL', flag: 'H', interpretation: 'not_understood' },
      { analyte: 'anc', value: '13L', unit: '10*9/L', flag: 'L', interpretation: 'not_understood' },
    ]);
  });
  it('a value printed with its decimals stands beside such a reference, which is not stored ("Bilirubin, Total 1.4 H mg/dL 02-12")', () => {
    expect(read(['Bilirubin, Total 1.4 H mg/dL 02-12'], 'en')).toEqual([{ analyte: 'bilirubin', value: 1.4, unit: 'mg/dL', flag: 'H' }]);
  });
  it('while whole numbers against whole references stand ("LDH 245 H U/L 135 - 225", "Platelets 150 10^9/L 150-400")', () => {
    expect(read(['LDH 245 H U/L 135 - 225', 'Platelets 150 10^9/L 150-400'], 'en').map((f) => f.value)).toEqual([245, 150]);
  });
});

describe('a flag that points away from its reference', () => {
  it('"eGFR 85 L > 60" (OCR of "55 L") and "AST 30 H <40" are not understood; "55 L > 60" and "52 H <40" stand', () => {
    expect(read(['eGFR (CKD-EPI) 85 L mL/min/1,73m2 > 60', 'AST 30 H U/L <40', 'eGFR (CKD-EPI) 55 L mL/min/1,73m2 > 60', 'AST 52 H U/L <40'], 'it').map((f) => [f.value, f.interpretation])).toEqual([
      ['85', 'not_understood'],
      ['30', 'not_understood'],
      [55, undefined],
      [52, undefined],
    ]);
  });
});

describe('a result OCR lost', () => {
  it('leaves the line unread: the reference after the unit ("> 60") is not taken for the result', () => {
    expect(read(['eGFR (CKD-EPI) mL/min/1,73m2 > 60', 'Hemoglobin g/dL 12.0-15.5'], 'en')).toEqual([]);
    // while a result printed as a limit before its unit is one
    expect(read(['CEA <0.5 ng/mL <5.0'], 'en')).toEqual([{ analyte: 'cea', value: '<0.5', unit: 'ng/mL', referenceRange: '<5.0' }]);
  });
});

describe('a whole number outside a reference printed with decimals, without a flag', () => {
  it('"INR 11 0,8-1,2" and "Globuli bianchi 71 K/uL 4,0-10,0" (OCR of "1,1" and "7,1") are not understood; "LDH 245 H 135-225" stands', () => {
    expect(read(['INR 11 0,8-1,2', 'Globuli bianchi 71 K/uL 4,0-10,0', 'LDH 245 H U/L 135-225', 'Albumina 4 g/dL 3,5-5,0'], 'it').map((f) => [f.value, f.interpretation])).toEqual([
      ['11', 'not_understood'],
      ['71', 'not_understood'],
      [245, undefined],
      [4, undefined],
    ]);
  });
});

import { patientSummary } from '../../src/patients/summary';

/** The patient lines of exports, the print view and the assistant, in the reader's language. */
describe('patient summary language', () => {
  const patient = { oncotreeCode: 'LUAD', diagnosisText: 'Lung Adenocarcinoma', age: 64, priorTreatments: [{ name: 'surgery' }, { name: 'carboplatin' }], alterations: [], metastasisSites: [], biomarkers: [], comorbidities: [] };
  const line = (lang: 'en' | 'es' | 'it', label: string) => patientSummary(patient as never, lang).find((l) => l.label === label)?.value;

  it('names the diagnosis and a surgery in Spanish and Italian, drug names as they are', () => {
    expect(line('en', 'Diagnosis')).toBe('Lung Adenocarcinoma (LUAD)');
    expect(line('es', 'Diagnóstico')).toBe('Adenocarcinoma de pulmón (LUAD)');
    expect(line('it', 'Diagnosi')).toBe('Adenocarcinoma polmonare (LUAD)');
    expect(line('es', 'Tratamientos previos')).toBe('cirugía; carboplatin');
    expect(line('it', 'Trattamenti precedenti')).toBe('chirurgia; carboplatin');
  });

  it('keeps the English OncoTree name of a diagnosis without a standard translation here', () => {
    const rare = { ...patient, oncotreeCode: 'TEOS', diagnosisText: 'Telangiectatic Osteosarcoma' };
    expect(patientSummary(rare as never, 'it')[0].value).toBe('Telangiectatic Osteosarcoma (TEOS)');
  });
});

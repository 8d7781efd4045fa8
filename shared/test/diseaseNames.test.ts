import { msg, renderMessage } from '../src/contracts/criterionMessages';
import { diseaseName, hasTranslatedDiseaseName } from '../src/contracts/diseaseNames';

// The frontends name a diagnosis through these two functions: renderMessage (a criterion's "diagnosis LUAD (…)"
// on a result card) and diseaseName (the match graph, the patient summary). The server test
// test/survey/diseaseNames.test.ts checks that every focus-area OncoTree code has both names.
describe('disease names in the interface language (issue 28)', () => {
  it('names focus-area subtypes at every depth in Spanish and Italian, on a result card and in the graph', () => {
    const card = (code: string, name: string, lang: 'en' | 'es' | 'it') => renderMessage(msg('diagnosisNamed', { code, name }), lang);
    expect(card('IDC', 'Breast Invasive Ductal Carcinoma', 'es')).toBe('diagnóstico IDC (Carcinoma ductal infiltrante de mama)');
    expect(card('IDC', 'Breast Invasive Ductal Carcinoma', 'it')).toBe('diagnosi IDC (Carcinoma duttale infiltrante della mammella)');
    expect(card('ALUCA', 'Atypical Lung Carcinoid', 'es')).toBe('diagnóstico ALUCA (Tumor carcinoide atípico de pulmón)');
    expect(card('ALUCA', 'Atypical Lung Carcinoid', 'it')).toBe('diagnosi ALUCA (Carcinoide atipico polmonare)');
    expect(card('ALUCA', 'Atypical Lung Carcinoid', 'en')).toBe('diagnosis ALUCA (Atypical Lung Carcinoid)');
    expect(diseaseName('CEGCC', 'es')).toBe('Carcinoma de células vítreas de cuello uterino');
    expect(diseaseName('CEGCC', 'it')).toBe('Carcinoma a cellule vitree della cervice uterina');
    expect(diseaseName('urca', 'it')).toBe("Carcinoma dell'uraco");
    expect(diseaseName('TRCC', 'it')).toBe('Carcinoma a cellule renali associato a traslocazione');
    expect(diseaseName('LAMN', 'es')).toBe('Neoplasia mucinosa apendicular de bajo grado');
    expect(hasTranslatedDiseaseName('SWDNET')).toBe(true);
  });

  it('keeps the English OncoTree name outside the covered codes, and in English', () => {
    expect(hasTranslatedDiseaseName('TEOS')).toBe(false);
    expect(diseaseName('TEOS', 'es', 'Telangiectatic Osteosarcoma')).toBe('Telangiectatic Osteosarcoma');
    expect(diseaseName('LUAD', 'en', 'Lung Adenocarcinoma')).toBe('Lung Adenocarcinoma');
    expect(diseaseName('NOT_A_CODE', 'it')).toBeUndefined();
  });
});

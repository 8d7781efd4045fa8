import { msg, renderMessage, messageLanguage } from '../src/contracts/criterionMessages';

describe('criterion messages', () => {
  it('renders reasons and facts in the interface language, values included', () => {
    const m = msg('requiresState', { state: '@metastatic' });
    expect(renderMessage(m, 'en')).toBe('requires metastatic disease');
    expect(renderMessage(m, 'es')).toBe('requiere enfermedad metastásica');
    expect(renderMessage(m, 'it')).toBe('richiede malattia metastatica');
    expect(renderMessage(msg('notRecorded', { what: '@peripheral_neuropathy' }), 'it')).toBe('neuropatia periferica: non registrato');
    expect(renderMessage(msg('recentTherapy', { therapy: '@chemotherapy', days: 28 }), 'es')).toBe('quimioterapia en los últimos 28 días');
  });
  it('keeps names, numbers and trial text as they are, and falls back to English for an unknown value', () => {
    expect(renderMessage(msg('compare', { what: 'PD-L1', op: '>=', value: '50%' }), 'es')).toBe('PD-L1 >= 50%');
    expect(renderMessage(msg('value', { value: '@not_a_value' }), 'it')).toBe('not a value');
    expect(messageLanguage('es-ES')).toBe('es');
    expect(messageLanguage(undefined)).toBe('en');
  });
  it('names a diagnosis in the interface language when a standard term is known, in English otherwise', () => {
    const luad = msg('diagnosisNamed', { code: 'LUAD', name: 'Lung Adenocarcinoma' });
    expect(renderMessage(luad, 'en')).toBe('diagnosis LUAD (Lung Adenocarcinoma)');
    expect(renderMessage(luad, 'es')).toBe('diagnóstico LUAD (Adenocarcinoma de pulmón)');
    expect(renderMessage(luad, 'it')).toBe('diagnosi LUAD (Adenocarcinoma polmonare)');
    // a code without a translation keeps OncoTree's English name rather than an invented one
    expect(renderMessage(msg('diagnosisNamed', { code: 'TEOS', name: 'Telangiectatic Osteosarcoma' }), 'it')).toContain('Telangiectatic Osteosarcoma');
  });
});

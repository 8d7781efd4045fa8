import { resolveLanguage, initI18n, changeLanguage, registerLocales } from '../src/i18n';
import { bus } from '../src/bus/eventBus';

describe('i18n', () => {
  it('maps browser languages to the three we ship and falls back to English', () => {
    expect(resolveLanguage('es-MX')).toBe('es-ES');
    expect(resolveLanguage('it')).toBe('it-IT');
    expect(resolveLanguage('fr-FR')).toBe('en-US');
    expect(resolveLanguage(undefined)).toBe('en-US');
  });

  it('switches language for every app and announces it on the bus', async () => {
    const i18n = initI18n('en-US');
    registerLocales('demo', { en: { hello: 'Hello' }, es: { hello: 'Hola' }, it: { hello: 'Ciao' } });
    expect(i18n.t('demo:hello')).toBe('Hello');
    const seen: string[] = [];
    bus.on('lang:changed/v1', ({ language }) => seen.push(language));
    changeLanguage('it-IT');
    await new Promise((r) => setTimeout(r, 0));
    expect(i18n.t('demo:hello')).toBe('Ciao');
    expect(i18n.t('common:errors.email_invalid')).toBe('Email non valida, riprova');
    expect(seen).toEqual(['it-IT']);
    expect(localStorage.getItem('oncodesk.language')).toBe('"it-IT"');
  });
});

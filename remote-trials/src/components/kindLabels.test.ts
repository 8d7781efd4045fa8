import { CriterionKind } from '@oncodesk/shared/contracts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import itLocale from '../locales/it.json';

// The checklist names each criterion's kind (CriteriaList: t(`kinds.<kind>`)): a kind the contract gains
// without its label in every language would show its raw key to a clinician.
describe('every criterion kind has a label in en, es and it', () => {
  it.each([
    ['en', en],
    ['es', es],
    ['it', itLocale],
  ] as const)('%s', (_lang, catalogue) => {
    const kinds = (catalogue as { kinds: Record<string, string> }).kinds;
    const missing = CriterionKind.options.filter((k) => !kinds[k]?.trim());
    expect(missing).toEqual([]);
  });
});

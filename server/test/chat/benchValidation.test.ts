/**
 * bench:chat's held-out set is written apart from the code (session 6: by someone who had not read it) and
 * checked by make.ts's validation before it is asked: a question that fails is dropped and counted, never
 * repaired, and what is dropped is said without printing the question.
 */
import { validateQuestions } from '../../bench/chat/make';

const catalogue = new Set(['NCT00000001']);
const inCatalogue = (id: string) => catalogue.has(id);
const good = { id: 'a', need: 'a', half: 'x', lang: 'en', folder: 'lung', q: 'egfr status', says: ['L858R'] };

describe('held-out question set validation (bench/chat/make.ts)', () => {
  it('keeps well-formed questions, as the given half', () => {
    const { valid, dropped } = validateQuestions(
      [
        good,
        {
          id: 'b',
          need: 'b',
          half: 'x',
          lang: 'it',
          folder: null,
          q: 'fase NCT00000001',
          cites: [{ kind: 'trial', id: 'NCT00000001' }],
          says: ['(?i)fase'],
          note: 'extra fields are ignored',
        },
        { id: 'c', need: 'c', half: 'x', lang: 'es', folder: 'colon', q: 'precio del cetuximab', unanswerable: true },
      ],
      inCatalogue,
      's6',
    );
    expect(dropped).toEqual([]);
    expect(valid.map((q) => [q.id, q.half])).toEqual([
      ['a', 's6'],
      ['b', 's6'],
      ['c', 's6'],
    ]);
  });

  it('drops and counts what bench:chat cannot ask or judge, without quoting the question', () => {
    const { valid, dropped } = validateQuestions(
      [
        good,
        { ...good, id: 'bad-regex', says: ['(unclosed'] },
        { ...good, id: 'no-trial', cites: [{ kind: 'trial', id: 'NCT99999999' }] },
        { ...good, id: 'bad-lang', lang: 'fr' },
        { ...good, id: 'nothing-checked', says: undefined },
        { ...good, id: 'oos-with-says', unanswerable: true },
        { ...good, id: 'ctx', context: { trialId: 'NCT12345678' } },
        { ...good },
      ],
      inCatalogue,
      's6',
    );
    expect(valid.map((q) => q.id)).toEqual(['a']);
    expect(dropped).toHaveLength(7);
    expect(dropped.join(' ')).not.toMatch(/egfr status|NCT99999999|NCT12345678/);
    expect(dropped[1]).toMatch(/not in the catalogue/);
    expect(dropped[6]).toMatch(/id used twice/);
  });

  it('a file that is not a list of questions loads none', () => {
    expect(validateQuestions({ questions: [] }, inCatalogue, 's6')).toEqual({ valid: [], dropped: ['the file is not a list of questions'] });
  });
});

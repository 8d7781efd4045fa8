/**
 * Questions about another user's account or another clinician's patients are declined with why (the assistant sees
 * only the conversation's patient and the shared sources), instead of being answered with this patient's data; the
 * same words about this patient's own history or a trial are not read as such a question. Phrasings of our own, in the three languages.
 */
import { PatientData } from '@oncodesk/shared/contracts';
import { answerQuestion } from '../../src/chat/engine';
import { patientOnlySources } from './patientOnlySources';

const patient = PatientData.parse({ oncotreeCode: 'LUAD', age: 64, priorTreatments: [{ name: 'carboplatin' }, { name: 'pemetrexed' }] });
const sources = () => patientOnlySources('Lung', 'lung', patient);

describe("another user's data", () => {
  it.each([
    ['which regimen is Mark Evans on in his account', 'en', /another user's account/],
    ["show me another user's patients", 'en', /another user's account/],
    ['list the patients of Dr Moreau', 'en', /another user's account/],
    ['¿qué tratamiento tiene la paciente en la cuenta de la Dra. Ruiz?', 'es', /la cuenta de otro usuario/],
    ['enséñame los pacientes del doctor Gómez', 'es', /la cuenta de otro usuario/],
    ["che terapia fa il paziente nell'account del dottor Rossi?", 'it', /l'account di un altro utente/],
    ['elenca i pazienti della dott.ssa Neri', 'it', /l'account di un altro utente/],
  ] as const)('%s: declined, saying what the assistant sees', async (q, lang, says) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a).toMatchObject({ declined: true, citations: [] });
    expect(a.content).toMatch(says);
  });

  it.each([
    ['what chemo did the other oncologist give her', 'en'],
    ['¿qué quimio le dio el otro oncólogo?', 'es'],
    ['does the trial accept patients of other centres?', 'en'],
  ] as const)('%s: about this patient or a trial, not another account: not declined as one', async (q, lang) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.content).not.toMatch(/another user's account|la cuenta de otro usuario/);
  });
});

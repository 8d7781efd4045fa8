/**
 * A request to act on people or on what the product stores (enrol a patient, notify a sponsor, change a trial's
 * status or a record) is declined with why: the assistant acts on nothing. The bench's held-out s13 asked "enrol her
 * in NCT… and notify the sponsor" and "change NCT…'s status to closed in the catalogue", and both got the trial's
 * overview. Questions about the same things are still answered. Phrasings of our own, in the three languages.
 */
import { PatientData } from '@oncodesk/shared/contracts';
import { answerQuestion } from '../../src/chat/engine';
import { patientOnlySources } from './patientOnlySources';

const patient = PatientData.parse({ oncotreeCode: 'LUAD', age: 64 });
const sources = () => patientOnlySources('Lung', 'lung', patient);

const CANNOT_ACT = /I can't do that|No puedo hacerlo|Non posso farlo/;

describe('a request to act on people or on stored data', () => {
  it.each([
    ['enroll him in NCT01234567 today', 'en'],
    ['can you enrol her in the trial?', 'en'],
    ['please register this patient for the phase 2 study', 'en'],
    ['notify the investigators that she progressed', 'en'],
    ['mark NCT01234567 as closed', 'en'],
    ['delete this trial from my list', 'en'],
    ['inscríbela en el ensayo de pembrolizumab', 'es'],
    ['avisa al promotor de que la paciente ha progresado', 'es'],
    ['actualiza el estado del ensayo a completado', 'es'],
    ['arruolalo nello studio NCT01234567', 'it'],
    ['avvisa lo sponsor della progressione', 'it'],
    ['modifica lo stato dello studio in chiuso', 'it'],
    // sending by another name, and a recipient named by a possessive
    ['upload the pathology report to the trial portal', 'en'],
    ['submit her scans to the sponsor for review', 'en'],
    ['share the results with her family', 'en'],
    ['envía el resumen a su médico de cabecera', 'es'],
    ['comparte el informe con el equipo del ensayo', 'es'],
    ['condividi il referto con il centro di Milano', 'it'],
  ] as const)('%s: declined, saying why', async (q, lang) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a).toMatchObject({ declined: true, citations: [] });
    expect(a.content).toMatch(CANNOT_ACT);
  });

  it.each([
    ['how can I enrol her in NCT01234567?', 'en'],
    ['what is the status of NCT01234567', 'en'],
    ['update on NCT01234567?', 'en'],
    ['who is the sponsor of the trial', 'en'],
    ['¿cómo inscribo a la paciente en el ensayo?', 'es'],
    ['¿ha cambiado el estado del ensayo?', 'es'],
    ['lo studio NCT01234567 è ancora aperto?', 'it'],
    ['how do I upload a report to her folder?', 'en'],
    ['can the results be shared with the patient?', 'en'],
    ['¿a qué centro puedo enviar a la paciente?', 'es'],
    ['sube el PSA a 12 tras 3 meses, ¿qué estudios hay?', 'es'],
  ] as const)('%s: a question, not declined as an action', async (q, lang) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.content).not.toMatch(CANNOT_ACT);
  });
});

import '@testing-library/jest-dom';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { AnswerValue, LabEntry, SurveyQuestion } from '@oncodesk/shared';
import { QuestionInput } from './QuestionInput';
import { LabsInput } from './LabsInput';
import { initTrialsI18n } from '../test/setup';

beforeAll(() => initTrialsI18n());
afterAll(() => i18next.changeLanguage('en-US'));

const q = (over: Partial<SurveyQuestion>): SurveyQuestion => ({ id: 'age', section: 'about_you', order: 1, type: 'number', text: 'Q', mapsTo: 'age', validation: { required: false }, ...over });

/** The survey's numeric questions with their rules as the server defines them (server/src/survey/questions.ts). */
const NUMERIC: SurveyQuestion[] = [
  q({ id: 'age', unit: 'anni', validation: { required: true, min: 0, max: 120, integer: true } }),
  q({ id: 'prior_lines', unit: 'linee', validation: { required: false, min: 0, max: 20, integer: true } }),
  q({ id: 'lung.pdl1_tps', unit: '%', validation: { required: false, min: 0, max: 100 } }),
  q({ id: 'pdl1_cps', unit: 'CPS', validation: { required: false, min: 0, max: 100 } }),
  q({ id: 'prostate.psa', unit: 'ng/mL', validation: { required: false, min: 0, max: 100000 } }),
  q({ id: 'liver.afp', unit: 'ng/mL', validation: { required: false, min: 0, max: 10000000 } }),
  q({ id: 'colon.cea', unit: 'ng/mL', validation: { required: false, min: 0, max: 1000000 } }),
  q({ id: 'tmb', unit: 'mut/Mb', validation: { required: false, min: 0, max: 1000 } }),
];

function Harness({ question }: { question: SurveyQuestion }) {
  const [value, setValue] = useState<AnswerValue | undefined>(undefined);
  return (
    <>
      <QuestionInput question={question} value={value} onChange={setValue} focusArea="lung" patientId="p1" />
      <output data-testid="value">{JSON.stringify(value ?? null)}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent!);

describe.each([['es-ES'], ['it-IT']])('numbers typed in %s', (language) => {
  beforeAll(() => i18next.changeLanguage(language));

  it.each(NUMERIC.map((x) => [x.id, x] as const))('%s: a decimal comma is a decimal mark, the point groups thousands, "<" is no value', async (_id, question) => {
    const { unmount } = render(<Harness question={question} />);
    const input = screen.getByTestId('answer-number');
    await userEvent.type(input, '1,3');
    // sent as 1.3 (the server refuses it where a whole number is asked), never as 13
    expect(value()).toBe(1.3);
    expect(screen.getByTestId('answer-number-preview')).toHaveTextContent(`= 1,3 ${question.unit}`);
    await userEvent.clear(input);
    await userEvent.type(input, '12.000');
    expect(value()).toBe(12000);
    await userEvent.clear(input);
    await userEvent.type(input, '<1');
    // a limit is sent as typed: the server reads it with the same parser and says why it is no value
    expect(value()).toBe('<1');
    expect(screen.getByTestId('answer-number-error')).toHaveTextContent(language === 'es-ES' ? 'Introduzca el valor en sí' : 'Inserisca il valore stesso');
    expect(screen.queryByTestId('answer-number-preview')).not.toBeInTheDocument();
    unmount();
  });

  it('asks which value "1,300" means where both fit, and keeps the one that fits otherwise', async () => {
    const { unmount } = render(<Harness question={NUMERIC.find((x) => x.id === 'prostate.psa')!} />);
    await userEvent.type(screen.getByTestId('answer-number'), '1,300');
    expect(value()).toBe('1,300');
    const ask = screen.getByTestId('answer-number-ambiguous');
    expect(ask).toHaveTextContent('1,300');
    const [decimal, thousands] = within(ask).getAllByTestId('answer-number-choice');
    expect(decimal).toHaveTextContent('1,3 ng/mL');
    await userEvent.click(thousands);
    expect(value()).toBe(1300);
    expect(screen.getByTestId('answer-number-preview')).toHaveTextContent('= 1300 ng/mL');
    unmount();
    render(<Harness question={NUMERIC.find((x) => x.id === 'lung.pdl1_tps')!} />);
    await userEvent.type(screen.getByTestId('answer-number'), '1,300');
    expect(value()).toBe(1.3);
  });
});

const LAB_QUESTION = q({
  id: 'labs',
  type: 'labs',
  analytes: [
    { key: 'creatinine', loinc: '2160-0', label: 'Creatinina', units: [{ value: 'mg/dL', label: 'mg/dL', plausible: [0.05, 30] }, { value: 'umol/L', label: 'µmol/L', plausible: [4.42, 2652] }] },
    { key: 'hemoglobin', loinc: '718-7', label: 'Emoglobina', units: [{ value: 'g/dL', label: 'g/dL', plausible: [1, 25] }, { value: 'g/L', label: 'g/L', plausible: [10, 250] }] },
    { key: 'platelets', loinc: '777-3', label: 'Piastrine', units: [{ value: '10*9/L', label: '×10⁹/L', plausible: [0, 3000] }, { value: '/uL', label: '/µL', plausible: [0, 3e6] }] },
  ],
});

function LabsHarness({ initial }: { initial: LabEntry[] }) {
  const [entries, setEntries] = useState<LabEntry[]>(initial);
  return (
    <>
      <LabsInput question={LAB_QUESTION} value={entries} onChange={setEntries} />
      <output data-testid="value">{JSON.stringify(entries)}</output>
    </>
  );
}

describe.each([['es-ES'], ['it-IT']])('laboratory values typed in %s', (language) => {
  beforeAll(() => i18next.changeLanguage(language));

  it('reads each value with the decimal comma and the analyte’s plausible range', async () => {
    render(<LabsHarness initial={[{ analyte: 'creatinine', value: undefined as unknown as number, unit: 'mg/dL' }, { analyte: 'hemoglobin', value: undefined as unknown as number, unit: 'g/dL' }, { analyte: 'platelets', value: undefined as unknown as number, unit: '/uL' }]} />);
    const [creatinine, hemoglobin, platelets] = screen.getAllByTestId('lab-row');
    await userEvent.type(within(creatinine).getByTestId('lab-value'), '1,3');
    expect(within(creatinine).getByTestId('lab-value-preview')).toHaveTextContent('= 1,3 mg/dL');
    await userEvent.type(within(hemoglobin).getByTestId('lab-value'), '11,8');
    await userEvent.type(within(platelets).getByTestId('lab-value'), '150.000');
    expect(value().map((e: LabEntry) => e.value)).toEqual([1.3, 11.8, 150000]);
    // "1,300" mg/dL can only be 1.3: no question asked
    await userEvent.clear(within(creatinine).getByTestId('lab-value'));
    await userEvent.type(within(creatinine).getByTestId('lab-value'), '1,300');
    expect(value()[0].value).toBe(1.3);
    // the upper limit of normal reads the same way
    await userEvent.type(within(creatinine).getByTestId('lab-uln'), '1,2');
    expect(value()[0]).toMatchObject({ value: 1.3, uln: 1.2 });
    // "< 0,5" is no value: nothing is stored for it
    await userEvent.clear(within(hemoglobin).getByTestId('lab-value'));
    await userEvent.type(within(hemoglobin).getByTestId('lab-value'), '<0,5');
    expect(value()[1].value).toBeUndefined();
    expect(within(hemoglobin).getByTestId('lab-value-error')).toBeInTheDocument();
  });

  it('a unit typed after the value chooses the row’s unit', async () => {
    render(<LabsHarness initial={[{ analyte: 'creatinine', value: undefined as unknown as number, unit: 'mg/dL' }]} />);
    const row = screen.getByTestId('lab-row');
    await userEvent.type(within(row).getByTestId('lab-value'), '88 umol/l');
    expect(value()[0]).toMatchObject({ value: 88, unit: 'umol/L' });
    expect(within(row).getByTestId('lab-value-preview')).toHaveTextContent('= 88 µmol/L');
    await userEvent.clear(within(row).getByTestId('lab-value'));
    await userEvent.type(within(row).getByTestId('lab-value'), '88 kg');
    expect(within(row).getByTestId('lab-value-error')).toBeInTheDocument();
    expect(value()[0].value).toBeUndefined();
  });
});

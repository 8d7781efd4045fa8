import '@testing-library/jest-dom';
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storage, type AnswerValue, type SurveyQuestion } from '@oncodesk/shared';
import { surveyApi, mapsApi } from '@oncodesk/shared/api';
import { QuestionInput } from './QuestionInput';
import { initTrialsI18n } from '../test/setup';

jest.mock('@oncodesk/shared/api', () => ({
  ...jest.requireActual('@oncodesk/shared/api'),
  surveyApi: { autocomplete: jest.fn(), answerLocation: jest.fn() },
  mapsApi: { suggest: jest.fn() },
}));
const survey = surveyApi as unknown as Record<'autocomplete' | 'answerLocation', jest.Mock>;
const maps = mapsApi as unknown as Record<'suggest', jest.Mock>;

beforeAll(() => initTrialsI18n());
beforeEach(() => {
  jest.resetAllMocks();
  storage.clearExceptLanguage();
});

const q = (over: Partial<SurveyQuestion>): SurveyQuestion => ({ id: 'age', section: 'about_you', order: 1, type: 'number', text: 'Q', mapsTo: 'age', validation: { required: true }, ...over });

function Harness({ question, initial }: { question: SurveyQuestion; initial?: AnswerValue }) {
  const [value, setValue] = useState<AnswerValue | undefined>(initial);
  return (
    <>
      <QuestionInput question={question} value={value} onChange={setValue} focusArea="lung" patientId="p1" />
      <output data-testid="value">{JSON.stringify(value ?? null)}</output>
    </>
  );
}

describe('QuestionInput', () => {
  it('single choice shows each ECOG grade with its plain description', async () => {
    const ecog = q({ id: 'ecog', type: 'single_choice', options: [0, 1, 2].map((g) => ({ value: String(g), label: `ECOG ${g}`, description: `Grade ${g} in plain words` })) });
    render(<Harness question={ecog} />);
    expect(screen.getByTestId('option-description-1')).toHaveTextContent('Grade 1 in plain words');
    await userEvent.click(screen.getByText('ECOG 1'));
    expect(screen.getByTestId('value')).toHaveTextContent('"1"');
  });

  it('multiple choice and number answers', async () => {
    const { unmount } = render(<Harness question={q({ id: 'metastasis_sites', type: 'multiple_choice', options: [{ value: 'bone', label: 'Bone' }, { value: 'liver', label: 'Liver' }] })} />);
    await userEvent.click(screen.getByText('Bone'));
    await userEvent.click(screen.getByText('Liver'));
    expect(screen.getByTestId('value')).toHaveTextContent('["bone","liver"]');
    unmount();
    render(<Harness question={q({ validation: { required: true, min: 0, max: 120 } })} />);
    await userEvent.type(screen.getByRole('textbox'), '64');
    expect(screen.getByTestId('value')).toHaveTextContent('64');
  });

  it('never clamps an impossible number: 158 stays 158 for the survey to refuse with its message', async () => {
    render(<Harness question={q({ validation: { required: true, min: 0, max: 120, integer: true }, unit: 'years' })} />);
    const input = screen.getByRole('textbox');
    await userEvent.type(input, '158');
    await userEvent.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('158');
    expect(input).toHaveValue('158');
    expect(screen.getByText('years')).toBeInTheDocument();
  });

  it('date answers cannot lie in the future', () => {
    render(<Harness question={q({ id: 'diagnosis_date', type: 'date' })} />);
    expect(screen.getByTestId('answer-date')).toHaveAttribute('max', new Date().toISOString().slice(0, 10));
  });

  it('adds several items with Enter and refuses duplicates', async () => {
    survey.autocomplete.mockResolvedValue({ items: [] });
    render(<Harness question={q({ id: 'comorbidities', type: 'autocomplete', autocomplete: { source: 'comorbidities', multiple: true } })} />);
    const input = screen.getByRole('combobox');
    await userEvent.type(input, 'hiv{Enter}');
    await userEvent.type(input, 'diabetes{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('["hiv","diabetes"]');
    await userEvent.type(input, 'HIV{Enter}');
    expect(screen.getByTestId('autocomplete-error')).toHaveTextContent("An element with the text 'HIV' has already been added.");
    expect(screen.getAllByTestId('autocomplete-item')).toHaveLength(2);
  });

  it('suggests from the server vocabulary (OncoTree) and stores the picked value', async () => {
    survey.autocomplete.mockResolvedValue({ items: [{ value: 'LUAD', label: 'Lung Adenocarcinoma', source: 'oncotree', kind: 'oncotree', description: 'Non-Small Cell Lung Cancer' }] });
    render(<Harness question={q({ id: 'diagnosis.lung', type: 'autocomplete', autocomplete: { source: 'oncotree', multiple: false } })} />);
    await userEvent.type(screen.getByRole('combobox'), 'adeno');
    await waitFor(() => expect(survey.autocomplete).toHaveBeenCalledWith('oncotree', 'adeno', 'lung'));
    await userEvent.click(await screen.findByText('Lung Adenocarcinoma'));
    expect(screen.getByTestId('value')).toHaveTextContent('"LUAD"');
    expect(screen.getByTestId('autocomplete-item')).toHaveTextContent('Lung Adenocarcinoma');
  });

  it('prior treatments take their course: setting, a line only for metastatic disease, best response, progression', async () => {
    survey.autocomplete.mockResolvedValue({ items: [{ value: 'regimen:folfiri', label: 'FOLFIRI (fluorouracil, leucovorin, irinotecan)', source: 'drugs', kind: 'regimen' }] });
    const courses = q({ id: 'prior_treatments', type: 'autocomplete', autocomplete: { source: 'drugs', multiple: true, courses: true }, validation: { required: false } });
    render(<Harness question={courses} initial={[{ value: 'regimen:folfox', setting: 'adjuvant' }]} />);
    const pick = async (row: HTMLElement, select: string, option: string) => {
      await userEvent.click(within(row).getByTestId(select).querySelector('.ant-select-selector, .ant-select-content') ?? within(row).getByTestId(select));
      await userEvent.click(await screen.findByTestId(option));
    };
    // a stored course shows as a row with what was given; no line outside the metastatic setting
    const [first] = screen.getAllByTestId('course-row');
    expect(within(first).getByTestId('course-setting')).toHaveTextContent('Adjuvant (after surgery)');
    expect(within(first).queryByTestId('course-line')).not.toBeInTheDocument();

    await userEvent.type(within(screen.getByTestId('answer-autocomplete-drugs')).getByRole('combobox'), 'folfiri');
    await userEvent.click(await screen.findByText('FOLFIRI (fluorouracil, leucovorin, irinotecan)'));
    const second = screen.getAllByTestId('course-row')[1];
    expect(within(second).getByTestId('course-name')).toHaveTextContent('FOLFIRI (fluorouracil, leucovorin, irinotecan)');
    // with nothing said, the treatment is stored as the plain answer
    expect(JSON.parse(screen.getByTestId('value').textContent!)).toEqual([{ value: 'regimen:folfox', setting: 'adjuvant' }, 'regimen:folfiri']);

    await pick(second, 'course-setting', 'setting-metastatic');
    await userEvent.type(within(second).getByRole('textbox', { name: 'Line' }), '1');
    await pick(second, 'course-response', 'response-partial');
    await pick(second, 'course-progressed', 'progressed-yes');
    expect(JSON.parse(screen.getByTestId('value').textContent!)).toEqual([
      { value: 'regimen:folfox', setting: 'adjuvant' },
      { value: 'regimen:folfiri', setting: 'metastatic', line: 1, response: 'partial', progressed: 'yes' },
    ]);

    // removing a treatment removes its course
    await userEvent.click(within(first).getByTestId('course-remove'));
    expect(JSON.parse(screen.getByTestId('value').textContent!)).toEqual([{ value: 'regimen:folfiri', setting: 'metastatic', line: 1, response: 'partial', progressed: 'yes' }]);
  });

  it('location: one session token per search, saved with a generated locationId', async () => {
    maps.suggest.mockResolvedValue({ sessionToken: 'x', suggestions: [{ id: 'city:3173435', type: 'city', name: 'Milan', label: 'Milan, Lombardy, Italy', countryCode: 'IT', country: 'Italy' }] });
    survey.answerLocation.mockResolvedValue({ feature: { id: 'city:3173435', name: 'Milan' }, actions: {} });
    render(<Harness question={q({ id: 'location', type: 'location', validation: { required: false } })} />);
    await userEvent.type(screen.getByRole('combobox'), 'mil');
    await waitFor(() => expect(maps.suggest).toHaveBeenCalled());
    const token = storage.get('searchSessionToken');
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(maps.suggest.mock.calls.every((c) => c[1] === token)).toBe(true);
    await userEvent.click(await screen.findByText('Milan, Lombardy, Italy'));
    await waitFor(() => expect(survey.answerLocation).toHaveBeenCalledWith('p1', 'lung', 'city:3173435', token));
    await act(async () => undefined);
    const prefs = storage.get('locationPreferences') as Record<string, { locationId: string; label: string }>;
    expect(prefs.p1.label).toBe('Milan, Lombardy, Italy');
    expect(prefs.p1.locationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(storage.get('searchSessionToken')).toBeNull();
    expect(screen.getByTestId('location-saved')).toHaveTextContent('Milan, Lombardy, Italy');
  });
  it('location: Enter picks the highlighted suggestion and saves it', async () => {
    maps.suggest.mockResolvedValue({ sessionToken: 'x', suggestions: [
      { id: 'city:3173435', type: 'city', name: 'Milan', label: 'Milan, Lombardy, Italy', countryCode: 'IT', country: 'Italy' },
      { id: 'city:3169070', type: 'city', name: 'Rome', label: 'Rome, Lazio, Italy', countryCode: 'IT', country: 'Italy' },
    ] });
    survey.answerLocation.mockResolvedValue({ feature: { id: 'city:3173435', name: 'Milan' }, actions: {} });
    render(<Harness question={q({ id: 'location', type: 'location', validation: { required: false } })} />);
    const input = screen.getByRole('combobox');
    await userEvent.type(input, 'mil');
    await screen.findByText('Milan, Lombardy, Italy');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(survey.answerLocation).toHaveBeenCalledWith('p1', 'lung', 'city:3173435', expect.any(String)));
    await waitFor(() => expect(screen.getByTestId('location-saved')).toHaveTextContent('Milan, Lombardy, Italy'));
    expect(survey.answerLocation).toHaveBeenCalledTimes(1);
  });

  it('location: arrow down then Enter saves the suggestion highlighted', async () => {
    maps.suggest.mockResolvedValue({ sessionToken: 'x', suggestions: [
      { id: 'city:3173435', type: 'city', name: 'Milan', label: 'Milan, Lombardy, Italy', countryCode: 'IT', country: 'Italy' },
      { id: 'city:3169070', type: 'city', name: 'Rome', label: 'Rome, Lazio, Italy', countryCode: 'IT', country: 'Italy' },
    ] });
    survey.answerLocation.mockResolvedValue({ feature: { id: 'city:3169070', name: 'Rome' }, actions: {} });
    render(<Harness question={q({ id: 'location', type: 'location', validation: { required: false } })} />);
    const input = screen.getByRole('combobox');
    await userEvent.type(input, 'i');
    await screen.findByText('Rome, Lazio, Italy');
    // the list moves on the key codes a browser sends (user-event sends none)
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40, which: 40 });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(survey.answerLocation).toHaveBeenCalledWith('p1', 'lung', 'city:3169070', expect.any(String)));
    await waitFor(() => expect(screen.getByTestId('location-saved')).toHaveTextContent('Rome, Lazio, Italy'));
  });

  it('diagnosis: Enter picks the highlighted suggestion, not the typed text', async () => {
    survey.autocomplete.mockResolvedValue({ items: [
      { value: 'LUAD', label: 'Lung Adenocarcinoma', source: 'oncotree', kind: 'oncotree' },
      { value: 'LUSC', label: 'Lung Squamous Cell Carcinoma', source: 'oncotree', kind: 'oncotree' },
    ] });
    render(<Harness question={q({ id: 'diagnosis.lung', type: 'autocomplete', autocomplete: { source: 'oncotree', multiple: false } })} />);
    await userEvent.type(screen.getByRole('combobox'), 'adeno');
    await screen.findByText('Lung Adenocarcinoma');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('"LUAD"');
    expect(screen.getByTestId('autocomplete-item')).toHaveTextContent('Lung Adenocarcinoma');
  });

  it('diagnosis: arrow down then Enter picks the second suggestion', async () => {
    survey.autocomplete.mockResolvedValue({ items: [
      { value: 'LUAD', label: 'Lung Adenocarcinoma', source: 'oncotree', kind: 'oncotree' },
      { value: 'LUSC', label: 'Lung Squamous Cell Carcinoma', source: 'oncotree', kind: 'oncotree' },
    ] });
    render(<Harness question={q({ id: 'diagnosis.lung', type: 'autocomplete', autocomplete: { source: 'oncotree', multiple: false } })} />);
    const input = screen.getByRole('combobox');
    await userEvent.type(input, 'lung');
    await screen.findByText('Lung Squamous Cell Carcinoma');
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40, which: 40 });
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('"LUSC"');
  });
  it('a list that may be empty offers "none": chosen, it is the answer and the list is put away', async () => {
    survey.autocomplete.mockResolvedValue({ items: [] });
    const comorbidities = q({ id: 'comorbidities', type: 'autocomplete', autocomplete: { source: 'comorbidities', multiple: true }, options: [{ value: 'none', label: 'None' }], validation: { required: false } });
    render(<Harness question={comorbidities} initial={['hiv']} />);
    await userEvent.click(screen.getByText('None'));
    expect(screen.getByTestId('value')).toHaveTextContent('["none"]');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('None'));
    expect(screen.getByTestId('value')).toHaveTextContent('null');
    expect(screen.getByRole('combobox')).toBeInTheDocument();
  });
  it('location: Enter typed before the suggestions arrive saves the first one when they come', async () => {
    let answer: (v: unknown) => void = () => undefined;
    maps.suggest.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    survey.answerLocation.mockResolvedValue({ feature: { id: 'city:3173435', name: 'Milan' }, actions: {} });
    render(<Harness question={q({ id: 'location', type: 'location', validation: { required: false } })} />);
    await userEvent.type(screen.getByRole('combobox'), 'Milano{Enter}');
    expect(survey.answerLocation).not.toHaveBeenCalled();
    await waitFor(() => expect(maps.suggest).toHaveBeenCalledWith('Milano', expect.any(String)));
    await act(async () => answer({ sessionToken: 'x', suggestions: [{ id: 'city:3173435', type: 'city', name: 'Milan', label: 'Milan, Lombardy, Italy', countryCode: 'IT', country: 'Italy' }] }));
    await waitFor(() => expect(survey.answerLocation).toHaveBeenCalledWith('p1', 'lung', 'city:3173435', expect.any(String)));
    await waitFor(() => expect(screen.getByTestId('location-saved')).toHaveTextContent('Milan, Lombardy, Italy'));
  });
});

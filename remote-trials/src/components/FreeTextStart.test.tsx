import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { surveyApi } from '@oncodesk/shared/api';
import { FreeTextStart } from './FreeTextStart';
import { initTrialsI18n } from '../test/setup';

jest.mock('@oncodesk/shared/api', () => ({ ...jest.requireActual('@oncodesk/shared/api'), surveyApi: { readFreeText: jest.fn(), answerMany: jest.fn() } }));
const readFreeText = surveyApi.readFreeText as jest.Mock;
const answerMany = surveyApi.answerMany as jest.Mock;

const text = 'mCRPC, s/p ADT, ECOG 1, no brain mets, enjoys gardening, ?liver mets';
const reading = {
  spans: [
    { start: 0, end: 5, text: 'mCRPC', field: 'oncotreeCode', value: 'PROSTATE' },
    { start: 11, end: 14, text: 'ADT', field: 'priorTreatments', value: ['adt'] },
    { start: 16, end: 22, text: 'ECOG 1', field: 'ecog', value: 1 },
    { start: 27, end: 37, text: 'brain mets', field: 'absentMetastasisSites', value: 'brain', assertion: 'absent' },
  ],
  notUnderstood: [
    { start: 39, end: 55, text: 'enjoys gardening', reason: 'unknown' },
    { start: 57, end: 68, text: '?liver mets', reason: 'uncertain' },
  ],
  proposals: [
    { questionId: 'diagnosis.prostate', question: 'What is the diagnosis?', value: 'PROSTATE', display: 'Prostate', from: ['mCRPC'], status: 'new' },
    {
      questionId: 'prior_treatments',
      question: 'Which anticancer medicines?',
      value: ['enzalutamide', 'class:androgen_deprivation'],
      display: 'enzalutamide; ADT',
      from: ['ADT'],
      status: 'adds',
      currentDisplay: 'enzalutamide',
    },
    {
      questionId: 'ecog',
      question: 'ECOG performance status?',
      value: '1',
      display: '1 – Restricted',
      from: ['ECOG 1'],
      status: 'replaces',
      currentDisplay: '0 – Fully active',
    },
  ],
  unplaced: [{ text: 'brain mets', field: 'absentMetastasisSites', reason: 'absent' }],
  warnings: [],
};

beforeAll(() => initTrialsI18n());
afterEach(() => i18next.changeLanguage('en-US'));
beforeEach(() => {
  readFreeText.mockReset().mockResolvedValue(reading);
  answerMany.mockReset().mockResolvedValue({ saved: ['diagnosis.prostate', 'prior_treatments'], kept: [], actions: {} });
});

const renderStart = () =>
  render(
    <MemoryRouter initialEntries={['/clinical-trials/p1']}>
      <Routes>
        <Route path="/clinical-trials/p1" element={<FreeTextStart patientId="p1" focusArea="prostate" />} />
        <Route path="/clinical-trials/p1/survey" element={<div data-testid="survey-page">survey</div>} />
      </Routes>
    </MemoryRouter>,
  );
const readLine = async () => {
  fireEvent.change(screen.getByTestId('free-text-input'), { target: { value: text } });
  await userEvent.click(screen.getByTestId('free-text-read'));
  await waitFor(() => expect(screen.getByTestId('free-text-result')).toBeInTheDocument());
};

describe('the free-text start', () => {
  it('shows what the reader understood and what it did not, marked in the text', async () => {
    renderStart();
    await readLine();
    expect(readFreeText).toHaveBeenCalledWith('p1', 'prostate', text, 'en-US');
    const understood = screen.getByTestId('free-text-understood');
    expect(understood).toHaveTextContent('Diagnosis: mCRPC');
    expect(understood).toHaveTextContent('Prior treatment: ADT');
    expect(understood).toHaveTextContent('No spread to (denied): brain mets');
    const unplaced = screen.getByTestId('free-text-not-understood');
    expect(unplaced).toHaveTextContent('enjoys gardening');
    expect(unplaced).toHaveTextContent('?liver mets (uncertain, not used)');
    expect(screen.getByText('Not understood (2)')).toBeInTheDocument();
    expect(screen.getAllByTestId('mark-unplaced').map((m) => m.textContent)).toEqual(['enjoys gardening', '?liver mets']);
    expect(screen.getByTestId('free-text-marked')).toHaveTextContent(text);
    expect(screen.getByTestId('free-text-unplaced')).toHaveTextContent('brain mets (denied)');
  });

  it('saves only what the clinician confirms, never replaces a given answer unless ticked, then opens the survey', async () => {
    renderStart();
    await readLine();
    // new and growing answers are ticked; the one that would replace a stored answer is not, and says so
    const ecog = screen.getByTestId('free-text-proposal-ecog');
    expect(within(ecog).getByRole('checkbox')).not.toBeChecked();
    expect(ecog).toHaveTextContent('already answered: 0 – Fully active. Tick to replace it.');
    expect(within(screen.getByTestId('free-text-proposal-prior_treatments')).getByRole('checkbox')).toBeChecked();
    expect(screen.getByTestId('free-text-proposal-prior_treatments')).toHaveTextContent('added to: enzalutamide');
    // the clinician unticks the diagnosis: it is not saved
    await userEvent.click(within(screen.getByTestId('free-text-proposal-diagnosis.prostate')).getByRole('checkbox'));
    expect(screen.getByTestId('free-text-confirm')).toHaveTextContent('Add 1 answer to the survey');
    expect(answerMany).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('free-text-confirm'));
    expect(answerMany).toHaveBeenCalledWith('p1', 'prostate', { prior_treatments: ['enzalutamide', 'class:androgen_deprivation'] }, []);
    expect(await screen.findByTestId('survey-page')).toBeInTheDocument();
  });

  it('replaces a given answer when the clinician ticks it', async () => {
    renderStart();
    await readLine();
    await userEvent.click(within(screen.getByTestId('free-text-proposal-ecog')).getByRole('checkbox'));
    await userEvent.click(screen.getByTestId('free-text-confirm'));
    expect(answerMany).toHaveBeenCalledWith('p1', 'prostate', expect.objectContaining({ ecog: '1', 'diagnosis.prostate': 'PROSTATE' }), ['ecog']);
  });

  it('stays on the page and saves nothing visible as done when saving fails', async () => {
    answerMany.mockRejectedValue(new Error('down'));
    renderStart();
    await readLine();
    await userEvent.click(screen.getByTestId('free-text-confirm'));
    await waitFor(() => expect(answerMany).toHaveBeenCalled());
    expect(screen.queryByTestId('survey-page')).not.toBeInTheDocument();
    expect(screen.getByTestId('free-text-proposals')).toBeInTheDocument();
  });

  it('speaks Italian and Spanish', async () => {
    await i18next.changeLanguage('it-IT');
    renderStart();
    await readLine();
    expect(screen.getByText('Non capito (2)')).toBeInTheDocument();
    expect(screen.getByTestId('free-text-understood')).toHaveTextContent('Trattamento precedente: ADT');
    expect(screen.getByTestId('free-text-confirm')).toHaveTextContent('Aggiungi 2 risposte al questionario');
    expect(screen.getByTestId('free-text-proposal-ecog')).toHaveTextContent('già risposta: 0 – Fully active. Spunti per sostituirla.');
    await i18next.changeLanguage('es-ES');
    expect(await screen.findByText('No entendido (2)')).toBeInTheDocument();
    expect(screen.getByTestId('free-text-confirm')).toHaveTextContent('Añadir 2 respuestas al cuestionario');
  });

  it('reads nothing from an empty box', async () => {
    renderStart();
    expect(screen.getByTestId('free-text-read')).toBeDisabled();
    expect(readFreeText).not.toHaveBeenCalled();
  });
});

import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { render } from '@testing-library/react';
import { storage, useCurrentUser } from '@oncodesk/shared';
import { patientsApi, surveyApi, trialsApi } from '@oncodesk/shared/api';
import SurveyPage from './SurveyPage';
import { found } from '../test/fixtures';
import { initTrialsI18n } from '../test/setup';

jest.mock('@oncodesk/shared', () => ({
  ...jest.requireActual('@oncodesk/shared'),
  useCurrentUser: jest.fn(),
}));
jest.mock('@oncodesk/shared/api', () => ({
  ...jest.requireActual('@oncodesk/shared/api'),
  patientsApi: { get: jest.fn() },
  surveyApi: { questions: jest.fn(), patientData: jest.fn(), answer: jest.fn() },
  trialsApi: { findMatch: jest.fn() },
}));
const patients = patientsApi as unknown as Record<'get', jest.Mock>;
const survey = surveyApi as unknown as Record<'questions' | 'patientData' | 'answer', jest.Mock>;
const trials = trialsApi as unknown as Record<'findMatch', jest.Mock>;

beforeAll(() => initTrialsI18n());

const questions = [
  { id: 'age', section: 'about_you', order: 1, type: 'number', text: 'How old is the patient?', mapsTo: 'age', validation: { required: true, min: 0, max: 120 } },
  { id: 'gender', section: 'about_you', order: 2, type: 'single_choice', text: "What is the patient's sex?", mapsTo: 'gender', validation: { required: true }, options: [{ value: 'male', label: 'Male' }, { value: 'female', label: 'Female' }] },
  { id: 'tmb', section: 'molecular', order: 3, type: 'number', text: 'TMB?', mapsTo: 'tmb', validation: { required: false } },
];
const actions = (answered: string[]) => ({ visible: ['age', 'gender', 'tmb'], missingRequired: ['age', 'gender'].filter((x) => !answered.includes(x)), next: ['age', 'gender', 'tmb'].find((x) => !answered.includes(x)) ?? null, cleared: [], progress: answered.length / 3, complete: ['age', 'gender'].every((x) => answered.includes(x)) });

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}
const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/clinical-trials/:patientId/survey/:step?" element={<><SurveyPage /><Where /></>} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  jest.resetAllMocks();
  storage.clearExceptLanguage();
  (useCurrentUser as jest.Mock).mockReturnValue({ acceptedClinicalTrialsDisclaimer: true, plan: { id: 'free', name: 'Free', searchesLeft: 3, searchesPerPeriod: 10, periodStart: '2026-11-01T00:00:00.000Z', renewsAt: '2026-12-01T00:00:00.000Z' } });
  patients.get.mockResolvedValue({ id: 'p1', name: 'Mario R.', focusArea: 'lung', progress: 0, complete: false, searches: [], createdAt: '', updatedAt: '' });
  survey.questions.mockResolvedValue({ focusArea: 'lung', lang: 'en', questions });
});

describe('SurveyPage', () => {
  it('continues at the first unanswered question (step in the URL) and refuses to skip a required one', async () => {
    survey.patientData.mockResolvedValue({ patientId: 'p1', focusArea: 'lung', answers: { age: 64 }, patient: { metastasisSites: [], priorTreatments: [], biomarkers: [], alterations: [], comorbidities: [] }, actions: actions(['age']) });
    at('/clinical-trials/p1/survey');
    await waitFor(() => expect(screen.getAllByTestId('where')[0]).toHaveTextContent('/clinical-trials/p1/survey/gender'));
    expect(await screen.findByTestId('question-text')).toHaveTextContent("What is the patient's sex?");
    expect(screen.getByTestId('survey-progress')).toHaveTextContent('2 of 3');
    await userEvent.click(screen.getByTestId('survey-next'));
    expect(screen.getByTestId('survey-error')).toHaveTextContent('This question needs an answer.');
    expect(survey.answer).not.toHaveBeenCalled();
  });

  it('saves each answer on the server, moves on, and searches after the last one', async () => {
    survey.patientData.mockResolvedValue({ patientId: 'p1', focusArea: 'lung', answers: { age: 64 }, patient: { metastasisSites: [], priorTreatments: [], biomarkers: [], alterations: [], comorbidities: [] }, actions: actions(['age']) });
    survey.answer.mockResolvedValueOnce({ questionId: 'gender', value: 'male', actions: actions(['age', 'gender']) });
    trials.findMatch.mockResolvedValue(found('global', [], { searchesLeft: 2 }));
    at('/clinical-trials/p1/survey/gender');
    await userEvent.click(await screen.findByText('Male'));
    await userEvent.click(screen.getByTestId('survey-next'));
    await waitFor(() => expect(survey.answer).toHaveBeenCalledWith('p1', 'lung', 'gender', 'male'));
    await waitFor(() => expect(screen.getAllByTestId('where')[0]).toHaveTextContent('/survey/tmb'));
    expect(screen.getByTestId('survey-next')).toHaveTextContent('Find trials');
    await userEvent.click(screen.getByTestId('survey-next'));
    await waitFor(() => expect(trials.findMatch).toHaveBeenCalledWith({ patientId: 'p1', location: { scope: 'global' } }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/clinical-trials/p1/results?search=global'));
    expect(Object.keys(storage.get('cachedMatches'))).toEqual(['p1|global']);
  });

  it('states what the search will cost on the last step, before it runs (the rule and the credits left), and not on the other steps', async () => {
    survey.patientData.mockResolvedValue({ patientId: 'p1', focusArea: 'lung', answers: { age: 64, gender: 'male' }, patient: { metastasisSites: [], priorTreatments: [], biomarkers: [], alterations: [], comorbidities: [] }, actions: actions(['age', 'gender']) });
    at('/clinical-trials/p1/survey/tmb');
    expect(await screen.findByTestId('search-cost-rule')).toHaveTextContent('This search uses 1 credit, unless this patient was already searched with the same answers in the last 24 hours: then it is free, in any area. Changed answers use a new credit.');
    expect(screen.getByTestId('search-cost-credits')).toHaveTextContent('3 of 10 searches left this period · renews on December 1, 2026.');
    expect(screen.getByTestId('survey-next')).toHaveTextContent('Find trials');
    expect(trials.findMatch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('survey-back'));
    await waitFor(() => expect(screen.getAllByTestId('where')[0]).toHaveTextContent('/survey/gender'));
    expect(await screen.findByText('Male')).toBeInTheDocument();
    expect(screen.queryByTestId('search-cost')).not.toBeInTheDocument();
  });

  it('with no search left, the last step says only a free repeat of the same answers within 24 hours can run', async () => {
    (useCurrentUser as jest.Mock).mockReturnValue({ acceptedClinicalTrialsDisclaimer: true, plan: { id: 'free', name: 'Free', searchesLeft: 0, searchesPerPeriod: 10, periodStart: '2026-11-01T00:00:00.000Z', renewsAt: '2026-12-01T00:00:00.000Z' } });
    survey.patientData.mockResolvedValue({ patientId: 'p1', focusArea: 'lung', answers: { age: 64, gender: 'male' }, patient: { metastasisSites: [], priorTreatments: [], biomarkers: [], alterations: [], comorbidities: [] }, actions: actions(['age', 'gender']) });
    at('/clinical-trials/p1/survey/tmb');
    expect(await screen.findByTestId('search-cost-rule')).toHaveTextContent('No searches left this period: only a patient already searched with the same answers in the last 24 hours can be searched again (free).');
    expect(screen.getByTestId('search-cost-credits')).toHaveTextContent('0 of 10 searches left this period');
  });

  it('asks for the trials disclaimer once before the first search', async () => {
    (useCurrentUser as jest.Mock).mockReturnValue({ acceptedClinicalTrialsDisclaimer: false, plan: { id: 'free', name: 'Free', searchesLeft: 3, searchesPerPeriod: 10, periodStart: '2026-11-01T00:00:00.000Z', renewsAt: '2026-12-01T00:00:00.000Z' } });
    survey.patientData.mockResolvedValue({ patientId: 'p1', focusArea: 'lung', answers: { age: 64, gender: 'male' }, patient: { metastasisSites: [], priorTreatments: [], biomarkers: [], alterations: [], comorbidities: [] }, actions: actions(['age', 'gender']) });
    at('/clinical-trials/p1/survey/tmb');
    await userEvent.click(await screen.findByTestId('survey-next'));
    expect(await screen.findByText('Before you search clinical trials')).toBeInTheDocument();
    expect(trials.findMatch).not.toHaveBeenCalled();
  });
});

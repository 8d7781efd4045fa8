import {
  SurveyAnswerResponse,
  SurveyAnswersResponse,
  SurveyAutocompleteResponse,
  SurveyFreeTextResponse,
  SurveyLocationAnswerResponse,
  SurveyPatientDataResponse,
  SurveyQuestionResponse,
  type AnswerValue,
  type AutocompleteSource,
  type FocusArea,
} from '../contracts';
import { apiClient } from '@oncodesk/shared';

const q = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined).map(([k, v]) => [k, String(v)])).toString();

/** The pre-screening survey (questions come translated by the server). */
export const surveyApi = {
  questions: (focusArea: FocusArea, lang?: string) => apiClient.get(`/survey/question?${q({ focusArea, lang })}`, SurveyQuestionResponse),
  answer: (patientId: string, focusArea: FocusArea, questionId: string, value: AnswerValue | null) =>
    apiClient.post('/survey/answer', { patientId, focusArea, questionId, value }, SurveyAnswerResponse),
  answerLocation: (patientId: string, focusArea: FocusArea, id: string, sessionToken?: string) =>
    apiClient.post('/survey/location/answers', { patientId, focusArea, location: { id, ...(sessionToken ? { sessionToken } : {}) } }, SurveyLocationAnswerResponse),
  autocomplete: (source: AutocompleteSource, text: string, focusArea?: FocusArea, limit = 10) =>
    apiClient.get(`/survey/autocomplete?${q({ source, q: text, focusArea, limit })}`, SurveyAutocompleteResponse),
  /** A free-text patient line read into proposed answers (nothing stored). */
  readFreeText: (patientId: string, focusArea: FocusArea, text: string, lang?: string) =>
    apiClient.post('/survey/free-text', { patientId, focusArea, text, ...(lang ? { lang } : {}) }, SurveyFreeTextResponse),
  /** Several answers at once; a stored answer is replaced only when listed in `replace`. */
  answerMany: (patientId: string, focusArea: FocusArea, answers: Record<string, AnswerValue>, replace: string[]) =>
    apiClient.post('/survey/answers', { patientId, focusArea, answers, replace }, SurveyAnswersResponse),
  patientData: (patientId: string, lang?: string) => apiClient.get(`/survey/patient-data?${q({ patientId, ...(lang ? { lang } : {}) })}`, SurveyPatientDataResponse),
};

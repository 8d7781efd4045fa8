import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SurveyAnswerRequest,
  SurveyAnswerResponse,
  SurveyAnswersRequest,
  SurveyAnswersResponse,
  SurveyAutocompleteQuery,
  SurveyFreeTextRequest,
  SurveyFreeTextResponse,
  SurveyAutocompleteResponse,
  SurveyLocationAnswerRequest,
  SurveyLocationAnswerResponse,
  SurveyPatientDataQuery,
  SurveyPatientDataResponse,
  SurveyPossibleAnswerQuery,
  SurveyPossibleAnswerResponse,
  SurveyProcessActionsRequest,
  SurveyProcessActionsResponse,
  SurveyQuestionQuery,
  SurveyQuestionResponse,
  type AnswerValue,
  type SurveyLang,
} from '@oncodesk/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { languageOf } from '../http/messages';
import { GeoError, type GeoService } from '../geo/service';
import { SurveyValidationError, type SurveyService } from './service';
import type { SurveyStorage } from './storage';
import type { FolderPatients } from './derivedPatient';
import { answerChange, proposeAnswers } from './fromReading';

const lang = (request: FastifyRequest, explicit?: SurveyLang): SurveyLang => explicit ?? languageOf(request.headers['accept-language']);

/**
 * The pre-screening survey. Questions, autocomplete and process-actions are public (no patient data);
 * the routes that read or write a patient folder's answers need a session and only see the caller's own
 * folders.
 */
export const surveyRoutes: FastifyPluginAsyncZod<{ survey: SurveyService; storage: SurveyStorage; folders: FolderPatients; geo: GeoService }> = async (app, { survey, storage, folders, geo }) => {
  const secured = { tags: ['survey'], security: [{ bearer: [] }] };

  app.get('/survey/question', { schema: { tags: ['survey'], querystring: SurveyQuestionQuery, response: { 200: SurveyQuestionResponse } } }, async (request) => {
    const { focusArea, id } = request.query;
    const l = lang(request, request.query.lang);
    const questions = survey.getQuestions(focusArea, l);
    if (id === undefined) return { focusArea, lang: l, questions };
    const one = questions.filter((q) => q.id === id);
    if (!one.length) throw notFound('unknown_question');
    return { focusArea, lang: l, questions: one };
  });

  app.post('/survey/answer', { schema: { ...secured, body: SurveyAnswerRequest, response: { 200: SurveyAnswerResponse } } }, async (request) => {
    const { patientId, focusArea, questionId, value } = request.body;
    const result = survey.validateAnswer(questionId, value, { focusArea, lang: lang(request, request.body.lang) });
    // the survey's own message carries the values ("at least 0", "«1,300» could be 1,3 or 1300") in the answer's language
    if (!result.ok) throw badRequest('validation_failed', result.errors.map((e) => ({ path: `value`, code: e.code, message: e.message })));
    const actions = await folders.save(request.userId, patientId, focusArea, { [questionId]: result.value });
    return { questionId, value: result.value, actions };
  });

  // the free-text start: a patient line read into proposed answers for the caller's folder (nothing stored)
  app.post('/survey/free-text', { schema: { ...secured, body: SurveyFreeTextRequest, response: { 200: SurveyFreeTextResponse } } }, async (request) => {
    const { patientId, focusArea, text } = request.body;
    const folder = await folders.get(request.userId, patientId);
    if (folder && folder.focusArea !== focusArea) throw conflict('focus_area_mismatch');
    return proposeAnswers(survey, focusArea, text, folder?.answers ?? {}, lang(request, request.body.lang));
  });

  // several answers at once (the confirmed proposals): all validate or nothing is stored; a stored answer is replaced only when asked
  app.post('/survey/answers', { schema: { ...secured, body: SurveyAnswersRequest, response: { 200: SurveyAnswersResponse } } }, async (request) => {
    const { patientId, focusArea, answers, replace } = request.body;
    const l = lang(request, request.body.lang);
    const valid: Record<string, AnswerValue> = {};
    const errors: Array<{ path: string; code: string; message: string }> = [];
    for (const [questionId, value] of Object.entries(answers)) {
      const r = survey.validateAnswer(questionId, value, { focusArea, lang: l });
      if (!r.ok) errors.push(...r.errors.map((e) => ({ path: `answers.${questionId}`, code: e.code, message: e.message })));
      else if (r.value !== null) valid[questionId] = r.value;
    }
    if (errors.length) throw badRequest('validation_failed', errors);
    const folder = await folders.get(request.userId, patientId);
    if (folder && folder.focusArea !== focusArea) throw conflict('focus_area_mismatch');
    const current = folder?.answers ?? {};
    const set: Record<string, AnswerValue> = {};
    const kept: string[] = [];
    for (const [questionId, value] of Object.entries(valid)) {
      const change = answerChange(current[questionId], value);
      if (change === 'replaces' && !replace.includes(questionId)) kept.push(questionId);
      else if (change !== 'same') set[questionId] = value;
    }
    const actions = await folders.save(request.userId, patientId, focusArea, set);
    return { saved: Object.keys(set), kept, actions };
  });

  app.post('/survey/location/answers', { schema: { ...secured, body: SurveyLocationAnswerRequest, response: { 200: SurveyLocationAnswerResponse } } }, async (request) => {
    const { patientId, focusArea, location } = request.body;
    const l = lang(request, request.body.lang);
    let feature;
    try {
      feature = location.sessionToken ? geo.retrieve(location.id, location.sessionToken, l) : geo.resolve(location.id, l);
    } catch (e) {
      if (e instanceof GeoError) throw new AppError(e.statusCode, e.code);
      throw e;
    }
    if (!feature) throw notFound('location_not_found');
    const actions = await folders.save(request.userId, patientId, focusArea, { location: { id: feature.id } });
    return { feature, actions };
  });

  app.post('/survey/process-actions', { schema: { tags: ['survey'], body: SurveyProcessActionsRequest, response: { 200: SurveyProcessActionsResponse } } }, async (request) =>
    survey.processActions(request.body.focusArea, request.body.answers),
  );

  app.get('/survey/autocomplete', { schema: { tags: ['survey'], querystring: SurveyAutocompleteQuery, response: { 200: SurveyAutocompleteResponse } } }, async (request) => {
    const { source, q, focusArea, limit } = request.query;
    return { items: survey.autocomplete(source, q, { focusArea, limit, lang: lang(request, request.query.lang) }) };
  });

  app.get(
    '/survey/autocomplete-possible-answer',
    { schema: { tags: ['survey'], querystring: SurveyPossibleAnswerQuery, response: { 200: SurveyPossibleAnswerResponse } } },
    async (request) => {
      const { questionId, q, limit } = request.query;
      if (!survey.getQuestion(questionId)) throw notFound('unknown_question');
      return survey.autocompletePossibleAnswer(questionId, q, { limit, lang: lang(request, request.query.lang) });
    },
  );

  app.get('/survey/patient-data', { schema: { ...secured, querystring: SurveyPatientDataQuery, response: { 200: SurveyPatientDataResponse } } }, async (request) => {
    const { patientId } = request.query;
    const folder = await folders.get(request.userId, patientId);
    if (!folder) return { patientId, focusArea: null, answers: {}, patient: { metastasisSites: [], priorTreatments: [], biomarkers: [], alterations: [], comorbidities: [] }, actions: null, labels: {} };
    const { updatedAt: _updated, ...data } = folder;
    return { patientId, ...data, labels: survey.answerLabels(folder.focusArea, folder.answers, lang(request, request.query.lang)) };
  });
};

import type { RouteObject } from '@oncodesk/shared/router';
import { lazyPage } from '@oncodesk/shared';

// One page per wizard step; each loads on demand. Paths live under clinical-trials/* (the host's share).
const folders = lazyPage(() => import('../pages/FoldersPage'));
export const signedInRoutes: RouteObject[] = [
  { index: true, lazy: folders },
  { path: 'clinical-trials', lazy: folders },
  { path: 'clinical-trials/:patientId', lazy: lazyPage(() => import('../pages/ChoicePage')) },
  { path: 'clinical-trials/:patientId/recommendations', lazy: lazyPage(() => import('../pages/RecommendationsPage')) },
  { path: 'clinical-trials/:patientId/reports', lazy: lazyPage(() => import('../pages/ReportsPage')) },
  { path: 'clinical-trials/:patientId/survey', lazy: lazyPage(() => import('../pages/SurveyPage')) },
  { path: 'clinical-trials/:patientId/survey/:step', lazy: lazyPage(() => import('../pages/SurveyPage')) },
  { path: 'clinical-trials/:patientId/results', lazy: lazyPage(() => import('../pages/ResultsPage')) },
  { path: 'clinical-trials/:patientId/trial/:trialId', lazy: lazyPage(() => import('../pages/TrialDetailPage')) },
  { path: 'clinical-trials/:patientId/graph/:trialId', lazy: lazyPage(() => import('../pages/GraphPage')) },
  { path: 'clinical-trials/:patientId/print', lazy: lazyPage(() => import('../pages/PrintPage')) },
  { path: 'clinical-trials/*', lazy: folders },
];
export const signedOutRoutes: RouteObject[] = [];

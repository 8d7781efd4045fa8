import type { CriterionResult, FindMatchResponse, MatchedTrial, TrialMatchResult } from '@oncodesk/shared';

export const criterion = (id: string, kind: CriterionResult['kind'], status: CriterionResult['status'], polarity: CriterionResult['polarity'] = 'inclusion'): CriterionResult => ({
  criterionId: `NCT90000001#${id}`,
  kind,
  polarity,
  status,
  source: `Sentence for ${id}`,
  reason: `Reason for ${id}`,
  confidence: 0.9,
  overridden: false,
});

export function match(overrides: Partial<TrialMatchResult> = {}): TrialMatchResult {
  return {
    trialId: 'NCT90000001',
    verdict: 'match',
    level: 'high',
    score: 10,
    metShare: 1,
    counts: { match: 3, no_match: 0, unknown: 1 },
    diseaseRelation: 'exact',
    geneRelation: 'exact',
    demographics: 'matches',
    results: [criterion('trial#0', 'age', 'match'), criterion('trial#1', 'alteration', 'match'), criterion('trial#2', 'ecog', 'match'), criterion('trial#3', 'comorbidity', 'unknown', 'exclusion')],
    cohorts: [],
    nearestSite: { name: 'Istituto Demo Milano', distanceKm: 2.4, countryCode: 'IT', status: 'recruiting' },
    ...overrides,
  };
}

export function matched(id: string, extra: { conditions?: string[]; summary?: string; verdict?: TrialMatchResult['verdict']; liked?: boolean; km?: number; status?: MatchedTrial['trial']['overallStatus']; purpose?: MatchedTrial['trial']['primaryPurpose'] } = {}): MatchedTrial {
  return {
    trial: {
      id,
      nctId: id,
      briefTitle: `Trial ${id}`,
      phases: ['2'],
      overallStatus: extra.status ?? 'recruiting',
      primaryPurpose: extra.purpose ?? 'treatment',
      conditions: extra.conditions ?? ['NSCLC'],
      ...(extra.summary ? { summary: extra.summary } : {}),
    },
    match: match({ trialId: id, verdict: extra.verdict ?? 'match', nearestSite: { name: `Site ${id}`, distanceKm: extra.km ?? 10, countryCode: 'IT', status: 'recruiting' } }),
    liked: extra.liked ?? false,
  };
}

/** What POST /trials/find-match answers (a lung adenocarcinoma patient with EGFR L858R). */
export function found(searchKey: string, results: MatchedTrial[], extra: Partial<FindMatchResponse> = {}): FindMatchResponse {
  return {
    patientId: 'p1',
    searchKey,
    location: { kind: 'global' },
    patient: { focusArea: 'lung', oncotreeCode: 'LUAD', diagnosisText: 'Lung Adenocarcinoma', alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }], metastasisSites: [], priorTreatments: [], biomarkers: [], comorbidities: [] },
    results,
    searchesLeft: 4,
    charged: true,
    durationMs: 12,
    ...extra,
  };
}

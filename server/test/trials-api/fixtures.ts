import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parseTrials, type Trial } from '../../src/trials';

type Site = [facility: string, city: string, country: string, lat: number, lon: number, status?: string];

function study(nctId: string, title: string, conditions: string[], criteria: string, sites: Site[], phase = 'PHASE2') {
  return {
    protocolSection: {
      identificationModule: { nctId, briefTitle: title },
      statusModule: { overallStatus: 'RECRUITING', startDateStruct: { date: '2025-01-10' } },
      sponsorCollaboratorsModule: { leadSponsor: { name: 'Demo Oncology Group' }, collaborators: [{ name: 'Demo University' }] },
      descriptionModule: { briefSummary: `${title}. A demo study used by the OncoDesk tests.` },
      conditionsModule: { conditions },
      designModule: { phases: [phase], studyType: 'INTERVENTIONAL' },
      armsInterventionsModule: { interventions: [{ name: 'Osimertinib', type: 'DRUG' }], armGroups: [{ label: 'Arm A', interventionNames: ['Osimertinib'] }] },
      eligibilityModule: { eligibilityCriteria: criteria, minimumAge: '18 Years', sex: 'ALL' },
      contactsLocationsModule: {
        overallOfficials: [{ name: 'Dr. Demo Investigator', role: 'PRINCIPAL_INVESTIGATOR' }],
        locations: sites.map(([facility, city, country, lat, lon, status]) => ({ facility, city, country, status: status ?? 'RECRUITING', geoPoint: { lat, lon } })),
      },
    },
  };
}

const LUNG_CRITERIA = `Inclusion Criteria:
* Histologically confirmed non-small cell lung cancer
* Documented EGFR L858R mutation
* ECOG performance status 0-1
* Stage IV disease
Exclusion Criteria:
* Known HIV infection
* Untreated brain metastases`;

/** Three demo trials as a ClinicalTrials.gov v2 search page: EGFR NSCLC near Milan, NSCLC in Madrid only, HER2 breast in Boston. */
export function fixtureDocument() {
  return {
    studies: [
      study('NCT90000001', 'Osimertinib for EGFR L858R non-small cell lung cancer', ['Non-small Cell Lung Cancer'], LUNG_CRITERIA, [
        ['Istituto Demo Milano', 'Milan', 'Italy', 45.4642, 9.19],
        ['Hôpital Demo', 'Paris', 'France', 48.8566, 2.3522, 'NOT_YET_RECRUITING'],
      ]),
      study('NCT90000002', 'Chemo-immunotherapy for advanced lung adenocarcinoma', ['Lung Adenocarcinoma'], `Inclusion Criteria:\n* Stage IV lung adenocarcinoma\n* ECOG 0-2\nExclusion Criteria:\n* Active hepatitis B`, [
        ['Hospital Demo Madrid', 'Madrid', 'Spain', 40.4168, -3.7038],
      ], 'PHASE3'),
      study('NCT90000003', 'Trastuzumab deruxtecan in HER2-positive breast cancer', ['HER2-positive Breast Cancer'], `Inclusion Criteria:\n* HER2-positive metastatic breast cancer\nExclusion Criteria:\n* Pregnancy`, [
        ['Demo Cancer Center', 'Boston', 'United States', 42.36, -71.06],
      ]),
    ],
  };
}

export function fixtureTrials(): Trial[] {
  const r = parseTrials(JSON.stringify(fixtureDocument()), 'fixtures.json');
  if (r.errors.length) throw new Error(JSON.stringify(r.errors));
  return r.trials;
}

export async function loadFixtures(app: FastifyInstance): Promise<Trial[]> {
  const trials = fixtureTrials();
  await app.trialStore.save(trials);
  return trials;
}

/** Creates a lung folder and answers the survey for a 64-year-old man with stage IV LUAD, EGFR L858R, ECOG 1, in Milan. */
export async function lungFolder(app: FastifyInstance, auth: Record<string, string>, opts: { location?: boolean } = {}): Promise<string> {
  const created = await app.inject({ method: 'POST', url: '/api/patients', headers: auth, payload: { name: 'Mario R.', focusArea: 'lung' } });
  if (created.statusCode !== 201) throw new Error(created.body);
  const patientId = created.json().id as string;
  const answers: Array<[string, unknown]> = [
    ['diagnosis.lung', 'LUAD'],
    ['age', 64],
    ['gender', 'male'],
    ['ecog', '1'],
    ['stage.lung', 'IVA'],
    ['metastatic', 'yes'],
    ['metastasis_sites', ['bone']],
    ['alterations', ['EGFR L858R']],
  ];
  for (const [questionId, value] of answers) {
    const r = await app.inject({ method: 'POST', url: '/api/survey/answer', headers: auth, payload: { patientId, focusArea: 'lung', questionId, value } });
    if (r.statusCode !== 200) throw new Error(`${questionId}: ${r.body}`);
  }
  if (opts.location !== false) {
    const r = await app.inject({ method: 'POST', url: '/api/survey/location/answers', headers: auth, payload: { patientId, focusArea: 'lung', location: { id: 'city:3173435', sessionToken: crypto.randomUUID() } } });
    if (r.statusCode !== 200) throw new Error(`location: ${r.body}`);
  }
  return patientId;
}

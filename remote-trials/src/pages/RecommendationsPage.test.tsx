import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { guidelinesApi, patientsApi } from '@oncodesk/shared/api';
import type { FindTreatmentResponse } from '@oncodesk/shared';
import RecommendationsPage from './RecommendationsPage';
import { initTrialsI18n, renderAt } from '../test/setup';

jest.mock('@oncodesk/shared/api', () => ({
  ...jest.requireActual('@oncodesk/shared/api'),
  guidelinesApi: { findTreatment: jest.fn() },
  patientsApi: { get: jest.fn() },
}));
const find = guidelinesApi.findTreatment as jest.Mock;
const folder = patientsApi.get as jest.Mock;

const answer: FindTreatmentResponse = {
  pack: { id: 'oncodesk-open-pack', name: 'OncoDesk open demonstration pack', publisher: 'OncoDesk', version: '2026.11.25', date: '2026-11-25', licence: 'CC0-1.0', disclaimer: 'Demonstration content for a beta product. It is not NCCN content and not medical advice.' },
  setting: 'metastatic',
  nextLine: 1,
  considered: 20,
  recommendations: [
    {
      id: 'nsclc-egfr-osimertinib-1l',
      therapy: 'Osimertinib',
      kind: 'systemic',
      drugs: ['osimertinib'],
      setting: 'metastatic',
      line: 1,
      evidence: { category: 'fda_label', level: 'FDA-approved indication', source: 'U.S. FDA prescribing information, TAGRISSO (osimertinib)', citation: 'U.S. FDA prescribing information, TAGRISSO (osimertinib): first-line treatment of metastatic NSCLC', date: '2018-04', url: 'https://www.fda.gov/' },
      sources: [{ citation: 'U.S. FDA prescribing information, TAGRISSO (osimertinib): first-line treatment of metastatic NSCLC', date: '2018-04', url: 'https://www.fda.gov/' }],
      supporting: [{ id: 'EID9431', level: 'A', molecularProfile: 'EGFR L858R', disease: 'Lung Non-small Cell Carcinoma', therapies: 'osimertinib', citation: 'Soria et al., 2018', url: 'https://civicdb.org/links/evidence_items/9431' }],
      rationale: 'First-line EGFR tyrosine kinase inhibitor.',
      matchedOn: ['Diagnosis LUAD (Lung Adenocarcinoma)', 'Setting: metastatic', 'EGFR exon 19 deletion or exon 21 L858R (patient: EGFR L858R)'],
      caveats: [],
      lastReviewed: '2026-11-25',
    },
  ],
  notApplicable: [{ id: 'nsclc-nonsq-pembrolizumab-chemo-1l', therapy: 'Pembrolizumab with pemetrexed and platinum chemotherapy', reason: 'EGFR sensitising mutation (patient: EGFR L858R)' }],
  missingData: [{ fact: 'PD-L1 tumour proportion score ≥ 50%: not recorded', action: 'Test PD-L1 (22C3) before first-line therapy', decides: ['Pembrolizumab (single agent)'] }],
  durationMs: 1,
};

beforeAll(() => initTrialsI18n());
beforeEach(() => {
  jest.resetAllMocks();
  folder.mockResolvedValue({ id: 'p1', name: 'Mario R.', focusArea: 'lung', progress: 1, complete: true, searches: [], creditsUsed: 0, createdAt: '', updatedAt: '' });
  find.mockResolvedValue(answer);
});
afterEach(() => i18next.changeLanguage('en-US'));
const at = () => renderAt('/clinical-trials/p1/recommendations', '/clinical-trials/:patientId/recommendations', <RecommendationsPage />);

describe('RecommendationsPage', () => {
  it('shows each option with its evidence, why it applies, expandable sources, the pack version and what is missing', async () => {
    at();
    expect(await screen.findByTestId('recommendation-therapy')).toHaveTextContent('1. Osimertinib');
    expect(find).toHaveBeenCalledWith({ patientId: 'p1' });
    expect(screen.getByTestId('pack-banner')).toHaveTextContent('OncoDesk open demonstration pack · version 2026.11.25 · November 25, 2026');
    expect(screen.getByTestId('pack-disclaimer')).toHaveTextContent('not NCCN');
    expect(screen.getByTestId('not-medical-advice')).toBeInTheDocument();
    expect(screen.getByTestId('evidence-badge')).toHaveTextContent('FDA-approved indication');
    expect(screen.getByTestId('matched-on')).toHaveTextContent('patient: EGFR L858R');
    await userEvent.click(within(screen.getByTestId('sources')).getByText('Sources (2)'));
    expect(await screen.findByTestId('source')).toHaveTextContent('TAGRISSO');
    expect(screen.getByTestId('civic-item')).toHaveTextContent('CIViC EID9431, level A');
    expect(screen.getByTestId('missing-item')).toHaveTextContent('Test PD-L1 (22C3) before first-line therapy');
    expect(screen.getByTestId('ruled-out-item')).toHaveTextContent('EGFR sensitising mutation');
  });

  it('in Italian, and an honest empty answer says what is missing', async () => {
    await i18next.changeLanguage('it-IT');
    find.mockResolvedValue({ ...answer, recommendations: [], notApplicable: [] });
    at();
    expect(await screen.findByTestId('recommendations-none')).toHaveTextContent('Nessuna opzione del pacchetto');
    expect(screen.getByTestId('missing-data')).toHaveTextContent('Cosa non riporta la cartella');
    expect(screen.getByTestId('pack-banner')).toHaveTextContent('versione 2026.11.25 · 25 novembre 2026');
    expect(screen.getByTestId('recommendations-csv')).toBeDisabled();
  });

  it('an option that holds only if an unrecorded fact turns out one way says so, with the fact that decides; a less preferred option is marked (Spanish)', async () => {
    await i18next.changeLanguage('es-ES');
    const base = answer.recommendations[0];
    find.mockResolvedValue({
      ...answer,
      setting: null,
      nextLine: null,
      recommendations: [
        { ...base, id: 'rcc-pembrolizumab-axitinib-1l', therapy: 'Pembrolizumab con axitinib', assumes: { settings: ['metastatic'], line: 1, fact: 'Si la enfermedad es metastásica o irresecable (estadio)' } },
        { ...base, id: 'crc-chemo-bevacizumab-1l', therapy: 'FOLFOX con bevacizumab', lessPreferred: true, preference: 'preferred', ema: 'EMA: sin diferencia registrada en esta prueba.' },
      ],
    });
    at();
    const cards = await screen.findAllByTestId('recommendation');
    expect(screen.getByTestId('conditional-intro')).toHaveTextContent('se muestran las opciones de cada posibilidad');
    expect(within(cards[0]).getByTestId('conditional-badge')).toHaveTextContent('Condicional');
    expect(within(cards[0]).getByTestId('assumes')).toHaveTextContent('Si el paciente tiene enfermedad avanzada o metastásica, si es la línea 1');
    expect(within(cards[0]).getByTestId('assumes')).toHaveTextContent('Lo decidiría: Si la enfermedad es metastásica o irresecable (estadio)');
    expect(within(cards[1]).queryByTestId('assumes')).toBeNull();
    expect(within(cards[1]).getByTestId('less-preferred')).toHaveTextContent('Menos preferida para este paciente');
    expect(within(cards[1]).getByTestId('preference')).toHaveTextContent('Preferida');
    expect(within(cards[1]).getByTestId('ema')).toHaveTextContent('EMA: sin diferencia');
  });
});

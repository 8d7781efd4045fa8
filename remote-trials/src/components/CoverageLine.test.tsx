import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { CoverageLine } from './CoverageLine';
import { CriteriaList } from './CriteriaList';
import { initTrialsI18n } from '../test/setup';

beforeAll(() => initTrialsI18n());
afterEach(() => i18next.changeLanguage('en-US'));

const counts = { match: 2, no_match: 0, unknown: 7 };

describe('what a result says it checked', () => {
  it('shows "N of M checked" and the key parts left unchecked, translated', async () => {
    const { rerender } = render(<CoverageLine match={{ counts, coverage: { checked: 2, total: 9, notChecked: ['setting', 'biomarkers'] } }} />);
    expect(screen.getByTestId('coverage')).toHaveTextContent('2 of 9 criteria checked (2 met, 0 not met)');
    expect(screen.getByTestId('not-checked')).toHaveTextContent('Not checked: stage / setting, biomarkers');
    await i18next.changeLanguage('it-IT');
    rerender(<CoverageLine match={{ counts, coverage: { checked: 2, total: 9, notChecked: ['setting'] } }} />);
    expect(screen.getByTestId('not-checked')).toHaveTextContent('Non verificato: stadio / contesto');
  });

  it('says nothing is missing when every key part was checked, and falls back to counts for older results', () => {
    const { rerender } = render(<CoverageLine match={{ counts, coverage: { checked: 5, total: 6, notChecked: [] } }} />);
    expect(screen.queryByTestId('not-checked')).toBeNull();
    rerender(<CoverageLine match={{ counts }} />);
    expect(screen.queryByTestId('coverage')).toBeNull();
    expect(screen.getByText('2 met · 0 not met · 7 to check')).toBeInTheDocument();
  });

  it('says when the record states no eligibility criteria, in the interface language', async () => {
    const { rerender } = render(<CoverageLine match={{ counts, coverage: { checked: 2, total: 2, notChecked: [], recordStatesCriteria: false } }} />);
    expect(screen.getByTestId('no-stated-criteria')).toHaveTextContent('The record states no eligibility criteria: only age, sex and the listed conditions were checked');
    await i18next.changeLanguage('es-ES');
    rerender(<CoverageLine match={{ counts, coverage: { checked: 2, total: 2, notChecked: [], recordStatesCriteria: false } }} />);
    expect(screen.getByTestId('no-stated-criteria')).toHaveTextContent('El registro no publica criterios de elegibilidad');
    rerender(<CoverageLine match={{ counts, coverage: { checked: 2, total: 2, notChecked: [] } }} />);
    expect(screen.queryByTestId('no-stated-criteria')).toBeNull();
  });

  it('shows the unread sentences that keep a trial from a match, in the record\'s words, translated', async () => {
    const undecidedBy = ['Refractory to or intolerant of standard therapy'];
    const { rerender } = render(<CoverageLine match={{ counts, coverage: { checked: 5, total: 6, notChecked: [], undecidedBy } }} />);
    expect(screen.getByTestId('undecided-by')).toHaveTextContent('Not a match until checked: the record decides eligibility in 1 sentence the engine could not read:');
    expect(screen.getByTestId('undecided-by')).toHaveTextContent('“Refractory to or intolerant of standard therapy”');
    await i18next.changeLanguage('it-IT');
    rerender(<CoverageLine match={{ counts, coverage: { checked: 5, total: 6, notChecked: [], undecidedBy: [...undecidedBy, 'Histologically confirmed adenocarcinoma'] } }} />);
    expect(screen.getByTestId('undecided-by')).toHaveTextContent("il registro decide l'eleggibilità in 2 frasi che il motore non ha potuto leggere");
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await i18next.changeLanguage('es-ES');
    rerender(<CoverageLine match={{ counts, coverage: { checked: 5, total: 6, notChecked: [], undecidedBy } }} />);
    expect(screen.getByTestId('undecided-by')).toHaveTextContent('en 1 frase que el motor no pudo leer');
    rerender(<CoverageLine match={{ counts, coverage: { checked: 5, total: 6, notChecked: [] } }} />);
    expect(screen.queryByTestId('undecided-by')).toBeNull();
  });

  it('says how many unmet criteria do not decide alone (a cohort\'s sentence on a matching trial), translated', async () => {
    const soft = { match: 16, no_match: 2, unknown: 3, not_deciding: 2 };
    const { rerender } = render(<CoverageLine match={{ counts: soft, coverage: { checked: 18, total: 21, notChecked: [] } }} />);
    expect(screen.getByTestId('coverage')).toHaveTextContent('18 of 21 criteria checked (16 met, 2 not met (2 of them do not decide alone))');
    await i18next.changeLanguage('it-IT');
    rerender(<CoverageLine match={{ counts: { ...soft, no_match: 3, not_deciding: 1 } }} />);
    expect(screen.getByText('16 soddisfatti · 3 non soddisfatti (di cui 1 non decide da solo) · 3 da verificare')).toBeInTheDocument();
    await i18next.changeLanguage('es-ES');
    rerender(<CoverageLine match={{ counts: soft }} />);
    expect(screen.getByText('16 cumplidos · 2 no cumplidos (2 de ellos no deciden por sí solos) · 3 por revisar')).toBeInTheDocument();
    // none of them: the plain count, and results cached before the field existed read the same
    rerender(<CoverageLine match={{ counts: { ...soft, not_deciding: 0 } }} />);
    expect(screen.getByText('16 cumplidos · 2 no cumplidos · 3 por revisar')).toBeInTheDocument();
  });

  it('marks a criterion that does not decide alone in the checklist, unless a clinician set it', () => {
    const row = { kind: 'prior_therapy', polarity: 'exclusion', status: 'no_match', reason: 'excludes: EGFR TKI', origin: 'text', overridden: false } as const;
    render(
      <CriteriaList
        testId="list"
        results={[
          { ...row, criterionId: 't#1', source: 'Cohort 3 only: Has received EGFR-TKI', confidence: 0.5 },
          { ...row, criterionId: 't#2', source: 'Prior EGFR-TKI', confidence: 0.75 },
          { ...row, criterionId: 't#3', source: 'Cohort 2: prior osimertinib', confidence: 0.5, overridden: true, computedStatus: 'no_match' },
        ]}
      />,
    );
    const rows = screen.getAllByTestId('criterion');
    expect(rows[0]).toHaveTextContent('Does not decide alone');
    expect(rows[1]).not.toHaveTextContent('Does not decide alone');
    expect(rows[2]).not.toHaveTextContent('Does not decide alone');
  });

  it('gives each number its own plural form in every language ("1 non soddisfatto", "1 criterion")', async () => {
    const one = { match: 1, no_match: 1, unknown: 1 };
    const { rerender } = render(<CoverageLine match={{ counts: one, coverage: { checked: 2, total: 1, notChecked: [] } }} />);
    expect(screen.getByTestId('coverage')).toHaveTextContent('2 of 1 criterion checked (1 met, 1 not met)');
    await i18next.changeLanguage('it-IT');
    rerender(<CoverageLine match={{ counts: one }} />);
    expect(screen.getByText('1 soddisfatto · 1 non soddisfatto · 1 da verificare')).toBeInTheDocument();
    rerender(<CoverageLine match={{ counts: { match: 3, no_match: 2, unknown: 0 } }} />);
    expect(screen.getByText('3 soddisfatti · 2 non soddisfatti · 0 da verificare')).toBeInTheDocument();
    await i18next.changeLanguage('es-ES');
    rerender(<CoverageLine match={{ counts: one, coverage: { checked: 1, total: 4, notChecked: [] } }} />);
    expect(screen.getByTestId('coverage')).toHaveTextContent('1 de 4 criterios comprobados (1 cumplido, 1 no cumplido)');
  });

  it('marks criteria read from the title, not from an eligibility sentence', () => {
    render(
      <CriteriaList
        testId="list"
        results={[
          { criterionId: 't#1', kind: 'brain_metastases', polarity: 'inclusion', status: 'no_match', source: 'Title: Neratinib in HER2-Positive Breast Cancer That Has Spread to the Brain', reason: 'brain metastases', patientFact: 'no brain metastases', confidence: 0.65, origin: 'derived', overridden: false },
          { criterionId: 't#2', kind: 'age', polarity: 'inclusion', status: 'match', source: 'Age 18 or older', reason: 'requires age 18–∞', patientFact: 'age 45', confidence: 1, origin: 'structured', overridden: false },
        ]}
      />,
    );
    expect(screen.getAllByTestId('criterion-derived')).toHaveLength(1);
    expect(screen.getByTestId('criterion-derived')).toHaveTextContent('From title / arms');
  });

  it('explains each criterion in the interface language; the trial\'s sentence stays as written', async () => {
    await i18next.changeLanguage('es-ES');
    render(
      <CriteriaList
        testId="list"
        results={[
          { criterionId: 't#3', kind: 'recent_therapy', polarity: 'exclusion', status: 'unknown', source: 'Chemotherapy within 4 weeks prior to treatment start.', reason: 'excludes: chemotherapy within 28 days: treatment dates not recorded', reasonMsg: { key: 'recentNoDates', params: { therapy: '@chemotherapy', days: 28 } }, confidence: 0.75, origin: 'text', overridden: false },
          { criterionId: 't#4', kind: 'metastatic', polarity: 'inclusion', status: 'match', source: 'Metastatic breast cancer', reason: 'requires metastatic disease', reasonMsg: { key: 'requiresState', params: { state: '@metastatic' } }, patientFact: 'metastatic', factMsg: { key: 'value', params: { value: '@metastatic' } }, confidence: 0.75, origin: 'text', overridden: false },
        ]}
      />,
    );
    const rows = screen.getAllByTestId('criterion');
    expect(rows[0]).toHaveTextContent('“Chemotherapy within 4 weeks prior to treatment start.”');
    expect(rows[0]).toHaveTextContent('excluye: quimioterapia en los últimos 28 días: fechas de tratamiento no registradas');
    expect(rows[1]).toHaveTextContent('requiere enfermedad metastásica · paciente: metastásica');
  });
});

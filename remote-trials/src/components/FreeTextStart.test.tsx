import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { trialsApi } from '@oncodesk/shared/api';
import { FreeTextStart } from './FreeTextStart';
import { initTrialsI18n } from '../test/setup';

jest.mock('@oncodesk/shared/api', () => ({ ...jest.requireActual('@oncodesk/shared/api'), trialsApi: { readPatientText: jest.fn() } }));
const readPatientText = trialsApi.readPatientText as jest.Mock;

const text = 'mCRPC, s/p ADT, no brain mets, enjoys gardening, ?liver mets';
const reading = {
  patient: { metastasisSites: [], priorTreatments: [{ name: 'adt', kind: 'drug_class' }], biomarkers: [], alterations: [], comorbidities: [] },
  spans: [
    { start: 0, end: 5, text: 'mCRPC', field: 'oncotreeCode', value: 'PROSTATE' },
    { start: 11, end: 14, text: 'ADT', field: 'priorTreatments', value: ['adt'] },
    { start: 19, end: 29, text: 'brain mets', field: 'absentMetastasisSites', value: 'brain', assertion: 'absent' },
  ],
  notUnderstood: [
    { start: 31, end: 47, text: 'enjoys gardening', reason: 'unknown' },
    { start: 49, end: 60, text: '?liver mets', reason: 'uncertain' },
  ],
  warnings: [],
};

beforeAll(() => initTrialsI18n());
afterEach(() => i18next.changeLanguage('en-US'));
beforeEach(() => readPatientText.mockReset().mockResolvedValue(reading));

describe('the free-text start', () => {
  it('shows what the reader understood and what it did not, marked in the text', async () => {
    render(<FreeTextStart />);
    fireEvent.change(screen.getByTestId('free-text-input'), { target: { value: text } });
    await userEvent.click(screen.getByTestId('free-text-read'));
    await waitFor(() => expect(screen.getByTestId('free-text-result')).toBeInTheDocument());
    expect(readPatientText).toHaveBeenCalledWith(text);
    const understood = screen.getByTestId('free-text-understood');
    expect(understood).toHaveTextContent('Diagnosis: mCRPC');
    expect(understood).toHaveTextContent('Prior treatment: ADT');
    expect(understood).toHaveTextContent('No spread to (denied): brain mets');
    const unplaced = screen.getByTestId('free-text-not-understood');
    expect(unplaced).toHaveTextContent('enjoys gardening');
    expect(unplaced).toHaveTextContent('?liver mets (uncertain, not used)');
    expect(screen.getByText('Understood (3)')).toBeInTheDocument();
    expect(screen.getByText('Not understood (2)')).toBeInTheDocument();
    expect(screen.getAllByTestId('mark-unplaced').map((m) => m.textContent)).toEqual(['enjoys gardening', '?liver mets']);
    expect(screen.getAllByTestId('mark-absent').map((m) => m.textContent)).toEqual(['brain mets']);
    expect(screen.getByTestId('free-text-marked')).toHaveTextContent(text);
  });

  it('speaks Italian and Spanish', async () => {
    await i18next.changeLanguage('it-IT');
    render(<FreeTextStart />);
    fireEvent.change(screen.getByTestId('free-text-input'), { target: { value: text } });
    await userEvent.click(screen.getByTestId('free-text-read'));
    await waitFor(() => expect(screen.getByText('Non capito (2)')).toBeInTheDocument());
    expect(screen.getByTestId('free-text-understood')).toHaveTextContent('Trattamento precedente: ADT');
    expect(screen.getByTestId('free-text-not-understood')).toHaveTextContent('(incerto, non usato)');
    await i18next.changeLanguage('es-ES');
    expect(await screen.findByText('No entendido (2)')).toBeInTheDocument();
  });

  it('reads nothing from an empty box', async () => {
    render(<FreeTextStart />);
    expect(screen.getByTestId('free-text-read')).toBeDisabled();
    expect(readPatientText).not.toHaveBeenCalled();
  });
});

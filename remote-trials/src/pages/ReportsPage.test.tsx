import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { documentsApi, patientsApi } from '@oncodesk/shared/api';
import type { ReportDocument } from '@oncodesk/shared';
import ReportsPage, { findingText } from './ReportsPage';
import { initTrialsI18n, renderAt } from '../test/setup';

jest.mock('@oncodesk/shared/api', () => ({
  ...jest.requireActual('@oncodesk/shared/api'),
  documentsApi: { list: jest.fn(), upload: jest.fn(), patchFinding: jest.fn(), page: jest.fn() },
  patientsApi: { get: jest.fn() },
}));
const docs = documentsApi as unknown as Record<'list' | 'upload' | 'patchFinding' | 'page', jest.Mock>;

const source = { page: 1, text: 'BRAF V600E c.1799T>A NM_004333.6 Missense 22.5%', box: { x: 50, y: 286, width: 495, height: 9 } };
const doc: ReportDocument = {
  id: '11111111-1111-4111-8111-111111111111',
  patientId: 'p1',
  name: 'SYN-NGS-0002.pdf',
  kind: 'ngs',
  status: 'done',
  pages: 1,
  vaultItemId: 'v1',
  createdAt: '2026-11-25T00:00:00Z',
  findings: [
    { id: 'f1', kind: 'variant', gene: 'BRAF', proteinChange: 'V600E', cdna: 'c.1799T>A', vaf: 0.225, status: 'proposed', source },
    { id: 'f2', kind: 'variant', gene: 'APC', proteinChange: 'S1400L', interpretation: 'vus', status: 'proposed', source: { page: 1, text: 'APC S1400L' } },
  ],
};

beforeAll(() => initTrialsI18n());
beforeEach(() => {
  jest.resetAllMocks();
  (patientsApi.get as jest.Mock).mockResolvedValue({ id: 'p1', name: 'Colon demo', focusArea: 'colon', progress: 0.5, complete: false, searches: [], createdAt: '', updatedAt: '' });
  docs.list.mockResolvedValue({ documents: [doc] });
});

describe('ReportsPage', () => {
  it('shows what was read from each report with its line, and accepting a finding changes the patient', async () => {
    renderAt('/clinical-trials/p1/reports', '/clinical-trials/:patientId/reports', <ReportsPage />);
    const [braf, apc] = await screen.findAllByTestId('finding');
    expect(within(braf).getByTestId('finding-text')).toHaveTextContent('BRAF V600E · c.1799T>A · VAF 22.5%');
    expect(within(braf).getByTestId('finding-source')).toHaveTextContent('Page 1: “BRAF V600E c.1799T>A');
    expect(apc).toHaveTextContent('Unknown significance');
    docs.patchFinding.mockResolvedValue({ ...doc, findings: [{ ...doc.findings[0], status: 'accepted', appliedTo: 'alterations' }, doc.findings[1]] });
    await userEvent.click(within(braf).getByTestId('finding-accept'));
    await waitFor(() => expect(docs.patchFinding).toHaveBeenCalledWith(doc.id, 'f1', { status: 'accepted' }));
    expect(await screen.findByTestId('reports-changed')).toBeInTheDocument();
    expect(within(screen.getAllByTestId('finding')[0]).getByTestId('finding-status')).toHaveTextContent('Accepted');
  });

  it('shows the page a finding was read from, with its line outlined where it sits', async () => {
    docs.page.mockResolvedValue({ page: 1, width: 612, height: 792, image: 'data:image/png;base64,iVBORw0KGgo=' });
    renderAt('/clinical-trials/p1/reports', '/clinical-trials/:patientId/reports', <ReportsPage />);
    const [braf] = await screen.findAllByTestId('finding');
    await userEvent.click(within(braf).getByTestId('finding-show'));
    expect(await screen.findByTestId('source-page')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(docs.page).toHaveBeenCalledWith(doc.id, 1);
    const box = screen.getByTestId('source-highlight');
    // x 50 - 2 of 612 points: 7.84% from the left; y 286 - 2 of 792: 35.86% from the top
    expect(box.style.left).toMatch(/^7\.84/);
    expect(box.style.top).toMatch(/^35\.85|^35\.86/);
  });

  it('says why a report was not read', async () => {
    docs.list.mockResolvedValue({ documents: [{ ...doc, status: 'failed', reason: 'pdf_encrypted', findings: [] }] });
    renderAt('/clinical-trials/p1/reports', '/clinical-trials/:patientId/reports', <ReportsPage />);
    expect(await screen.findByTestId('report-failed')).toHaveTextContent('protected by a password');
  });

  it('shows what the report asserts as a translated tag, and a VUS, a synonymous change, a denied finding or a TMB count cannot be accepted', async () => {
    const at = (id: string, f: Partial<ReportDocument['findings'][number]>) => ({ id, status: 'proposed' as const, source: { page: 1, text: 'x' }, kind: 'variant' as const, ...f });
    docs.list.mockResolvedValue({
      documents: [
        {
          ...doc,
          findings: [
            at('a', { gene: 'KRAS', proteinChange: 'G12C', assertion: 'detected' }),
            at('b', { gene: 'HRAS', proteinChange: 'E126E', assertion: 'synonymous' }),
            at('c', { kind: 'msi', name: 'MSI', interpretation: 'MSI-High', assertion: 'not_detected' }),
            at('d', { kind: 'copy_number', gene: 'TERC', change: 'amplification', assertion: 'equivocal' }),
            at('e', { gene: 'TP53', cdna: 'c.559+1G>A', assertion: 'detected' }),
            at('f', { kind: 'tmb', name: 'TMB', value: 46, unit: 'mutations', assertion: 'detected' }),
            at('g', { gene: 'APC', proteinChange: 'S1400L', interpretation: 'vus' }),
          ],
        },
      ],
    });
    await i18next.changeLanguage('it-IT');
    renderAt('/clinical-trials/p1/reports', '/clinical-trials/:patientId/reports', <ReportsPage />);
    const rows = await screen.findAllByTestId('finding');
    const tag = (i: number) => within(rows[i]).queryByTestId('finding-assertion')?.textContent ?? null;
    expect(rows.map((_, i) => tag(i))).toEqual([null, 'Sinonimo', 'Non rilevato', 'Equivoco', null, null, 'Significato incerto']);
    expect(within(rows[4]).getByTestId('finding-text')).toHaveTextContent('TP53 c.559+1G>A');
    expect(within(rows[5]).getByTestId('finding-tmb-count')).toHaveTextContent('Conteggio, non per Mb');
    const accept = rows.map((r) => (within(r).getByTestId('finding-accept') as HTMLButtonElement).disabled);
    expect(accept).toEqual([false, true, true, false, false, true, true]);
    await i18next.changeLanguage('en-US');
  });

  it('writes findings as clinicians read them', () => {
    expect(findingText({ id: 'x', kind: 'copy_number', gene: 'ERBB2', change: 'amplification', copyNumber: 14, status: 'proposed', source })).toBe('ERBB2 amplification · CN 14');
    expect(findingText({ id: 'x', kind: 'fusion', gene: 'ALK', partner: 'EML4', status: 'proposed', source })).toBe('EML4::ALK');
  });
});

import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError, initI18n, registerLocales } from '@oncodesk/shared';
import en from '../locales/en.json';
import es from '../locales/es.json';
import itLocale from '../locales/it.json';
import DownloadPage from './DownloadPage';
import { vaultApi } from '../api/vault';

// The server is replaced (server/test/vault/shares.test.ts covers it): this is about what the page shows.
jest.mock('../api/vault', () => ({ vaultApi: { publicInfo: jest.fn(), publicDownloadUrl: (h: string) => `/api/vault/public/${h}/download` } }));
const api = vaultApi as unknown as { publicInfo: jest.Mock };

beforeAll(() => {
  initI18n('en-US');
  registerLocales('vault', { en, es, it: itLocale });
});

const at = (hash: string) =>
  render(
    <MemoryRouter initialEntries={[`/download/${hash}`]}>
      <Routes>
        <Route path="/download/:hash" element={<DownloadPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('DownloadPage', () => {
  it('shows the shared item and links its download', async () => {
    api.publicInfo.mockResolvedValue({ name: 'Case 7', kind: 'folder', size: 3 * 1024 * 1024, fileType: null, ownerNickname: 'Dr Rossi', expiresAt: '2026-11-24T10:00:00.000Z' });
    at('tok123');
    expect(await screen.findByTestId('download-name')).toHaveTextContent('Case 7');
    expect(screen.getByText('Shared with you by Dr Rossi')).toBeInTheDocument();
    expect(screen.getByText('3 MB')).toBeInTheDocument();
    expect(screen.getByTestId('download-button')).toHaveAttribute('href', '/api/vault/public/tok123/download');
    expect(screen.getByTestId('download-button')).toHaveTextContent('Download as zip');
    expect(api.publicInfo).toHaveBeenCalledWith('tok123');
  });

  it('says the link is invalid when it expired or was revoked', async () => {
    api.publicInfo.mockRejectedValue(new ApiError(404, 'invalid_link', 'x'));
    at('gone');
    expect(await screen.findByTestId('download-invalid')).toHaveTextContent('This link is invalid or has expired.');
  });
});

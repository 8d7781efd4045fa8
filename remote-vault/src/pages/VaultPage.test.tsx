import '@testing-library/jest-dom';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ApiError, initI18n, registerLocales, storage, type VaultItem, type VaultListing } from '@oncodesk/shared';
import en from '../locales/en.json';
import es from '../locales/es.json';
import itLocale from '../locales/it.json';
import VaultPage from './VaultPage';
import { vaultApi } from '../api/vault';
import { useViewStore } from '../state/viewStore';
import { useUploadStore } from '../state/uploadStore';

// The server is replaced here (its behaviour has its own tests in server/test/vault): these tests are
// about what the screens show and send. tus is replaced too: jsdom has no real network uploads.
jest.mock('../api/vault', () => ({
  vaultApi: {
    list: jest.fn(),
    usage: jest.fn(),
    createFolder: jest.fn(),
    ensurePath: jest.fn(),
    patch: jest.fn(),
    remove: jest.fn(),
    shares: jest.fn(),
    share: jest.fn(),
    revoke: jest.fn(),
    downloadUrl: async (id: string) => `/api/vault/items/${id}/download?ticket=t`,
    zipUrl: async (id: string) => `/api/vault/items/${id}/zip?ticket=t`,
    uploadEndpoint: () => '/api/vault/uploads',
  },
}));
jest.mock('../upload/tus', () => ({ startTusUpload: jest.fn() }));
import { startTusUpload } from '../upload/tus';
const api = vaultApi as unknown as Record<string, jest.Mock>;
const tus = startTusUpload as unknown as jest.Mock;

const item = (over: Partial<VaultItem>): VaultItem => ({
  id: over.name ?? 'x',
  kind: 'file',
  name: 'x',
  parentId: null,
  size: 1024,
  fileType: 'pdf',
  mimeType: 'application/pdf',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  lastSharedAt: null,
  activeShares: 0,
  ...over,
});
const listing = (items: VaultItem[]): VaultListing => ({ folder: null, breadcrumbs: [], items });

beforeAll(() => {
  initI18n('en-US');
  registerLocales('vault', { en, es, it: itLocale });
});
beforeEach(() => {
  jest.resetAllMocks();
  storage.clearExceptLanguage();
  useViewStore.setState({ viewType: 'mosaic', sort: 'name_asc', date: 'all', type: 'all' });
  useUploadStore.setState({ entries: [] });
  api.list.mockResolvedValue(listing([item({ id: 'f1', name: 'Scans', kind: 'folder', fileType: null }), item({ id: 'p1', name: 'report.pdf' })]));
  api.usage.mockResolvedValue({ usedBytes: 2048, quotaBytes: 1024 ** 3, files: 1, folders: 1 });
  api.shares.mockResolvedValue({ shares: [] });
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/vault']}>
      <VaultPage />
    </MemoryRouter>,
  );

describe('VaultPage', () => {
  it('shows the folder in mosaic view with the storage used, and remembers a switch to list view', async () => {
    renderPage();
    expect(await screen.findByTestId('item-report.pdf')).toBeInTheDocument();
    expect(screen.getByTestId('vault-mosaic')).toBeInTheDocument();
    expect(screen.getByTestId('vault-usage')).toHaveTextContent('2 KB of 1 GB used · 1 files · 1 folders');
    await userEvent.click(screen.getByTitle('List view'));
    expect(await screen.findByTestId('vault-list')).toBeInTheDocument();
    expect(storage.get('vaultViewType')).toBe('list');
  });

  it('asks the server again with the chosen sort and filters', async () => {
    renderPage();
    await screen.findByTestId('item-report.pdf');
    act(() => useViewStore.getState().setSort('date_desc'));
    act(() => useViewStore.getState().setType('pdf'));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ parentId: null, sort: 'date_desc', date: 'all', type: 'pdf' }));
  });

  it('refuses a folder name over 30 characters in the browser, with the spec message, before any call', async () => {
    renderPage();
    await screen.findByTestId('item-report.pdf');
    await userEvent.click(screen.getByTestId('new-folder'));
    await userEvent.click(await screen.findByTestId('name-input'));
    await userEvent.paste('x'.repeat(31));
    await userEvent.click(screen.getByText('Create'));
    expect(await screen.findByText('You exceeded the characters limit, (Maximum 30 characters). Please try again')).toBeInTheDocument();
    expect(api.createFolder).not.toHaveBeenCalled();
  });

  it("shows the server's duplicate-name message", async () => {
    api.createFolder.mockRejectedValue(new ApiError(409, 'vault_name_taken', 'This name already exist, please try again.'));
    renderPage();
    await screen.findByTestId('item-report.pdf');
    await userEvent.click(screen.getByTestId('new-folder'));
    await userEvent.click(await screen.findByTestId('name-input'));
    await userEvent.paste('Scans');
    await userEvent.click(screen.getByText('Create'));
    expect(await screen.findByText('This name already exist, please try again.')).toBeInTheDocument();
    expect(api.createFolder).toHaveBeenCalledWith({ parentId: null, name: 'Scans' });
  });

  it('refuses a duplicate email in the share dialog and sends the list', async () => {
    api.share.mockResolvedValue({ shares: [] });
    renderPage();
    await userEvent.click(await screen.findByTestId('menu-report.pdf'));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Share/ }));
    const input = await screen.findByTestId('share-email');
    // paste, not type: antd re-renders on every keystroke and jsdom makes that slow.
    const enter = async (text: string) => {
      await userEvent.click(input);
      await userEvent.paste(text);
      await userEvent.keyboard('{Enter}');
    };
    await enter('ana@example.org');
    await enter('ANA@example.org');
    expect(await screen.findByTestId('share-error')).toHaveTextContent('ana@example.org has already been added.');
    await userEvent.clear(input);
    await userEvent.click(input);
    await userEvent.paste('bo@example.org');
    await userEvent.click(screen.getByTestId('share-submit'));
    await waitFor(() => expect(api.share).toHaveBeenCalledWith('p1', ['ana@example.org', 'bo@example.org']));
  });

  it('shows who has the item as a list labelled "Shared with", empty text when nobody, and revokes an active link', async () => {
    const share = (id: string, email: string, over: object) => ({ id, itemId: 'p1', itemName: 'report.pdf', itemKind: 'file', email, createdAt: '2026-11-20T10:00:00.000Z', expiresAt: '2026-11-23T10:00:00.000Z', revokedAt: null, active: true, ...over });
    api.shares.mockResolvedValueOnce({ shares: [] });
    renderPage();
    await userEvent.click(await screen.findByTestId('menu-report.pdf'));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Share/ }));
    expect(await screen.findByText('Not shared yet')).toBeInTheDocument();
    expect(within(screen.getByTestId('share-list')).queryByRole('list')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    api.shares.mockResolvedValue({ shares: [share('s1', 'ana@example.org', {}), share('s2', 'bo@example.org', { active: false, revokedAt: '2026-11-21T10:00:00.000Z' })] });
    api.revoke.mockResolvedValue(undefined);
    await userEvent.click(screen.getByTestId('menu-report.pdf'));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Share/ }));
    const list = await screen.findByRole('list', { name: 'Shared with' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('ana@example.org');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[1]).toHaveTextContent('Revoked');
    expect(within(rows[1]).queryByRole('button')).not.toBeInTheDocument();
    const revoke = within(rows[0]).getByRole('button', { name: 'Revoke' });
    expect(revoke).toHaveAccessibleDescription('ana@example.org');
    await userEvent.click(revoke);
    await waitFor(() => expect(api.revoke).toHaveBeenCalledWith('s1'));
  });

  it('refuses unsupported and oversize files before uploading, and uploads the rest with progress', async () => {
    let progress: (sent: number, total: number) => void = () => {};
    tus.mockImplementation((_file: File, _parent: string | null, cb: { onProgress: typeof progress }) => {
      progress = cb.onProgress;
      return { abort: jest.fn() };
    });
    renderPage();
    await screen.findByTestId('item-report.pdf');
    const good = new File(['%PDF-1.7'], 'ok.pdf', { type: 'application/pdf' });
    const exe = new File(['MZ'], 'virus.exe');
    const huge = new File(['x'], 'huge.pdf');
    Object.defineProperty(huge, 'size', { value: 501 * 1024 * 1024 });
    await userEvent.upload(screen.getByTestId('file-input'), [good, exe, huge], { applyAccept: false });
    const rows = await screen.findAllByTestId('upload-row');
    expect(rows).toHaveLength(3);
    const errors = screen.getAllByTestId('upload-error').map((e) => e.textContent);
    expect(errors).toEqual([
      'Upload failed. This file type is not supported. Upload PDF, JPEG, PNG, CSV, XLS or XLSX files.',
      'Upload failed. The file is too large. The maximum size is 500 MB.',
    ]);
    await waitFor(() => expect(tus).toHaveBeenCalledTimes(1));
    act(() => progress(4, 8));
    expect(within(rows[0]).getByText('50%')).toBeInTheDocument();
  });

  it('confirms before deleting a folder and says everything inside goes', async () => {
    api.remove.mockResolvedValue(undefined);
    renderPage();
    await userEvent.click(await screen.findByTestId('menu-Scans'));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    expect(await screen.findByText('The folder and everything inside it will be deleted. This cannot be undone.')).toBeInTheDocument();
    expect(api.remove).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('delete-ok'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('f1'));
  });
});

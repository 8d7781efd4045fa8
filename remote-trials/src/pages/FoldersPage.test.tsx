import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storage } from '@oncodesk/shared';
import { patientsApi } from '@oncodesk/shared/api';
import FoldersPage from './FoldersPage';
import { initTrialsI18n, renderAt } from '../test/setup';
import { useFolders } from '../state/folders';

jest.mock('@oncodesk/shared/api', () => ({
  ...jest.requireActual('@oncodesk/shared/api'),
  patientsApi: { list: jest.fn(), create: jest.fn(), update: jest.fn(), remove: jest.fn(), get: jest.fn() },
}));
const api = patientsApi as unknown as Record<'list' | 'create' | 'update' | 'remove', jest.Mock>;

const folder = (id: string, name: string) => ({ id, name, focusArea: 'lung' as const, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', progress: 0.5, complete: false, searches: [] as string[], creditsUsed: 0 });

// antd modals and selects are slow in jsdom.
beforeAll(() => initTrialsI18n());
beforeEach(() => {
  jest.resetAllMocks();
  useFolders.setState({ folders: null, error: false });
  storage.clearExceptLanguage();
});

describe('FoldersPage', () => {
  it('lists folders and creates one with a focus area, then opens it', async () => {
    api.list.mockResolvedValue({ patients: [folder('a', 'Anna')] });
    api.create.mockResolvedValue(folder('b', 'Mario R.'));
    renderAt('/clinical-trials', '/clinical-trials', <FoldersPage />);
    expect(await screen.findByText('Anna')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('folder-new'));
    await userEvent.click(screen.getByTestId('folder-save'));
    expect(await screen.findByText('Enter a name.')).toBeInTheDocument();
    expect(screen.getByText('Choose a focus area.')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('folder-name'), 'Mario R.');
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByTestId('focus-option-lung'));
    await userEvent.click(screen.getByTestId('folder-save'));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith({ name: 'Mario R.', focusArea: 'lung' }));
    expect(await screen.findByTestId('navigated')).toBeInTheDocument();
  });

  it('counts on a card the credits its searches took this period, not its saved scopes', async () => {
    // four scopes of one patient bought with one credit, then one more after the answers changed: two credits
    const scopes = ['radius:100', 'country:IT', 'continent:Europe', 'global'];
    api.list.mockResolvedValue({ patients: [{ ...folder('a', 'Anna'), searches: scopes, creditsUsed: 2 }, { ...folder('b', 'Bruno'), searches: ['global'], creditsUsed: 1 }, folder('c', 'Carla')] });
    renderAt('/clinical-trials', '/clinical-trials', <FoldersPage />);
    const cards = await screen.findAllByTestId('folder-card');
    expect(within(cards[0]).getByTestId('folder-credits-used')).toHaveTextContent('2 credits used this period');
    expect(within(cards[1]).getByTestId('folder-credits-used')).toHaveTextContent('1 credit used this period');
    // a folder never searched says nothing about credits
    expect(within(cards[2]).queryByTestId('folder-credits-used')).toBeNull();
  });

  it('renames and deletes a folder after confirmation', async () => {
    api.list.mockResolvedValue({ patients: [folder('a', 'Anna')] });
    api.update.mockResolvedValue(folder('a', 'Anna Bianchi'));
    api.remove.mockResolvedValue(undefined);
    renderAt('/clinical-trials', '/clinical-trials', <FoldersPage />);
    const card = await screen.findByTestId('folder-card');
    await userEvent.click(within(card).getByTestId('folder-rename'));
    const input = await screen.findByTestId('folder-name');
    await userEvent.clear(input);
    await userEvent.type(input, 'Anna Bianchi');
    await userEvent.click(screen.getByTestId('folder-save'));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith('a', { name: 'Anna Bianchi' }));
    expect(await screen.findByText('Anna Bianchi')).toBeInTheDocument();

    await userEvent.click(within(screen.getByTestId('folder-card')).getByTestId('folder-delete'));
    expect(await screen.findByText(/The folder “Anna Bianchi” and its answers/)).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('folder-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('a'));
    expect(await screen.findByTestId('folders-empty')).toBeInTheDocument();
  });
});

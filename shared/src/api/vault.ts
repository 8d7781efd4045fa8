
import { z } from 'zod';
import {
  EnsureFolderPathResponse,
  PublicShare,
  VaultItem,
  VaultListing,
  VaultShareList,
  VaultUsage,
  type CreateFolderRequest,
  type PatchItemRequest,
  type VaultListQuery,
} from '../contracts/vault';
import { apiClient } from '@oncodesk/shared';

const query = (q: Record<string, string | number | null | undefined>) =>
  new URLSearchParams(Object.entries(q).filter((e): e is [string, string | number] => e[1] != null && e[1] !== '').map(([k, v]) => [k, String(v)])).toString();

const DownloadTicket = z.object({ ticket: z.string(), expiresAt: z.string() });
/** Browser-opened URLs (links, iframes, <img>) cannot send a header: they carry a short-lived ticket for one item. */
const ticketed = async (id: string, path: string, extra: Record<string, string> = {}) => {
  const { ticket } = await apiClient.post(`/vault/items/${encodeURIComponent(id)}/ticket`, {}, DownloadTicket);
  return apiClient.url(`${path}?${query({ ...extra, ticket })}`);
};

/** The vault's API: folders and files of the signed-in user, share links, and the public share page. */
export const vaultApi = {
  list: (q: VaultListQuery = {}) => apiClient.get(`/vault/items?${query({ ...q, tzOffset: new Date().getTimezoneOffset() })}`, VaultListing),
  usage: () => apiClient.get('/vault/usage', VaultUsage),
  createFolder: (body: CreateFolderRequest) => apiClient.post('/vault/folders', body, VaultItem),
  ensurePath: (parentId: string | null, segments: string[]) => apiClient.post('/vault/folders/ensure', { parentId, segments }, EnsureFolderPathResponse),
  patch: (id: string, body: PatchItemRequest) => apiClient.patch(`/vault/items/${encodeURIComponent(id)}`, body, VaultItem),
  remove: (id: string) => apiClient.delete(`/vault/items/${encodeURIComponent(id)}`, null),
  shares: (itemId: string) => apiClient.get(`/vault/items/${encodeURIComponent(itemId)}/shares`, VaultShareList),
  allShares: () => apiClient.get('/vault/shares', VaultShareList),
  share: (itemId: string, emails: string[]) => apiClient.post(`/vault/items/${encodeURIComponent(itemId)}/shares`, { emails }, VaultShareList),
  revoke: (shareId: string) => apiClient.delete(`/vault/shares/${encodeURIComponent(shareId)}`, null),
  publicInfo: (hash: string) => apiClient.get(`/vault/public/${encodeURIComponent(hash)}`, PublicShare, { allowUnauthorized: true }),

  /** A URL the browser can open for a file (inline: for the preview), valid for a few minutes. */
  downloadUrl: (id: string, inline = false) => ticketed(id, `/vault/items/${encodeURIComponent(id)}/download`, inline ? { inline: '1' } : {}),
  zipUrl: (id: string) => ticketed(id, `/vault/items/${encodeURIComponent(id)}/zip`),
  publicDownloadUrl: (hash: string) => apiClient.url(`/vault/public/${encodeURIComponent(hash)}/download`),
  /** The tus endpoint for resumable uploads. */
  uploadEndpoint: () => apiClient.url('/vault/uploads'),
};
export type VaultApi = typeof vaultApi;

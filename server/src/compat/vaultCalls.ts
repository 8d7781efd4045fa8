import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VaultShareList } from '@oncodesk/shared/contracts';
import { notFound } from '../http/errors';
import type { VaultService } from '../vault/service';
import { notSatisfiable, rangeOf, sendFile, sendZip } from '../vault/routes';
import {
  CompatDirectory,
  CompatItem,
  CompatPublicShare,
  CompatShareRequest,
  CreateDirectoryRequest,
  DeleteRequest,
  DirectoryParams,
  DirectoryQuery,
  DownloadDirectoryQuery,
  DownloadFileQuery,
  MoveRequest,
  RenameRequest,
  ShareQuery,
} from './contracts';
import { joinPath, type PathLocator } from './paths';

export interface VaultCallsOptions {
  vault: VaultService;
  locate: PathLocator;
  /** The REST share route's guard (a verified email). */
  shareGuard: (request: FastifyRequest) => Promise<void>;
}

const tags = ['compatibility'];
const security = [{ bearer: [] }];
/** OpenAPI text: what the call does and the REST route it stands for. */
const doc = (summary: string, rest: string) => ({ tags, summary, description: `The spec's call; the same as \`${rest}\` (same service, rules and errors).` });

/**
 * The spec's vault calls (folders and files named by path), each a translation to the vault service the
 * REST routes use: the path is resolved inside the signed-in user's vault, then the service is called with
 * the item's id. Nothing here decides a rule of its own; a `userId` in a query is never trusted.
 */
export const vaultCalls: FastifyPluginAsyncZod<VaultCallsOptions> = async (app, { vault, locate, shareGuard }) => {
  /** A query's userId other than the signed-in user's: the item does not exist for this caller. */
  const ownOnly = (request: FastifyRequest, userId: string | undefined) => {
    if (userId !== undefined && userId !== request.userId) throw notFound();
  };

  async function listing(userId: string, segments: string[], query: { sort: 'name_asc' | 'name_desc' | 'date_desc' | 'date_asc' | 'last_shared'; date: 'all' | 'today' | 'last7' | 'last30'; type: string; tzOffset: number }): Promise<CompatDirectory> {
    const parentId = await locate.folder(userId, segments);
    const result = await vault.list(userId, { parentId, sort: query.sort, date: query.date, type: query.type, tzOffset: query.tzOffset });
    const path = joinPath(result.breadcrumbs.map((c) => c.name));
    return { name: result.folder?.name ?? null, path, items: result.items.map((item) => ({ ...item, path: joinPath(path ? [path, item.name] : [item.name]) })) };
  }

  app.get(
    '/directory',
    { schema: { ...doc('List the folder at `path` (the root when absent)', 'GET /api/vault/items?parentId='), security, querystring: DirectoryQuery, response: { 200: CompatDirectory } } },
    async (request) => listing(request.userId, request.query.path, request.query),
  );

  app.get(
    '/directory/:name',
    {
      schema: { ...doc('List the folder `name` inside `path` (the root when absent)', 'GET /api/vault/items?parentId='), security, params: DirectoryParams, querystring: DirectoryQuery, response: { 200: CompatDirectory } },
    },
    async (request) => listing(request.userId, [...request.query.path, request.params.name], request.query),
  );

  app.post(
    '/directory',
    { schema: { ...doc('Create the folder `name` inside `path`', 'POST /api/vault/folders'), security, body: CreateDirectoryRequest, response: { 201: CompatItem } } },
    async (request, reply) => {
      const parentId = await locate.folder(request.userId, request.body.path);
      const created = await vault.createFolder(request.userId, parentId, request.body.name);
      return reply.status(201).send(await locate.withPath(request.userId, created));
    },
  );

  app.put(
    '/directory/rename',
    { schema: { ...doc('Rename the folder `path`/`name` to `newName`', 'PATCH /api/vault/items/{id} { name }'), security, body: RenameRequest, response: { 200: CompatItem } } },
    async (request) => {
      const { id } = await locate.item(request.userId, request.body.path, request.body.name, 'folder');
      return locate.withPath(request.userId, await vault.patch(request.userId, id, { name: request.body.newName }));
    },
  );

  app.delete(
    '/directory',
    { schema: { ...doc('Delete the folder `path`/`name` with everything in it', 'DELETE /api/vault/items/{id}'), security, body: DeleteRequest } },
    async (request, reply) => {
      const { id } = await locate.item(request.userId, request.body.path, request.body.name, 'folder');
      await vault.remove(request.userId, id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/file/rename',
    {
      schema: { ...doc('Rename the file `path`/`name` to `newName` (without an extension it keeps its own)', 'PATCH /api/vault/items/{id} { name }'), security, body: RenameRequest, response: { 200: CompatItem } },
    },
    async (request) => {
      const { id } = await locate.item(request.userId, request.body.path, request.body.name, 'file');
      return locate.withPath(request.userId, await vault.patch(request.userId, id, { name: request.body.newName }));
    },
  );

  app.delete(
    '/file',
    { schema: { ...doc('Delete the file `path`/`name`', 'DELETE /api/vault/items/{id}'), security, body: DeleteRequest } },
    async (request, reply) => {
      const { id } = await locate.item(request.userId, request.body.path, request.body.name, 'file');
      await vault.remove(request.userId, id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/file/move',
    {
      schema: { ...doc('Move the file (or folder) `path`/`name` into the folder `newPath`', 'PATCH /api/vault/items/{id} { parentId }'), security, body: MoveRequest, response: { 200: CompatItem } },
    },
    async (request) => {
      const { id } = await locate.item(request.userId, request.body.path, request.body.name);
      const parentId = await locate.folder(request.userId, request.body.newPath);
      return locate.withPath(request.userId, await vault.patch(request.userId, id, { parentId }));
    },
  );

  app.get(
    '/download/file',
    {
      schema: { ...doc('Download the file at `path`/`fileName` (Range and If-Range as REST)', 'GET /api/vault/items/{id}/download'), security, querystring: DownloadFileQuery },
    },
    async (request, reply) => {
      ownOnly(request, request.query.userId);
      const { id } = await locate.at(request.userId, [...request.query.path, ...request.query.fileName], 'file');
      try {
        const { item, stream, range } = await vault.openFile(request.userId, id, rangeOf(request));
        return sendFile(reply, item, stream, range, request.query.inline === '1');
      } catch (error) {
        return notSatisfiable(reply, error, request.headers['accept-language']);
      }
    },
  );

  app.get(
    '/download/directory',
    {
      schema: { ...doc('Download the folder at `path`/`directoryName` as a zip, streamed as it is built', 'GET /api/vault/items/{id}/zip'), security, querystring: DownloadDirectoryQuery },
    },
    async (request, reply) => {
      ownOnly(request, request.query.userId);
      const { id } = await locate.at(request.userId, [...request.query.path, ...request.query.directoryName], 'folder');
      const { item, stream } = await vault.openZip(request.userId, id);
      return sendZip(reply, item, stream);
    },
  );

  // Signed out, like the REST public share: unknown, revoked and expired hashes all read as invalid_link.
  app.get(
    '/share',
    { schema: { ...doc('What a share link (its hash) opens; no session needed', 'GET /api/vault/public/{hash}'), querystring: ShareQuery, response: { 200: CompatPublicShare } } },
    async (request) => ({
      ...(await vault.publicInfo(request.query.hash)),
      downloadUrl: `/api/vault/public/${encodeURIComponent(request.query.hash)}/download`,
    }),
  );

  app.post(
    '/share',
    {
      preHandler: [shareGuard],
      schema: { ...doc('Share `path`/`name` with each email (a 72-hour link mailed to each)', 'POST /api/vault/items/{id}/shares'), security, body: CompatShareRequest, response: { 201: VaultShareList } },
    },
    async (request, reply) => {
      const { id } = await locate.item(request.userId, request.body.path, request.body.name);
      return reply.status(201).send({ shares: await vault.share(request.userId, id, request.body.emails, request.headers['accept-language']) });
    },
  );
};

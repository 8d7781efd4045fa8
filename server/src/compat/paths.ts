import type { VaultItem } from '@oncodesk/shared/contracts';
import { notFound } from '../http/errors';
import type { VaultStorage } from '../vault/storage';
import type { CompatItem } from './contracts';

export interface LocatedItem {
  id: string;
  kind: 'folder' | 'file';
}

/**
 * Turns the spec's paths into the vault's ids, always inside one owner's vault (every lookup is the vault
 * storage's own, which filters on the owner). Names match as the vault's uniqueness rule compares them,
 * ignoring case. A missing step, or a file where a folder is needed, is the REST routes' 404 `not_found`.
 */
export function pathLocator(storage: VaultStorage) {
  /** The folder at `segments` (validated names; [] is the root, null). */
  async function folder(ownerId: string, segments: string[]): Promise<string | null> {
    let id: string | null = null;
    for (const name of segments) {
      const child = await storage.findChildByName(ownerId, id, name);
      if (!child || child.kind !== 'folder') throw notFound();
      id = child.id;
    }
    return id;
  }

  return {
    folder,

    /** The item `name` inside the folder `parent`, of the given kind when one is asked for. */
    async item(ownerId: string, parent: string[], name: string, kind?: 'folder' | 'file'): Promise<LocatedItem> {
      const parentId = await folder(ownerId, parent);
      const found = await storage.findChildByName(ownerId, parentId, name);
      if (!found || (kind && found.kind !== kind)) throw notFound();
      return found;
    },

    /** The item at a full path (its last segment is its name). */
    async at(ownerId: string, segments: string[], kind?: 'folder' | 'file'): Promise<LocatedItem> {
      return this.item(ownerId, segments.slice(0, -1), segments[segments.length - 1], kind);
    },

    /** A REST item with its path from the root, as the vault stores the names. */
    async withPath(ownerId: string, item: VaultItem): Promise<CompatItem> {
      const parents = item.parentId ? await storage.ancestry(ownerId, item.parentId) : [];
      return { ...item, path: joinPath([...parents.map((p) => p.name), item.name]) };
    },
  };
}
export type PathLocator = ReturnType<typeof pathLocator>;

export const joinPath = (segments: string[]) => segments.join('/');

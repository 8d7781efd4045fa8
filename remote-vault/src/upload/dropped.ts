import type { PickedFile } from '../state/uploadStore';

// Minimal shapes of the File and Directory Entries API (not in TypeScript's DOM lib everywhere).
interface Entry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
  file?(ok: (f: File) => void, fail: (e: unknown) => void): void;
  createReader?(): { readEntries(ok: (entries: Entry[]) => void, fail: (e: unknown) => void): void };
}

async function walk(entry: Entry, out: PickedFile[]): Promise<void> {
  if (entry.isFile && entry.file) {
    const file = await new Promise<File>((ok, fail) => entry.file!(ok, fail));
    out.push({ file, relativePath: entry.fullPath.replace(/^\//, '') });
  } else if (entry.isDirectory && entry.createReader) {
    const reader = entry.createReader();
    // readEntries returns at most ~100 entries per call: read until it returns none.
    for (;;) {
      const batch = await new Promise<Entry[]>((ok, fail) => reader.readEntries(ok, fail));
      if (!batch.length) break;
      for (const child of batch) await walk(child, out);
    }
  }
}

/** Files of a desktop drop, folders walked recursively with their relative paths. */
export async function droppedFiles(data: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(data.items ?? [])
    .map((item) => (item.webkitGetAsEntry?.() ?? null) as unknown as Entry | null)
    .filter((e): e is Entry => e !== null);
  if (!entries.length) return Array.from(data.files).map((file) => ({ file, relativePath: file.name }));
  const out: PickedFile[] = [];
  for (const entry of entries) await walk(entry, out);
  return out;
}

/** Files of an <input type=file> (webkitdirectory inputs give relative paths). */
export function pickedFiles(list: FileList | null): PickedFile[] {
  return Array.from(list ?? []).map((file) => ({ file, relativePath: (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name }));
}

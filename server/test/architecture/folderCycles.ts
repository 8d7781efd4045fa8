/** One circle of folders: the folders, and the imports that tie them, for the failure message. */
export interface FolderCycle {
  folders: string[];
  description: string;
}

/** The folder of a path relative to src ("trials/matcher/index.ts" → "trials"); null for src's own files. */
const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : null);

/**
 * The circles between folders of a file graph (madge's `obj()`: file → files it imports, paths relative
 * to one root): the strongly connected components of more than one folder (Tarjan's algorithm, written
 * here because madge reports circles between files only, and two folders can import each other through
 * files that form no file circle).
 */
export function folderCycles(graph: Record<string, string[]>, options: { ignoreImportsOf?: string[] } = {}): FolderCycle[] {
  const ignored = new Set(options.ignoreImportsOf ?? []);
  const edges = new Map<string, Map<string, string[]>>();
  for (const [file, imports] of Object.entries(graph)) {
    if (ignored.has(file)) continue;
    for (const imported of imports) {
      const from = folderOf(file);
      const to = folderOf(imported);
      if (!from || !to || from === to) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const byTarget = edges.get(from)!;
      if (!byTarget.has(to)) byTarget.set(to, []);
      byTarget.get(to)!.push(`${file} → ${imported}`);
    }
  }

  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);

  return components.map((folders) => {
    const ties = folders.flatMap((a) =>
      folders.flatMap((b) => {
        const files = edges.get(a)?.get(b);
        return files ? [`  ${a} → ${b}: ${files.slice(0, 3).join(', ')}${files.length > 3 ? ` (+${files.length - 3})` : ''}`] : [];
      }),
    );
    return { folders, description: [`circle ${folders.join(' ↔ ')}`, ...ties].join('\n') };
  });
}

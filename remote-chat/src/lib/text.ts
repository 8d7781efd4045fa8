/** An answer's plain text as blocks: runs of "- " lines become a list, other lines stay lines. */
export type TextBlock = { kind: 'lines'; lines: string[] } | { kind: 'list'; items: string[] };

export function textBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const item = /^\s*[-•]\s+(.*)$/.exec(raw);
    const last = blocks[blocks.length - 1];
    if (item) {
      if (last?.kind === 'list') last.items.push(item[1]);
      else blocks.push({ kind: 'list', items: [item[1]] });
    } else if (last?.kind === 'lines') last.lines.push(raw);
    else blocks.push({ kind: 'lines', lines: [raw] });
  }
  // blank lines at the edges of a block carry no meaning on screen
  return blocks
    .map((b) => (b.kind === 'lines' ? { ...b, lines: trimBlank(b.lines) } : b))
    .filter((b) => b.kind === 'list' || b.lines.length > 0);
}

function trimBlank(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && !lines[start].trim()) start++;
  while (end > start && !lines[end - 1].trim()) end--;
  return lines.slice(start, end);
}

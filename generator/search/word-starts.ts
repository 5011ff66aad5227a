// Where the words of a normalised label start: a label is found from its start and from after each space.

/** Where the word after `from` starts, or -1 where no space follows. */
export function nextWordStart(text: string, from: number): number {
  const space = text.indexOf(' ', from);
  return space === -1 ? -1 : space + 1;
}

/** Where a label can be found from: where it and each later word start. */
export function wordStarts(normalized: string): number[] {
  const starts: number[] = [];
  for (let at = 0; at !== -1 && at < normalized.length; at = nextWordStart(normalized, at)) starts.push(at);
  return starts;
}

/** The label and its tail after each space. */
export function wordSuffixes(normalized: string): string[] {
  return wordStarts(normalized).map((at) => normalized.slice(at));
}

/** Where the label's words starting with `prefix` start, in order: a native search for it after a space, no string made for the words passed over. */
export function wordStartsOf(normalized: string, prefix: string): number[] {
  const starts = normalized.startsWith(prefix) ? [0] : [];
  const afterSpace = ` ${prefix}`;
  for (let at = normalized.indexOf(afterSpace); at !== -1; at = normalized.indexOf(afterSpace, at + 1)) starts.push(at + 1);
  return starts;
}

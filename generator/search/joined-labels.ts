import type { SearchLabel } from './search-label.ts';

// Normalising turns every control character into a space, so neither mark occurs inside a normalised label.
const LABEL_SEPARATOR = '\u0000';
const PRIMARY_MARK = '\u0001';

/** Search labels as the memo keeps them: a mark saying whether the first is the primary label, then the normalised labels. */
export function joinLabels(labels: readonly SearchLabel[]): string {
  if (labels.length === 0) return '';
  return (labels[0].primary ? PRIMARY_MARK : LABEL_SEPARATOR) + labels.map((label) => label.normalized).join(LABEL_SEPARATOR);
}

/** joinLabels undone: the normalised labels, and whether the first is the primary label. */
export function splitLabels(joined: string): { normalized: string[]; primary: boolean } {
  if (joined === '') return { normalized: [], primary: false };
  return { normalized: joined.slice(1).split(LABEL_SEPARATOR), primary: joined.startsWith(PRIMARY_MARK) };
}

/** joinLabels undone label by label: each normalised label, the first primary where the mark says so. */
export function joinedLabels(joined: string): { normalized: string; primary: boolean }[] {
  const { normalized, primary } = splitLabels(joined);
  return normalized.map((label, at) => ({ normalized: label, primary: primary && at === 0 }));
}

/** The first of labels joined (see joinLabels), or '' where there are none. */
export function firstJoinedLabel(joined: string): string {
  const end = joined.indexOf(LABEL_SEPARATOR, 1);
  return joined.slice(1, end === -1 ? joined.length : end);
}

/** Calls `visit` with where each label of joined ones starts and ends in them, and its place, in order (none are cut out). */
export function forEachJoinedLabel(joined: string, visit: (start: number, end: number, label: number) => void): void {
  if (joined === '') return;
  let label = 0;
  for (let start = 1; ; label += 1) {
    const separator = joined.indexOf(LABEL_SEPARATOR, start);
    const end = separator === -1 ? joined.length : separator;
    visit(start, end, label);
    if (separator === -1) return;
    start = separator + 1;
  }
}

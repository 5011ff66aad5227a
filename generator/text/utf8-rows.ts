/** Strings as UTF-8 end to end, and where each ends (the search memo's texts, a string table's stored part). */
export interface Utf8Rows {
  bytes: Uint8Array;
  ends: Int32Array;
}

/**
 * `count` rows as UTF-8 end to end in one buffer of their own (measured first, so no text is joined): each
 * `row(at)` is a string to write, or the number of one of `from`'s rows, whose bytes are copied as they lie
 * (rows that follow one another there, in one copy).
 */
export function joinUtf8Rows(count: number, from: Utf8Rows | undefined, row: (at: number) => string | number): { bytes: Buffer; ends: Int32Array } {
  const rows = Array.from({ length: count }, (_, at) => row(at));
  const startOf = (number: number) => (number === 0 ? 0 : (from as Utf8Rows).ends[number - 1]);
  const ends = new Int32Array(count);
  let length = 0;
  rows.forEach((value, at) => {
    length += typeof value === 'string' ? Buffer.byteLength(value, 'utf8') : keptEnd(from, value) - startOf(value);
    ends[at] = length;
  });
  const bytes = Buffer.allocUnsafeSlow(length);
  let run: { first: number; last: number; at: number } | undefined;
  const copyRun = () => {
    if (run && from) bytes.set(from.bytes.subarray(startOf(run.first), from.ends[run.last]), run.at);
    run = undefined;
  };
  rows.forEach((value, at) => {
    const start = at === 0 ? 0 : ends[at - 1];
    if (typeof value === 'number' && run?.last === value - 1) run.last = value;
    else {
      copyRun();
      if (typeof value === 'string') bytes.write(value, start, 'utf8');
      else run = { first: value, last: value, at: start };
    }
  });
  copyRun();
  return { bytes, ends };
}

function keptEnd(from: Utf8Rows | undefined, number: number): number {
  if (from === undefined || number >= from.ends.length) throw new Error(`internal error: row ${number} of rows not given`);
  return from.ends[number];
}

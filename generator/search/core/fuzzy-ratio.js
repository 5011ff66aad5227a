// rapidfuzz's fuzz.partial_ratio, which the live service's fuzzy structured query keeps a text by (score ≥ 70):
// the best fuzz.ratio (the Indel similarity, 0–100) of the shorter string against every window of the longer one of
// its length, and against the longer one's shorter prefixes and suffixes; with equal lengths, either way round.
// Strings are read as code points, as Python reads them. Part of the search core (njs 0.7: see search-core.js).
import { codePoints } from './search-text.js';

/**
 * The longest common subsequence of `needle` and `hay[from, to)`: bit-parallel for a needle of up to 30 code points
 * (Hyyrö's, one machine word), else by the table.
 * @param {string[]} needle @param {{ [point: string]: number }} masks each code point's positions in the needle
 * @param {string[]} hay @param {number} from @param {number} to
 */
function commonLength(needle, masks, hay, from, to) {
  if (needle.length <= 30) {
    const full = (1 << needle.length) - 1;
    let rest = full;
    for (let at = from; at < to; at += 1) {
      const matched = rest & (masks[hay[at]] || 0);
      rest = ((rest + matched) | (rest - matched)) & full;
    }
    let common = 0;
    for (let bits = full & ~rest; bits !== 0; bits &= bits - 1) common += 1;
    return common;
  }
  let previous = [];
  for (let at = 0; at <= needle.length; at += 1) previous.push(0);
  for (let column = from; column < to; column += 1) {
    const row = [0];
    for (let at = 1; at <= needle.length; at += 1) row.push(needle[at - 1] === hay[column] ? previous[at - 1] + 1 : Math.max(previous[at], row[at - 1]));
    previous = row;
  }
  return previous[needle.length];
}

/**
 * fuzz.ratio of a needle and the hay's window [from, to), as rapidfuzz works it out.
 * @param {string[]} needle @param {{ [point: string]: number }} masks @param {string[]} hay @param {number} from @param {number} to
 */
function windowRatio(needle, masks, hay, from, to) {
  const total = needle.length + (to - from);
  const distance = total - 2 * commonLength(needle, masks, hay, from, to);
  return (1 - distance / total) * 100;
}

/** @param {string[]} needle @param {string[]} hay the longer (or as long) */
function bestWindow(needle, hay) {
  /** @type {{ [point: string]: number }} */
  const masks = {};
  for (let at = 0; at < needle.length; at += 1) masks[needle[at]] = (masks[needle[at]] || 0) | (1 << at);
  const length = needle.length;
  let best = 0;
  for (let end = 1; end < length; end += 1) best = Math.max(best, windowRatio(needle, masks, hay, 0, end));
  for (let start = 0; start + length <= hay.length; start += 1) best = Math.max(best, windowRatio(needle, masks, hay, start, start + length));
  for (let start = hay.length - length + 1; start < hay.length; start += 1) best = Math.max(best, windowRatio(needle, masks, hay, start, hay.length));
  return best;
}

/**
 * rapidfuzz's fuzz.partial_ratio(a, b), 0–100 (100 for two empty strings, 0 for one).
 * @param {string} a @param {string} b @returns {number}
 */
export function partialRatio(a, b) {
  const first = codePoints(a);
  const second = codePoints(b);
  if (first.length === 0 || second.length === 0) return first.length === second.length ? 100 : 0;
  if (first.length > second.length) return bestWindow(second, first);
  const score = bestWindow(first, second);
  return score === 100 || first.length < second.length ? score : Math.max(score, bestWindow(second, first));
}

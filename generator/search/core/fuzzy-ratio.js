// rapidfuzz's fuzz.partial_ratio, which the live service's fuzzy structured query keeps a text by (score ≥ 70):
// the best fuzz.ratio (the Indel similarity, 0–100) of the shorter string against every window of the longer one of
// its length, and against the longer one's shorter prefixes and suffixes; with equal lengths, either way round.
// Strings are read as code points, as Python reads them. Windows that cannot beat the best so far (or reach the
// score asked for) are passed over by a count of the needle's characters in them, so a long text costs little more
// than one pass over it. Part of the search core (njs 0.7: see search-core.js).
import { codePointValues, UNITS_ARE_CODE_POINTS } from './search-text.js';

/**
 * The needle: its length, each distinct code point's slot (1, 2, …; 0 for any other), and by slot how often it
 * occurs and its positions as bits (for Hyyrö's bit-parallel LCS); its code points as slots, for the table's LCS.
 * @typedef {{ length: number, slotOf: { [point: number]: number }, counts: number[], masks: number[], slots: number[] }} Needle
 */

/** @param {number[]} points @returns {Needle} */
function needleOf(points) {
  /** @type {{ [point: number]: number }} */
  const slotOf = {};
  const counts = [0];
  const masks = [0];
  const slots = [];
  for (let at = 0; at < points.length; at += 1) {
    let slot = slotOf[points[at]];
    if (slot === undefined) {
      slot = counts.length;
      slotOf[points[at]] = slot;
      counts.push(0);
      masks.push(0);
    }
    counts[slot] += 1;
    if (at < 30) masks[slot] |= 1 << at;
    slots.push(slot);
  }
  return { length: points.length, slotOf: slotOf, counts: counts, masks: masks, slots: slots };
}

// The last needle made, by its text: a query tests one needle against every text.
let lastNeedle = { text: '', needle: needleOf([]) };
// Slots of the text being scored, read straight from its string, kept between calls (grown as texts need).
let textSlots = new Int32Array(256);

/**
 * A text's code points as the needle's slots, in textSlots; how many there are.
 * @param {Needle} needle @param {string} text
 */
function fillSlots(needle, text) {
  if (textSlots.length < text.length) textSlots = new Int32Array(text.length * 2);
  let count = 0;
  for (let at = 0; at < text.length; count += 1) {
    const point = /** @type {number} */ (text.codePointAt(at));
    textSlots[count] = needle.slotOf[point] || 0;
    at += UNITS_ARE_CODE_POINTS || point <= 0xffff ? 1 : 2;
  }
  return count;
}

/**
 * The longest common subsequence of the needle and `hay[from, to)` (the hay as slots): bit-parallel for a needle of
 * up to 30 code points (one machine word), else by the table.
 * @param {Needle} needle @param {Int32Array} hay @param {number} from @param {number} to
 */
function commonLength(needle, hay, from, to) {
  const length = needle.length;
  if (length <= 30) {
    const full = (1 << length) - 1;
    let rest = full;
    for (let at = from; at < to; at += 1) {
      const matched = rest & needle.masks[hay[at]];
      rest = ((rest + matched) | (rest - matched)) & full;
    }
    let common = 0;
    for (let bits = full & ~rest; bits !== 0; bits &= bits - 1) common += 1;
    return common;
  }
  /** @type {number[]} */
  let previous = [];
  for (let at = 0; at <= length; at += 1) previous.push(0);
  for (let column = from; column < to; column += 1) {
    const row = [0];
    for (let at = 1; at <= length; at += 1)
      row.push(hay[column] !== 0 && needle.slots[at - 1] === hay[column] ? previous[at - 1] + 1 : Math.max(previous[at], row[at - 1]));
    previous = row;
  }
  return previous[length];
}

/** fuzz.ratio of the needle and `hay[from, to)`, as rapidfuzz works it out. @param {Needle} needle @param {Int32Array} hay @param {number} from @param {number} to */
function windowRatio(needle, hay, from, to) {
  const total = needle.length + (to - from);
  const distance = total - 2 * commonLength(needle, hay, from, to);
  return (1 - distance / total) * 100;
}

/**
 * The best window's score, or the first score found at least `enough`. A window is passed over where the needle's
 * characters in it (an upper bound of the common length) could not give more than the best so far, nor `enough`.
 * @param {Needle} needle @param {Int32Array} hay as long as the needle or longer @param {number} enough
 */
function bestWindow(needle, hay, enough) {
  const length = needle.length;
  const floor = enough <= 100 ? enough : 0;
  let best = 0;
  /** @param {number} from @param {number} to @param {number} bound the common length at most */
  const consider = (from, to, bound) => {
    const most = (200 * bound) / (length + (to - from));
    if (most <= best || most < floor) return false;
    best = Math.max(best, windowRatio(needle, hay, from, to));
    return best >= enough;
  };
  // Prefixes shorter than the needle, then every window of its length, then the shorter suffixes; `found`: how many
  // of a window's code points the needle can match (each of its characters at most as often as the needle has it).
  let seen = new Int32Array(needle.counts.length);
  let found = 0;
  const counts = needle.counts;
  for (let end = 1; end < length; end += 1) {
    const slot = hay[end - 1];
    if (slot === 0) continue;
    seen[slot] += 1;
    if (seen[slot] <= counts[slot]) found += 1;
    if (consider(0, end, found)) return best;
  }
  for (let start = 0; start + length <= hay.length; start += 1) {
    const last = hay[start + length - 1];
    if (start > 0) {
      const gone = hay[start - 1];
      if (gone !== 0) {
        if (seen[gone] <= counts[gone]) found -= 1;
        seen[gone] -= 1;
      }
    }
    if (last !== 0) {
      seen[last] += 1;
      if (seen[last] <= counts[last]) found += 1;
    }
    // A window ending in a character the needle lacks matches no more than the one before it.
    if ((start === 0 || last !== 0) && consider(start, start + length, found)) return best;
  }
  seen = new Int32Array(counts.length);
  found = 0;
  for (let start = hay.length - 1; start > hay.length - length; start -= 1) {
    const slot = hay[start];
    if (slot === 0) continue;
    seen[slot] += 1;
    if (seen[slot] <= counts[slot]) found += 1;
    if (consider(start, hay.length, found)) return best;
  }
  return best;
}

/** The best window of `hay` against a needle. @param {Needle} needle @param {string} hay @param {number} enough */
function scoreAgainst(needle, hay, enough) {
  // Filled first: filling may replace the buffer with a larger one.
  const count = fillSlots(needle, hay);
  return bestWindow(needle, textSlots.subarray(0, count), enough);
}

/** @param {string} a @param {string} b @param {number} enough */
function partialScore(a, b, enough) {
  const first = codePointValues(a);
  const second = codePointValues(b);
  if (first.length === 0 || second.length === 0) return first.length === second.length ? 100 : 0;
  if (first.length > second.length) return scoreAgainst(needleOf(second), a, enough);
  const score = scoreAgainst(needleOf(first), b, enough);
  if (score >= enough || score === 100 || first.length < second.length) return score;
  return Math.max(score, scoreAgainst(needleOf(second), a, enough));
}

/**
 * rapidfuzz's fuzz.partial_ratio(a, b), 0–100 (100 for two empty strings, 0 for one).
 * @param {string} a @param {string} b @returns {number}
 */
export function partialRatio(a, b) {
  return partialScore(a, b, 101);
}

/**
 * Whether fuzz.partial_ratio(a, b) ≥ `cutoff`, found without the best score where a window reaches it. For `a` the
 * shorter (a query against texts), its needle is made once and `b`'s code points are counted as they are read.
 * @param {string} a @param {string} b @param {number} cutoff
 */
export function partialRatioAtLeast(a, b, cutoff) {
  if (lastNeedle.text !== a) lastNeedle = { text: a, needle: needleOf(codePointValues(a)) };
  const needle = lastNeedle.needle;
  if (needle.length > 0 && b.length > needle.length) {
    const count = fillSlots(needle, b);
    if (count > needle.length) return bestWindow(needle, textSlots.subarray(0, count), cutoff) >= cutoff;
  }
  return partialScore(a, b, cutoff) >= cutoff;
}

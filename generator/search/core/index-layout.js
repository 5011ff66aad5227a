// Where the prefix index's files lie: the one module that names them, for the build, the search client (which
// starts with it as served) and the nginx handler (which starts with it, `export` taken out). So it is
// written in the JavaScript njs 0.7 runs too: var and function only, no spread or default parameters.

/** The entry file's format: a client reads only the version it was written for. */
export var INDEX_VERSION = 3;

/** The one short-lived entry file, in the search folder: it names every other file of the index. */
export var INDEX_FILE = 'index.json';

/** How many leading code points of a shard's boundary its file name spells out. */
var NAME_CODE_POINTS = 16;

/**
 * Where a shard ("s"), rest ("r") or chunk ("c") file lives, relative to the search folder.
 * @param {'s' | 'r' | 'c'} kind @param {string} name
 */
export function indexFilePath(kind, name) {
  return kind + '/' + name + '.json';
}

/** @param {string} boundary */
function spellBoundary(boundary) {
  var digits = [];
  var at = 0;
  while (at < boundary.length && digits.length < NAME_CODE_POINTS) {
    var code = /** @type {number} */ (boundary.codePointAt(at));
    digits.push(code.toString(16));
    // Two UTF-16 units past U+FFFF in Node and browsers; one in njs, whose strings index by code point.
    at += String.fromCodePoint(code).length;
  }
  return digits.join('.');
}

/**
 * A shard's file name, from where it begins, so a shard keeps its name while its boundary stays: the
 * boundary's first code points in hexadecimal, and, when earlier boundaries share those, how many do.
 * @param {string[]} shards @param {number} number
 */
export function shardName(shards, number) {
  var name = spellBoundary(shards[number]);
  var same = 0;
  while (number - same > 0 && spellBoundary(shards[number - same - 1]) === name) same += 1;
  return (name || 'start') + (same > 0 ? '-' + same : '');
}

// Content negotiation for `/{id}`: which of an entity's formats an Accept header asks for. One function for every
// runtime that answers `/{id}` with code (nginx's njs, the Cloudflare worker), so each picks the same format.

/**
 * The place in `types` (media types, the record's first) of the one an Accept header asks for: the highest quality,
 * each type's quality from the most specific range that covers it (exact, then `type/*`, then `*\/*`); on a tie the
 * earlier type, so `*\/*` and a browser's header get the record. No header, or no type acceptable: the record (0).
 * @param {string | null | undefined} accept @param {readonly string[]} types @returns {number}
 */
export function negotiatedType(accept, types) {
  if (!accept) return 0;
  var ranges = acceptRanges(accept);
  var best = 0;
  var bestQuality = 0;
  for (var at = 0; at < types.length; at += 1) {
    var quality = qualityOf(types[at], ranges);
    if (quality > bestQuality) {
      best = at;
      bestQuality = quality;
    }
  }
  return best;
}

/** @param {string} accept @returns {{ type: string, subtype: string, quality: number }[]} */
function acceptRanges(accept) {
  var ranges = [];
  var parts = accept.split(',');
  for (var at = 0; at < parts.length; at += 1) {
    var params = parts[at].split(';');
    var range = params[0].trim().toLowerCase();
    var slash = range.indexOf('/');
    if (slash <= 0) continue;
    var quality = 1;
    for (var param = 1; param < params.length; param += 1) {
      var pair = params[param].split('=');
      if (pair[0].trim().toLowerCase() === 'q') {
        var value = Number(pair.slice(1).join('=').trim());
        quality = value >= 0 && value <= 1 ? value : 1;
      }
    }
    ranges.push({ type: range.slice(0, slash), subtype: range.slice(slash + 1), quality: quality });
  }
  return ranges;
}

/** @param {string} mediaType @param {{ type: string, subtype: string, quality: number }[]} ranges @returns {number} */
function qualityOf(mediaType, ranges) {
  var slash = mediaType.indexOf('/');
  var type = mediaType.slice(0, slash);
  var subtype = mediaType.slice(slash + 1);
  var specificity = 0;
  var quality = 0;
  for (var at = 0; at < ranges.length; at += 1) {
    var range = ranges[at];
    var covers = range.type === '*' ? 1 : range.type !== type ? 0 : range.subtype === '*' ? 2 : range.subtype === subtype ? 3 : 0;
    if (covers > specificity) {
      specificity = covers;
      quality = range.quality;
    }
  }
  return quality;
}

// nginx handler for GET /search/prefix?query=…&limit=…, run by njs 0.7 (Debian's libnginx-mod-http-js).
// The build puts before it FOLD (how each character the labels hold normalises: njs has no
// String.prototype.normalize) and the search core (generator/search/core/, `export` taken out), which
// does the search; this file only reads the index files from disk and sends the answer.
// Biome lints it with the rules that would need what njs 0.7 lacks turned off (biome.json). Not type-checked.
var fs = require('fs');

useFoldTable(FOLD);

function prefix(r) {
  for (var name in SEARCH_HEADERS) r.headersOut[name] = SEARCH_HEADERS[name];
  if (r.method === 'OPTIONS') {
    r.return(204);
    return;
  }
  var folder = r.variables.search_index;
  var read = (path) => JSON.parse(fs.readFileSync(folder + path, 'utf8'));
  // Read again from disk: a second try sees a deploy that was under way finished.
  answerPrefix(r.variables.args || '', read, () => read).then((answer) => {
    if (answer.error !== undefined) r.error('search: ' + answer.error);
    r.return(answer.status, r.method === 'HEAD' ? '' : JSON.stringify(answer.body));
  });
}

export default { prefix: prefix, normalize: normalize };

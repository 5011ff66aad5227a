// nginx handler for GET /search/{prefix,label,definition}?query=…&limit=…, run by njs 0.7 (Debian's libnginx-mod-http-js).
// The build puts before it FOLD (how each character the labels hold normalises: njs has no
// String.prototype.normalize) and the search core (generator/search/core/, `export` taken out), which
// does the search; this file only reads the index files from disk and sends the answer.
// Biome lints it with the rules that would need what njs 0.7 lacks turned off (biome.json). Not type-checked.
var fs = require('fs');

useFoldTable(FOLD);

var RECORD_MARK = '\u0001';
// The characters the build escapes in JSON files (see generator/emit/json.ts), which JSON.stringify writes as they are.
var BUILD_ESCAPES = /(\\*)\\u(003c|003e|0026|2028|2029)/g;

// A record file's text as JSON.stringify writes what it parses to (the other runtimes' answers).
function asStringified(text) {
  return text.replace(BUILD_ESCAPES, (whole, slashes, code) => (slashes.length % 2 === 1 ? whole : slashes + String.fromCharCode(parseInt(code, 16))));
}

function answer(r) {
  for (var name in SEARCH_HEADERS) r.headersOut[name] = SEARCH_HEADERS[name];
  if (r.method === 'OPTIONS') {
    r.return(204);
    return;
  }
  var folder = r.variables.search_index;
  var read = (path) => JSON.parse(fs.readFileSync(folder + path, 'utf8'));
  var records = recordReader(folder + '../');
  var kind = r.uri.slice(r.uri.lastIndexOf('/') + 1);
  // Read again from disk: a second try sees a deploy that was under way finished.
  answerSearch(kind, r.variables.args || '', read, () => read, records.read).then((answer) => {
    if (answer.error !== undefined) r.error('search: ' + answer.error);
    r.return(answer.status, r.method === 'HEAD' ? '' : records.stringify(answer.body));
  });
}

// A result's record is the file `{id}` in the site's folder, named by the id decoded (GS1's `defaultLink%2A` is the
// file `defaultLink*`), or for an id with a "/" NESTED_RECORD_FILE. njs does not keep the order of a parsed object's
// keys, so an answer holds a mark in a record's place, and the file's text goes where the mark is.
function recordReader(root) {
  var records = [];
  return {
    read: (id) => {
      var name = decodeURIComponent(id);
      var file = name.indexOf('/') === -1 ? name : NESTED_RECORD_FILE.replace('{id}', name);
      records.push(asStringified(fs.readFileSync(root + file, 'utf8').trim()));
      return RECORD_MARK + (records.length - 1);
    },
    stringify: (body) => JSON.stringify(body).replace(/"\\u0001([0-9]+)"/g, (_mark, at) => records[Number(at)]),
  };
}

// The live service's URLs with a query string (/taxonomy/…, /explore/api/entity-graph/…, /connections), answered
// by the core from the build's files on disk; where the query string changes nothing, the file itself (@live_file).
function live(r) {
  var root = r.variables.live_root;
  var uri = r.variables.request_uri;
  var query = uri.indexOf('?');
  var path = (query < 0 ? uri : uri.slice(0, query)).slice(r.variables.live_base.length);
  var search = query < 0 ? '' : uri.slice(query);
  // A file's path as a URL names it (an id in it as the IRI writes it): the file on disk is named decoded.
  var read = (file) => {
    try {
      return Promise.resolve(JSON.parse(fs.readFileSync(root + decodeURIComponent(file), 'utf8')));
    } catch (_missing) {
      return Promise.resolve(undefined);
    }
  };
  var records = recordReader(root);
  answerLiveQuery(path, search, (name) => queryParameter(search, name), read, records.read).then((found) => {
    if (!found) {
      r.internalRedirect('@live_file');
      return;
    }
    // CORS comes from the location's add_header (site.conf), as for the files.
    r.headersOut['Content-Type'] = 'application/json';
    r.return(found.status, r.method === 'HEAD' ? '' : records.stringify(found.body));
  });
}

// The extension of the format file an Accept header asks `/{id}` for ('' for the record itself): js_set's
// $negotiated_extension, which site.conf's record location tries first.
function negotiated(r) {
  return NEGOTIATED[negotiatedType(r.headersIn.Accept, NEGOTIATED_TYPES)];
}

export default { answer: answer, normalize: normalize, live: live, negotiated: negotiated };

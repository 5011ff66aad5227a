// `npm run bench:search`: builds the prefix index of a full-scale FOLIO-shaped ontology and measures,
// for queries of 1 to 14 characters that start label words, the requests and gzipped bytes each needs.
import { cpus, totalmem } from 'node:os';
import { gzipSync } from 'node:zlib';
import { generateFolioShaped, BASE_IRI } from './folio-shaped/generate.ts';
import { parseSources } from '../generator/load/load-ontology.ts';
import { buildModel } from '../generator/model/build-model.ts';
import { buildSearchIndex } from '../generator/search/build-search-index.ts';
import { createSearchClient, normalize, searchLabels } from '../generator/search/client/search-client.js';
import { filesFetch } from '../test/support/files-fetch.ts';

const started = performance.now();
const text = generateFolioShaped();
const model = buildModel((await parseSources([{ name: 'folio-shaped.owl', baseIRI: BASE_IRI, format: 'rdfxml', text }])).quads);
const indexStart = performance.now();
const { files, stats, entities } = buildSearchIndex(model);
const indexSeconds = (performance.now() - indexStart) / 1000;

const gzipped = new Map(files.map((file) => [`https://bench.example/${file.path}`, gzipSync(file.contents).length]));
const queries = new Set<string>();
for (const entity of entities) {
  for (const { normalized } of searchLabels(entity)) {
    const words = normalized.split(' ');
    words.forEach((_, at) => {
      const suffix = [...words.slice(at).join(' ')];
      for (const length of [1, 2, 3, 4, 6, 9, 14]) if (length <= suffix.length) queries.add(suffix.slice(0, length).join(''));
    });
  }
}

let worstRequests = 0;
let worstBytes = 0;
let worstQuery = '';
let totalRequests = 0;
let cachedRequests = 0;
const cachedClientFetches: string[] = [];
const cachedClient = createSearchClient({
  indexUrl: 'https://bench.example/search/',
  fetch: filesFetch(files, 'https://bench.example', (url) => cachedClientFetches.push(url)),
});
// One fetch for the cold clients; each query points it at its own list.
let requested: string[] = [];
const coldFetch = filesFetch(files, 'https://bench.example', (url) => requested.push(url));
await cachedClient.searchPrefix('a');
for (const query of queries) {
  requested = [];
  await createSearchClient({ indexUrl: 'https://bench.example/search/', fetch: coldFetch }).searchPrefix(query);
  const largest = Math.max(...requested.map((url) => gzipped.get(url) ?? 0));
  totalRequests += requested.length;
  if (requested.length > worstRequests || (requested.length === worstRequests && largest > worstBytes)) worstQuery = query;
  worstRequests = Math.max(worstRequests, requested.length);
  worstBytes = Math.max(worstBytes, largest);
  const before = cachedClientFetches.length;
  await cachedClient.searchPrefix(query);
  cachedRequests = Math.max(cachedRequests, cachedClientFetches.length - before);
}

const entry = files.find((file) => file.path === 'search/index.json');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const lines = [
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  `ontology: ${model.entities.length} entities (FOLIO-shaped, generated), ${entities.reduce((n, e) => n + searchLabels(e).length, 0)} search labels`,
  `index: ${stats.files} files, ${(stats.bytes / 2 ** 20).toFixed(1)} MB (at most ${(stats.gzipBytesAtMost / 2 ** 20).toFixed(1)} MB gzipped), ${stats.nodes} prefixes, built in ${indexSeconds.toFixed(1)} s`,
  `entry file: ${kb(entry?.contents.length ?? 0)} (${kb(gzipped.get(`https://bench.example/${entry?.path}`) ?? 0)} gzipped)`,
  `queries measured: ${queries.size} (every 1, 2, 3, 4, 6, 9 and 14-character start of a label word), default limit 50`,
  `requests per query, cold: at most ${worstRequests} (mean ${(totalRequests / queries.size).toFixed(2)}); with the entry file cached: at most ${cachedRequests}`,
  `largest file a query fetches: ${kb(worstBytes)} gzipped (budget 16.0 kB); worst query: ${JSON.stringify(worstQuery)}`,
  `largest file in the whole index: ${kb(Math.max(...gzipped.values()))} gzipped, so any query, of any length, fetches at most the entry file and one shard within budget`,
  `normalisation check: ${normalize('Zürich') === 'zurich' ? 'ok' : 'FAILED'}`,
  `total: ${((performance.now() - started) / 1000).toFixed(1)} s`,
];
process.stdout.write(`${lines.join('\n')}\n`);
if (worstRequests > 2 || worstBytes > 16 * 1024 || stats.oversized.length > 0) {
  process.stdout.write('BUDGET EXCEEDED\n');
  process.exitCode = 1;
}

// A prototype of a static definition index, measured, not served (see docs/search-quality.md, "Towards static
// indexes"): postings by stem, each list cut to the CAP entries of highest impact (count, then a shorter
// definition: an order no other entity's edit changes), in files of consecutive stems that begin at anchor stems
// (a hash of the stem), each file with the ids of the entities it lists. Prints the time to build it, the files'
// gzipped sizes, and the known-item recall in the first 10 when queries read only the cut lists.
// Usage: node bench/search-quality/definition-index-prototype.ts <name> <ontology> [base IRI]; CAP, SPACING, PER.
import { gzipSync } from 'node:zlib';
import { type DefinitionPosting, rankDefinitions } from '../../generator/search/core/definition-rank.js';
import { definitionTerms } from '../../generator/search/core/definition-text.js';
import { compareCodePoints } from '../../generator/search/core/search-text.js';
import { definitionPostings } from '../../generator/search/definition-postings.ts';
import { fnv1a } from '../../generator/text/fnv1a.js';
import { loadCorpus } from './corpus.ts';
import { definitionQueries } from './known-items.ts';

const CAP = Number(process.env.CAP ?? 300);
// One stem in SPACING begins a file, so an edit changes only the files of the stems it touches.
const SPACING = Number(process.env.SPACING ?? 8);

const [name, file, baseIri] = process.argv.slice(2);
const corpus = await loadCorpus(name, file, baseIri);
const ids = corpus.entries.map((entry) => entry.iri.replace(/^.*[/#]/, ''));
const started = performance.now();
const { postings, stats } = definitionPostings(corpus.entries.map((entry) => entry.definition));
const byImpact = (a: DefinitionPosting, b: DefinitionPosting) => b[2] - a[2] || a[1] - b[1] || a[0] - b[0];
const cut = new Map([...postings].map(([stem, list]) => [stem, [...list].sort(byImpact).slice(0, CAP)]));
const stems = [...cut.keys()].sort(compareCodePoints);
const files: string[][] = [];
for (const stem of stems) {
  if (files.length === 0 || fnv1a(stem) % SPACING === 0) files.push([]);
  files[files.length - 1].push(stem);
}
const rendered = files.map((group) => {
  const local = [...new Set(group.flatMap((stem) => (cut.get(stem) ?? []).map((posting) => posting[0])))].sort((a, b) => a - b);
  const at = new Map(local.map((document, index) => [document, index]));
  const terms = Object.fromEntries(
    group.map((stem) => [stem, [postings.get(stem)?.length ?? 0, ...(cut.get(stem) ?? []).map((posting) => [at.get(posting[0]), ...posting.slice(1)])]]),
  );
  return JSON.stringify({ ids: local.map((document) => ids[document]), t: terms });
});
const sizes = rendered.map((text) => gzipSync(text, { level: 1 }).length).sort((a, b) => a - b);
const seconds = (performance.now() - started) / 1000;
const percentile = (share: number) => sizes[Math.min(sizes.length - 1, Math.floor(share * sizes.length))];
process.stdout.write(
  `${name}, CAP ${CAP}: ${stems.length} stems, ${files.length} files in ${seconds.toFixed(2)} s; gzipped median ${percentile(0.5)} B, 99th percentile ${percentile(0.99)} B, largest ${sizes[sizes.length - 1]} B, ${(sizes.reduce((total, size) => total + size, 0) / 1e6).toFixed(1)} MB in all\n`,
);

const found = new Map<string, [number, number]>();
for (const item of definitionQueries(corpus, Number(process.env.PER ?? 100))) {
  const ranked = rankDefinitions(
    definitionTerms(item.query),
    (term) => ({ frequency: postings.get(term)?.length ?? 0, postings: cut.get(term) ?? [] }),
    stats,
    10,
  ).map(([document]) => corpus.entries[document].iri);
  const counts = found.get(item.kind) ?? [0, 0];
  found.set(item.kind, [counts[0] + 1, counts[1] + Number(ranked.includes(item.iri))]);
}
process.stdout.write(`  in the first 10: ${[...found].map(([kind, [all, hits]]) => `${kind} ${((100 * hits) / all).toFixed(0)} %`).join(', ')}\n`);

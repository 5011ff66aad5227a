// rdflib (Debian's python3-rdflib, installed by .ci/run, run by Debian's own python3): an RDF parser independent of
// the libraries that wrote and read each format here (xmlbuilder2, the JSON-LD emitter, n3's writer and parser,
// rdfxml-streaming-parser, jsonld.js), to hold what we serve to what another conformant reader takes from it.
import { spawnSync } from 'node:child_process';

const PYTHON = '/usr/bin/python3';
export const hasRdflib = spawnSync(PYTHON, ['-c', 'import rdflib'], { encoding: 'utf8' }).status === 0;
if (!hasRdflib) console.warn('skipped: rdflib (Debian python3-rdflib) is not installed, so RDF/XML, JSON-LD, Turtle and N-Triples are not read by it here');

// Each document parsed by rdflib and written back as N-Triples, in one process for them all.
const SCRIPT = `
import json, sys
from rdflib import Graph
out = []
for document in json.load(sys.stdin):
    graph = Graph()
    graph.parse(data=document["text"], format=document["format"], publicID=document["base"])
    out.append(graph.serialize(format="nt"))
json.dump(out, sys.stdout)
`;

export type RdflibFormat = 'xml' | 'json-ld' | 'turtle' | 'nt';

/** The RDF formats we serve, each with rdflib's name for it. */
export const RDFLIB_FORMATS = [
  { format: 'xml', as: 'xml' },
  { format: 'jsonld', as: 'json-ld' },
  { format: 'ttl', as: 'turtle' },
  { format: 'nt', as: 'nt' },
] as const;

/** The documents as rdflib reads them, each as N-Triples. */
export function readByRdflib(documents: readonly { text: string; format: RdflibFormat; base: string }[]): string[] {
  const run = spawnSync(PYTHON, ['-c', SCRIPT], { input: JSON.stringify(documents), encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`rdflib failed: ${run.stderr.trim().split('\n').slice(-3).join(' ')}`);
  return JSON.parse(run.stdout) as string[];
}

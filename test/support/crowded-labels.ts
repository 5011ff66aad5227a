// Classes whose labels crowd a few word beginnings ("co…" above all), as FOLIO's do at full size: enough that the
// label index keys those beginnings' words by longer keys (see generator/search/label-split.ts), on a vocabulary
// small enough to serve in a test. Turtle, in the sample's namespace, under the sample's root class.
import { NOUNS } from '../../bench/folio-shaped/words.ts';

const HEADS = ['contract', 'contractual', 'court', 'counsel', 'consent', 'condition', 'copyright', 'corporate'];
const SAMPLE_BASE = 'https://lexicon.example.org/';
const SAMPLE_ROOT = 'https://lexicon.example.org/RW9Bt4iTBftiF41HjPIU3ze';

/** `count` classes labelled "{head} {noun}" (and "{noun} {head}" for every third), ids R0crowd0000 on. */
export function crowdedLabels(count: number): string {
  const lines = ['@prefix owl: <http://www.w3.org/2002/07/owl#> .', '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .', ''];
  for (let number = 0; number < count; number += 1) {
    const head = HEADS[number % HEADS.length];
    const noun = NOUNS[(number * 7) % NOUNS.length];
    const label = number % 3 === 0 ? `${noun} ${head}` : `${head} ${noun}`;
    const id = `R0crowd${String(number).padStart(4, '0')}`;
    lines.push(`<${SAMPLE_BASE}${id}> a owl:Class ; rdfs:subClassOf <${SAMPLE_ROOT}> ; rdfs:label "${label}" .`);
  }
  return `${lines.join('\n')}\n`;
}

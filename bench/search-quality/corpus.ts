// What a search-quality bench reads of an ontology: each class's (or concept's) labels the way the live service
// sees them, and the text that defines it, from the same model the build makes.
import type { Quad } from '@rdfjs/types';
import { loadOntology } from '../../generator/load/load-ontology.ts';
import { buildModel } from '../../generator/model/build-model.ts';
import type { ModelEntity } from '../../generator/model/ontology-model.ts';
import { P } from '../../generator/model/vocabulary.ts';

export interface CorpusEntry {
  iri: string;
  /** rdfs:label (the live service's label index). */
  label: string | null;
  /** skos:prefLabel, skos:altLabel (translations included) and skos:hiddenLabel: the live service's alternative label index. */
  alternatives: string[];
  /** skos:definition, else rdfs:comment, else dcterms:description (English or untagged first). */
  definition: string | null;
}

export interface Corpus {
  name: string;
  entries: CorpusEntry[];
}

const DEFINING = [P.definition, P.comment, P.description];

/** The classes and concepts of an ontology file or folder, with labels, as a corpus. */
export async function loadCorpus(name: string, ontology: string, baseIri?: string): Promise<Corpus> {
  const loaded = await loadOntology(ontology);
  const model = buildModel(loaded.quads, baseIri === undefined ? {} : { baseIri });
  const entries = model.entities.filter((entity) => entity.kind === 'class').map(entryOf);
  return { name, entries: entries.filter((entry) => entry.label !== null || entry.alternatives.length > 0) };
}

function entryOf(entity: ModelEntity): CorpusEntry {
  const record = entity.record;
  const own = (predicate: string) => literals(entity.quads, entity.iri, predicate);
  const alternatives = [...new Set([...(record.preferred_label ? [record.preferred_label] : []), ...own(P.altLabel), ...own(P.hiddenLabel)])];
  const defining = DEFINING.map((predicate) => own(predicate)).find((texts) => texts.length > 0);
  return { iri: entity.iri, label: record.label, alternatives, definition: record.definition ?? defining?.[0] ?? null };
}

/** The literal objects of a subject's predicate, English and untagged ones first. */
function literals(quads: readonly Quad[], subject: string, predicate: string): string[] {
  const found = quads.filter((quad) => quad.subject.value === subject && quad.predicate.value === predicate && quad.object.termType === 'Literal');
  const rank = (quad: Quad) => (quad.object.termType === 'Literal' && /^(en(-|$)|$)/i.test(quad.object.language) ? 0 : 1);
  return [...found].sort((a, b) => rank(a) - rank(b)).map((quad) => quad.object.value);
}

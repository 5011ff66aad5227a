// Edits of a SKOS thesaurus: concepts added and removed; broader and narrower links added, removed, and
// flipped between the two directions (stated on the other concept, which may live in another file);
// preferred labels' languages changed; related concepts, notations and schemes.
import { P } from '../../../generator/model/vocabulary.ts';
import type { Rng } from '../../../bench/folio-shaped/rng.ts';
import { addStatement, indexesOf, isNamed, LANGUAGES, removeOne, setObject, shown, words, type EditTable } from './edit-kit.ts';
import type { OntologyFolder } from './ontology-folder.ts';
import { iri, literal, SKOS_CONCEPT, type Description, type Statement } from './statements.ts';

const HIERARCHY: readonly string[] = [P.broader, P.narrower];

function anotherConcept(folder: OntologyFolder, rng: Rng, not: string): string | undefined {
  const concepts = folder.subjects('concept').filter((concept) => concept !== not);
  return concepts.length > 0 ? rng.pick(concepts) : undefined;
}

/** A description of the subject picked at random, in whichever file states it. */
function somePlaceOf(folder: OntologyFolder, rng: Rng, subject: string): Description | undefined {
  const places = folder.placesOf(subject);
  return places.length > 0 ? rng.pick(places).description : undefined;
}

export function newConcept(folder: OntologyFolder, rng: Rng, subject: string): Description {
  // Now and then without a preferred label: no child in its parents' lists (missing-label) until one comes.
  const languages = rng.chance(0.15) ? [] : [...new Set(Array.from({ length: rng.between(1, 3) }, () => rng.pick(LANGUAGES)))];
  const statements: Statement[] = languages.map((language) => ({ predicate: P.prefLabel, object: literal(words(rng), language) }));
  const scheme = folder.places().find(({ description }) => indexesOf(description, P.inScheme).length > 0);
  const inScheme = scheme?.description.statements.find((statement) => statement.predicate === P.inScheme);
  if (inScheme) statements.push(inScheme);
  return { iri: subject, type: SKOS_CONCEPT, statements };
}

export const SKOS_EDITS: EditTable = {
  addConcept(folder, rng) {
    const subject = `${folder.baseIri}${folder.newName(rng)}`;
    const description = newConcept(folder, rng, subject);
    const parent = anotherConcept(folder, rng, subject);
    // Its place in the hierarchy stated on itself or on its parent.
    if (parent !== undefined && rng.chance(0.5)) description.statements.push({ predicate: P.broader, object: iri(parent) });
    else if (parent !== undefined) somePlaceOf(folder, rng, parent)?.statements.push({ predicate: P.narrower, object: iri(subject) });
    const { file, at } = folder.insertionPoint(rng);
    file.units.splice(at, 0, description);
    return `concept ${subject} added in ${file.name}${parent ? ` under ${parent}` : ''}`;
  },
  removeConcept(folder, rng) {
    const place = folder.pick(rng, ['concept'], ({ description }) => description.type !== undefined);
    if (!place) return undefined;
    place.file.units.splice(place.at, 1);
    return `concept ${place.description.iri} undeclared in ${place.file.name} (links to it stay)`;
  },
  broaden(folder, rng) {
    const place = folder.pick(rng, ['concept']);
    const parent = place && anotherConcept(folder, rng, place.description.iri);
    if (!place || !parent) return undefined;
    const predicate = rng.pick(HIERARCHY);
    addStatement(place.description, { predicate, object: iri(parent) }, rng);
    return `${place.description.iri} ${predicate} ${parent} added in ${place.file.name}`;
  },
  unbroaden(folder, rng) {
    const place = folder.pick(rng, ['concept'], ({ description }) => HIERARCHY.some((predicate) => indexesOf(description, predicate).length > 0));
    if (!place) return undefined;
    const predicate = rng.pick(HIERARCHY.filter((candidate) => indexesOf(place.description, candidate).length > 0));
    removeOne(place.description, predicate, rng);
    return `${place.description.iri} lost a ${predicate}`;
  },
  flip(folder, rng) {
    // "A broader B" on A becomes "B narrower A" on B, or the other way round.
    const place = folder.pick(rng, ['concept'], ({ description }) => HIERARCHY.some((predicate) => indexesOf(description, predicate, isNamed).length > 0));
    if (!place) return undefined;
    const { statements } = place.description;
    const at = rng.pick(statements.flatMap((statement, index) => (HIERARCHY.includes(statement.predicate) && isNamed(statement.object) ? [index] : [])));
    const [{ predicate, object }] = statements.splice(at, 1);
    if (object.kind !== 'iri') return undefined;
    const other = somePlaceOf(folder, rng, object.iri);
    const flipped = predicate === P.broader ? P.narrower : P.broader;
    if (other) addStatement(other, { predicate: flipped, object: iri(place.description.iri) }, rng);
    return `${place.description.iri} ${predicate} ${object.iri} ${other ? `stated as ${flipped} on the other` : 'dropped (the other is not described)'}`;
  },
  prefLabelLanguage(folder, rng) {
    const place = folder.pick(rng, ['concept']);
    if (!place) return undefined;
    const { description } = place;
    const language = rng.chance(0.15) ? undefined : rng.pick(LANGUAGES);
    const found = indexesOf(description, P.prefLabel);
    const way = found.length === 0 ? 1 : rng.int(3);
    if (way === 0) {
      const at = rng.pick(found);
      const before = description.statements[at].object;
      if (before.kind !== 'literal') return undefined;
      description.statements[at] = { predicate: P.prefLabel, object: literal(before.text, language) };
      return `${description.iri}'s prefLabel ${shown(before.text)} moved from ${before.language ?? 'no language'} to ${language ?? 'no language'}`;
    }
    if (way === 2) {
      removeOne(description, P.prefLabel, rng);
      return `${description.iri} lost a prefLabel`;
    }
    const label = words(rng);
    addStatement(description, { predicate: P.prefLabel, object: literal(label, language) }, rng);
    return `${description.iri} given prefLabel ${shown(label)}@${language ?? ''}`;
  },
  relate(folder, rng) {
    const place = folder.pick(rng, ['concept']);
    const other = place && anotherConcept(folder, rng, place.description.iri);
    if (!place || !other) return undefined;
    if (rng.chance(0.4) && removeOne(place.description, P.related, rng)) return `${place.description.iri} lost a skos:related`;
    addStatement(place.description, { predicate: P.related, object: iri(other) }, rng);
    return `${place.description.iri} related to ${other}`;
  },
  notation(folder, rng) {
    const place = folder.pick(rng, ['concept']);
    if (!place) return undefined;
    if (rng.chance(0.3) && removeOne(place.description, P.notation, rng)) return `${place.description.iri} lost its notation`;
    const value = `T.${rng.int(100)}.${rng.int(100)}`;
    setObject(place.description, P.notation, literal(value), rng);
    return `${place.description.iri} notation ${value}`;
  },
};

// Edits of how terms hang together and where they are stated: classes added, removed, moved and given second
// parents or equivalents; properties of every kind added, removed, retyped and reshaped; descriptions split
// into rdf:Description blocks (in any file) and merged back; blocks and statements reordered.
import { XSD_STRING, P } from '../../../generator/model/vocabulary.ts';
import { addStatement, isNamed, removeOne, setObject, shown, words, type EditTable } from './edit-kit.ts';
import type { Kind, OntologyFolder, Place } from './ontology-folder.ts';
import { iri, isDescription, literal, OWL, RDF_PROPERTY, RDF_TYPE, RDFS_CLASS, SKOS_CONCEPT, type Description, type Statement } from './statements.ts';
import type { Rng } from '../../../bench/folio-shaped/rng.ts';

const PROPERTY_TYPES = [OWL.ObjectProperty, OWL.DatatypeProperty, OWL.AnnotationProperty, RDF_PROPERTY];
const CLASS_TYPES = [OWL.Class, RDFS_CLASS];

/** A subject of the kind other than `not`, or owl:Thing when there is none. */
function another(folder: OntologyFolder, rng: Rng, kind: Kind, not?: string): string {
  const subjects = folder.subjects(kind).filter((subject) => subject !== not);
  return subjects.length > 0 ? rng.pick(subjects) : OWL.Thing;
}

/** Adds, replaces or removes a statement naming another term of `kind`; what was done. */
function relink(folder: OntologyFolder, rng: Rng, from: Kind, predicate: string, to: Kind): string | undefined {
  const place = folder.pick(rng, [from]);
  if (!place) return undefined;
  const { description } = place;
  const way = rng.int(3);
  if (way === 0 && removeOne(description, predicate, rng, isNamed)) return `${description.iri} lost a ${predicate}`;
  const target = another(folder, rng, to, description.iri);
  if (way === 1) return `${description.iri} ${setObject(description, predicate, iri(target), rng, isNamed)} ${predicate} ${target}`;
  addStatement(description, { predicate, object: iri(target) }, rng);
  return `${description.iri} added ${predicate} ${target} in ${place.file.name}`;
}

/** A new description inserted at a random place of a random file (an RDF/XML one if it holds nested RDF/XML). */
function insert(folder: OntologyFolder, rng: Rng, description: Description): string {
  const { file, at } = folder.insertionPoint(rng, holdsXml(description) ? 'rdfxml' : undefined);
  file.units.splice(at, 0, description);
  return file.name;
}

const holdsXml = (description: Description): boolean => description.statements.some((statement) => statement.object.kind === 'xml');

export function newClass(folder: OntologyFolder, rng: Rng, name: string): Description {
  const statements: Statement[] = [{ predicate: P.subClassOf, object: iri(another(folder, rng, 'class')) }];
  // Now and then unlabelled: not a child in its parent's list (missing-label warning) until a label comes.
  if (rng.chance(0.85)) statements.push({ predicate: P.label, object: literal(words(rng)) });
  return { iri: `${folder.baseIri}${name}`, type: rng.chance(0.9) ? OWL.Class : RDFS_CLASS, statements };
}

export function newProperty(folder: OntologyFolder, rng: Rng, name: string): Description {
  const type = rng.pick(PROPERTY_TYPES);
  const statements: Statement[] = [{ predicate: P.label, object: literal(`has${words(rng).replace(/\W+/g, '')}`) }];
  if (rng.chance(0.6)) statements.push({ predicate: P.domain, object: iri(another(folder, rng, 'class')) });
  if (type === OWL.DatatypeProperty) statements.push({ predicate: P.range, object: iri(XSD_STRING) });
  if (type === OWL.ObjectProperty && rng.chance(0.5)) statements.push({ predicate: P.range, object: iri(another(folder, rng, 'class')) });
  return { iri: `${folder.baseIri}${name}`, type, statements };
}

/** Removes a subject's declaration, or now and then every description of it (in every file). */
function remove(folder: OntologyFolder, rng: Rng, kind: Kind): string | undefined {
  const place = folder.pick(rng, [kind], ({ description }) => description.type !== undefined);
  if (!place) return undefined;
  const subject = place.description.iri;
  const everywhere = rng.chance(0.5);
  const places = everywhere ? folder.placesOf(subject) : [place];
  for (const { file, description } of places) file.units.splice(file.units.indexOf(description), 1);
  return `${subject} ${everywhere ? `removed from every file (${places.length} descriptions)` : `undeclared in ${place.file.name}`}`;
}

export const STRUCTURE_EDITS: EditTable = {
  addClass(folder, rng) {
    const description = newClass(folder, rng, folder.newName(rng));
    // Now and then outside the base IRI: not published, but a child in its parent's list all the same.
    if (rng.chance(0.1)) description.iri = description.iri.replace(folder.baseIri, 'https://elsewhere.example/terms/');
    return `${description.iri} added in ${insert(folder, rng, description)}`;
  },
  removeClass: (folder, rng) => remove(folder, rng, 'class'),
  moveClass(folder, rng) {
    const place = folder.pick(rng, ['class']);
    if (!place) return undefined;
    const parent = another(folder, rng, 'class', place.description.iri);
    setObject(place.description, P.subClassOf, iri(parent), rng, isNamed);
    return `${place.description.iri} moved under ${parent} in ${place.file.name}`;
  },
  secondParent: (folder, rng) => relink(folder, rng, 'class', P.subClassOf, 'class'),
  equivalentClass: (folder, rng) => relink(folder, rng, 'class', OWL.equivalentClass, 'class'),
  seeAlso(folder, rng) {
    const place = folder.pick(rng, ['class']);
    if (!place) return undefined;
    const { description } = place;
    const other = another(folder, rng, 'class', description.iri);
    if (rng.chance(0.3) && removeOne(description, P.subClassOf, rng, (object) => object.kind === 'restriction'))
      return `${description.iri} lost a see-also restriction`;
    if (rng.chance(0.3)) addStatement(description, { predicate: P.seeAlso, object: iri(other) }, rng);
    else addStatement(description, { predicate: P.subClassOf, object: { kind: 'restriction', onProperty: P.seeAlso, target: other } }, rng);
    return `${description.iri} sees also ${other} in ${place.file.name}`;
  },
  reshapeProperty: (folder, rng) => relink(folder, rng, 'property', rng.pick([P.domain, P.range]), 'class'),
  subPropertyOf: (folder, rng) => relink(folder, rng, 'property', P.subPropertyOf, 'property'),
  inverseOf: (folder, rng) => relink(folder, rng, 'property', P.inverseOf, 'property'),
  addProperty(folder, rng) {
    const description = newProperty(folder, rng, folder.newName(rng));
    return `${description.type} ${description.iri} added in ${insert(folder, rng, description)}`;
  },
  removeProperty: (folder, rng) => remove(folder, rng, 'property'),
  retype(folder, rng) {
    const place = folder.pick(rng, ['class', 'property'], ({ description }) => description.type !== undefined);
    if (!place) return undefined;
    const { description } = place;
    const before = description.type;
    // Mostly within its kind (an object property made a datatype property); now and then a class made a property or back.
    const [wasClass, sameKind] = [CLASS_TYPES.includes(before ?? ''), rng.chance(0.8)];
    const types = wasClass === sameKind ? CLASS_TYPES : PROPERTY_TYPES;
    description.type = rng.pick(types.filter((type) => type !== before));
    return `${description.iri} retyped from ${before} to ${description.type}`;
  },
  secondType(folder, rng) {
    // Typed several ways, a term is the kind first in the generator's table (a class over a property or concept).
    const place = folder.pick(rng, ['class', 'property', 'concept']);
    if (!place) return undefined;
    const { description } = place;
    if (rng.chance(0.4) && removeOne(description, RDF_TYPE, rng)) return `${description.iri} lost a second type`;
    const type = rng.pick([...CLASS_TYPES, ...PROPERTY_TYPES, SKOS_CONCEPT]);
    addStatement(description, { predicate: RDF_TYPE, object: iri(type) }, rng);
    return `${description.iri} also typed ${type} in ${place.file.name}`;
  },
  split(folder, rng) {
    const place = folder.pick(rng, ['class', 'property', 'concept'], ({ description }) => description.statements.length > (description.type ? 0 : 1));
    if (!place) return undefined;
    const { description } = place;
    // Some statements move to a new rdf:Description of the same subject, as FOLIO's trailing blocks add labels.
    const moving = new Set(description.statements.map((_, at) => at).filter(() => rng.chance(0.5)));
    if (moving.size === 0) moving.add(rng.int(description.statements.length));
    if (!description.type && moving.size === description.statements.length) moving.delete(0);
    const moved = description.statements.filter((_, at) => moving.has(at));
    description.statements = description.statements.filter((_, at) => !moving.has(at));
    const into = insert(folder, rng, { iri: description.iri, statements: moved });
    return `${description.iri} split: ${moved.length} statement(s) moved from ${place.file.name} to an rdf:Description in ${into}`;
  },
  merge(folder, rng) {
    const place = folder.pick(rng, ['class', 'property', 'concept'], ({ description }) => description.type === undefined);
    if (!place) return undefined;
    const fits = (other: Place) => other.file.syntax === 'rdfxml' || !holdsXml(place.description);
    const others = folder.placesOf(place.description.iri).filter((other) => other.description !== place.description && fits(other));
    if (others.length === 0) return undefined;
    const into = rng.pick(others);
    into.description.statements.push(...place.description.statements);
    place.file.units.splice(place.at, 1);
    return `${place.description.iri}: an rdf:Description in ${place.file.name} merged into its description in ${into.file.name}`;
  },
  reorder(folder, rng) {
    const file = rng.pick(folder.files.filter((candidate) => candidate.units.length > 1));
    if (!file) return undefined;
    const [from, to] = [rng.int(file.units.length), rng.int(file.units.length)];
    const [unit] = file.units.splice(from, 1);
    file.units.splice(to, 0, unit);
    return `${file.name}: ${isDescription(unit) ? unit.iri : 'a block'} moved from ${from} to ${to}`;
  },
  shuffle(folder, rng) {
    const place = folder.pick(rng, ['class', 'property', 'concept'], ({ description }) => description.statements.length > 1);
    if (!place) return undefined;
    const { statements } = place.description;
    const [from, to] = [rng.int(statements.length), rng.int(statements.length)];
    const [statement] = statements.splice(from, 1);
    statements.splice(to, 0, statement);
    return `${place.description.iri}: its ${statement.predicate} ${shown(JSON.stringify(statement.object))} moved from ${from} to ${to}`;
  },
};

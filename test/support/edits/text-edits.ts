// Edits of what a term says about itself: labels in any language, translations, preferred and hidden labels,
// definitions, deprecation, comments, examples and notes. Each edits one description of the term, in any file.
import { NS, P } from '../../../generator/model/vocabulary.ts';
import { addStatement, indexesOf, isLiteral, isPlain, isTagged, LANGUAGES, removeOne, sentence, setObject, shown, words, type EditTable } from './edit-kit.ts';
import type { Kind } from './ontology-folder.ts';
import { iri, literal, OWL, XSD_BOOLEAN, type Statement } from './statements.ts';

const ANY: Kind[] = ['class', 'property', 'concept'];
// Every predicate whose literals a record or search shows, tagged or not.
const TEXTS: readonly string[] = [P.label, P.altLabel, P.prefLabel, P.hiddenLabel, P.definition, P.comment, P.example, P.scopeNote];
const isTaggedText = (statement: Statement): boolean => TEXTS.includes(statement.predicate) && isTagged(statement.object);
// Free text beside the labels: a record's comment, examples and notes of every sort, and FOLIO's dc fields.
const NOTES = [P.comment, P.example, P.note, P.editorialNote, P.historyNote, P.scopeNote, P.changeNote, P.source, P.description, P.identifier, P.notation];

export const TEXT_EDITS: EditTable = {
  relabel(folder, rng) {
    const place = folder.pick(rng, ANY);
    if (!place) return undefined;
    const label = words(rng);
    // Now and then an IRI: a label statement, so a child in its parents' lists, but no label for the record.
    const object = rng.chance(0.05) ? iri(`https://labels.example.org/${label.replace(/\W+/g, '-')}`) : literal(label);
    setObject(place.description, P.label, object, rng, isPlain);
    return `${place.description.iri} labelled ${shown(label)}${object.kind === 'iri' ? ' (an IRI)' : ''} in ${place.file.name}`;
  },
  unlabel(folder, rng) {
    // One label, or every rdfs:label and skos:prefLabel the description states (a concept's labels are its prefLabels).
    const labelling = (statement: Statement) => statement.predicate === P.label || statement.predicate === P.prefLabel;
    const place = folder.pick(rng, ANY, ({ description }) => description.statements.some(labelling));
    if (!place) return undefined;
    const { description } = place;
    if (rng.chance(0.5)) {
      description.statements = description.statements.filter((statement) => !labelling(statement));
      return `${description.iri} lost every label stated in ${place.file.name}`;
    }
    const at = rng.pick(description.statements.flatMap((statement, index) => (labelling(statement) ? [index] : [])));
    const [{ predicate }] = description.statements.splice(at, 1);
    return `${description.iri} lost an ${predicate} in ${place.file.name}`;
  },
  labelInLanguage(folder, rng) {
    const place = folder.pick(rng, ANY);
    if (!place) return undefined;
    const [language, label] = [rng.pick(LANGUAGES), words(rng)];
    const how = setObject(place.description, P.label, literal(label, language), rng, (object) => object.kind === 'literal' && object.language === language);
    return `${place.description.iri} ${how} rdfs:label@${language} ${shown(label)}`;
  },
  retranslate(folder, rng) {
    const place = folder.pick(rng, ANY, ({ description }) => description.statements.some(isTaggedText));
    if (!place) return undefined;
    const { statements } = place.description;
    const at = rng.pick(statements.flatMap((statement, index) => (isTaggedText(statement) ? [index] : [])));
    const before = statements[at];
    if (before.object.kind !== 'literal') return undefined;
    const way = rng.int(3);
    const text = way === 0 ? before.object.text : words(rng);
    const language = way === 0 ? rng.pick(LANGUAGES) : way === 1 ? before.object.language : undefined;
    statements[at] = { predicate: before.predicate, object: literal(text, language) };
    return `${place.description.iri}'s ${before.predicate}@${before.object.language} ${shown(before.object.text)} became ${shown(text)}${language ? `@${language}` : ' untagged'}`;
  },
  translate(folder, rng) {
    const place = folder.pick(rng, ANY);
    if (!place) return undefined;
    const [language, label] = [rng.pick(LANGUAGES), words(rng)];
    addStatement(place.description, { predicate: P.altLabel, object: literal(label, language) }, rng);
    return `${place.description.iri} given skos:altLabel@${language} ${shown(label)}`;
  },
  untranslate(folder, rng) {
    const place = folder.pick(rng, ANY, ({ description }) => indexesOf(description, P.altLabel).length > 0);
    if (!place) return undefined;
    removeOne(place.description, P.altLabel, rng);
    return `${place.description.iri} lost an alternative label`;
  },
  hideAndPrefer(folder, rng) {
    const place = folder.pick(rng, ANY);
    if (!place) return undefined;
    const predicate = rng.pick([P.hiddenLabel, P.prefLabel]);
    if (rng.chance(0.3) && removeOne(place.description, predicate, rng)) return `${place.description.iri} lost a ${predicate}`;
    const label = words(rng);
    setObject(place.description, predicate, literal(label), rng, isPlain);
    return `${place.description.iri} given ${predicate} ${shown(label)}`;
  },
  redefine(folder, rng) {
    const place = folder.pick(rng, ANY);
    if (!place) return undefined;
    const [definition, language] = [sentence(rng), rng.chance(0.2) ? rng.pick(LANGUAGES) : undefined];
    const how = setObject(place.description, P.definition, literal(definition, language), rng, isLiteral);
    return `${place.description.iri} ${how} a definition${language ? `@${language}` : ''} in ${place.file.name}`;
  },
  secondDefinition(folder, rng) {
    // The duplicate-definition warning; the last in the files' order is published.
    const defined = (subject: string) => folder.placesOf(subject).some(({ description }) => indexesOf(description, P.definition, isLiteral).length > 0);
    const place = folder.pick(rng, ANY, ({ description }) => defined(description.iri));
    if (!place) return undefined;
    addStatement(place.description, { predicate: P.definition, object: literal(sentence(rng)) }, rng);
    return `${place.description.iri} given another definition in ${place.file.name}`;
  },
  undefine(folder, rng) {
    const place = folder.pick(rng, ANY, ({ description }) => indexesOf(description, P.definition).length > 0);
    if (!place) return undefined;
    removeOne(place.description, P.definition, rng);
    return `${place.description.iri} lost a definition`;
  },
  deprecate(folder, rng) {
    const place = folder.pick(rng, ANY);
    if (!place) return undefined;
    const { description } = place;
    const stated = indexesOf(description, OWL.deprecated);
    if (stated.length > 0 && rng.chance(0.4)) {
      removeOne(description, OWL.deprecated, rng);
      return `${description.iri} no longer says whether it is deprecated`;
    }
    const value = rng.pick(['true', 'false', '1', 'True']);
    const typed = rng.chance(0.7) ? XSD_BOOLEAN : undefined;
    setObject(description, OWL.deprecated, literal(value, undefined, typed), rng);
    return `${description.iri} deprecated: ${value}${typed ? ' (xsd:boolean)' : ''}`;
  },
  annotate(folder, rng) {
    const place = folder.pick(rng, ANY);
    if (!place) return undefined;
    const predicate = rng.pick([...NOTES, P.isDefinedBy, P.seeAlso, P.inScheme]);
    const { description } = place;
    const named = predicate === P.isDefinedBy || predicate === P.seeAlso || predicate === P.inScheme;
    const way = rng.int(3);
    if (way === 0 && removeOne(description, predicate, rng)) return `${description.iri} lost a ${predicate}`;
    const value = named ? iri(`https://glossary.example.org/${words(rng).replace(/\W+/g, '-')}`) : literal(sentence(rng), rng.chance(0.1) ? 'en' : undefined);
    if (way === 1) setObject(description, predicate, value, rng);
    else addStatement(description, { predicate, object: value }, rng);
    return `${description.iri} ${way === 1 ? 'changed' : 'added'} a ${predicate.replace(NS.skos, 'skos:')}`;
  },
};

// The ontology folders the update-equality chains start from: the repo's sample; FOLIO-shaped input with a
// second RDF/XML file and a Turtle file adding to its subjects; a SKOS thesaurus in RDF/XML or in Turtle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_IRI, generateFolioShaped } from '../../bench/folio-shaped/generate.ts';
import { Rng } from '../../bench/folio-shaped/rng.ts';
import { P } from '../../generator/model/vocabulary.ts';
import { LANGUAGES, sentence, words } from './edits/edit-kit.ts';
import { OntologyFolder } from './edits/ontology-folder.ts';
import { RdfXmlFile } from './edits/rdfxml-file.ts';
import { iri, isDescription, literal, OWL, type Description, type Statement } from './edits/statements.ts';
import { TurtleFile } from './edits/turtle-file.ts';
import { SAMPLE_ONTOLOGY } from './shared-data.ts';
import { THESAURUS_BASE, thesaurusShaped, type ThesaurusOptions } from './thesaurus-shaped.ts';

export function sampleFolder(): OntologyFolder {
  return new OntologyFolder('https://lexicon.example.org/', [
    new RdfXmlFile('sample.owl', readFileSync(join(SAMPLE_ONTOLOGY, 'sample.owl'), 'utf8')),
    TurtleFile.parse('sample-extra.ttl', readFileSync(join(SAMPLE_ONTOLOGY, 'sample-extra.ttl'), 'utf8')),
  ]);
}

/**
 * FOLIO-shaped RDF/XML, and two files that add to its subjects as FOLIO's trailing rdf:Description blocks
 * do: `extra.owl` (labels in other languages, notes, second parents, and a few classes of its own) and
 * `extra.ttl` (the same, kept to a dozen subjects: the whole file is one block, which any edit changes).
 */
export function folioShapedFolder(options: { classes: number; properties: number; seed: number }): OntologyFolder {
  const main = new RdfXmlFile('folio-shaped.owl', generateFolioShaped(options));
  const rng = new Rng(options.seed);
  const classes = main.units.filter(isDescription).filter((description) => description.type === OWL.Class && description.iri.startsWith(BASE_IRI));
  const additions = (count: number): Description[] =>
    Array.from({ length: count }, () => {
      const subject = rng.pick(classes).iri;
      const statements: Statement[] = [{ predicate: P.label, object: literal(words(rng), rng.pick(LANGUAGES)) }];
      if (rng.chance(0.4)) statements.push({ predicate: P.note, object: literal(sentence(rng)) });
      if (rng.chance(0.3)) statements.push({ predicate: P.subClassOf, object: iri(rng.pick(classes).iri) });
      if (rng.chance(0.2)) statements.push({ predicate: P.altLabel, object: literal(words(rng), rng.pick(LANGUAGES)) });
      return { iri: subject, statements };
    });
  const own = Array.from(
    { length: 5 },
    (_, at): Description => ({
      iri: `${BASE_IRI}RExtra${at}`,
      type: OWL.Class,
      statements: [
        { predicate: P.subClassOf, object: iri(rng.pick(classes).iri) },
        { predicate: P.label, object: literal(words(rng)) },
      ],
    }),
  );
  return new OntologyFolder(BASE_IRI, [main, RdfXmlFile.of('extra.owl', [...additions(40), ...own]), new TurtleFile('extra.ttl', additions(12))]);
}

/**
 * A SKOS thesaurus: in RDF/XML one file, each concept a block; in Turtle a file per branch (a Turtle file is one
 * block), enough of them that an edit of two stays under the 5 % of blocks past which a build is a full one.
 */
export function thesaurusFolder(syntax: 'rdfxml' | 'turtle', options: ThesaurusOptions): OntologyFolder {
  const parts = thesaurusShaped(options);
  if (syntax === 'rdfxml') return new OntologyFolder(THESAURUS_BASE, [RdfXmlFile.of('thesaurus.rdf', parts.flat())]);
  return new OntologyFolder(
    THESAURUS_BASE,
    parts.map((descriptions, at) => new TurtleFile(`${at === 0 ? 'scheme' : `branch-${String(at).padStart(2, '0')}`}.ttl`, descriptions)),
  );
}

// Edits of the folder itself: a small file dropped in beside the others (RDF/XML or Turtle, adding to terms
// described elsewhere), and such a file taken out again.
import { P } from '../../../generator/model/vocabulary.ts';
import { words, type EditTable } from './edit-kit.ts';
import { RdfXmlFile } from './rdfxml-file.ts';
import { literal, type Description } from './statements.ts';
import { TurtleFile } from './turtle-file.ts';

// Small enough that adding or removing one stays an update (5 % of the blocks) in the smallest chain.
const MOST_UNITS = 3;

export const FILE_EDITS: EditTable = {
  newFile(folder, rng) {
    const subjects = [...folder.kinds().keys()];
    if (subjects.length === 0) return undefined;
    const descriptions = Array.from(
      { length: rng.between(1, MOST_UNITS) },
      (): Description => ({
        iri: rng.pick(subjects),
        statements: [{ predicate: P.altLabel, object: literal(words(rng), rng.chance(0.5) ? 'fr-fr' : undefined) }],
      }),
    );
    const turtle = rng.chance(0.5);
    const name = folder.newFileName(turtle ? 'ttl' : 'owl');
    folder.files.push(turtle ? new TurtleFile(name, descriptions) : RdfXmlFile.of(name, descriptions));
    return `${name} added, saying more of ${descriptions.map((description) => description.iri).join(', ')}`;
  },
  dropFile(folder, rng) {
    const small = folder.files.filter((file) => file.units.length <= MOST_UNITS && folder.files.length > 1);
    if (small.length === 0) return undefined;
    const file = rng.pick(small);
    folder.files.splice(folder.files.indexOf(file), 1);
    return `${file.name} removed, with its ${file.units.length} unit(s)`;
  },
};

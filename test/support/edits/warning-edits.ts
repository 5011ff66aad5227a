// Edits that make the build warn: ids that cannot be a file name (unsafe-id), ids that differ from another only
// by letter case (case-collision), ids the site's own paths take (site-path). The terms they add are edited,
// moved and removed later in the chain like any other.
import { P } from '../../../generator/model/vocabulary.ts';
import type { Rng } from '../../../bench/folio-shaped/rng.ts';
import { words, type EditTable } from './edit-kit.ts';
import type { OntologyFolder } from './ontology-folder.ts';
import { literal, SKOS_CONCEPT, type Description } from './statements.ts';
import { newClass, newProperty } from './structure-edits.ts';

/** A new term of the kind the folder mostly holds (concepts in a thesaurus), named `name`. */
function newTerm(folder: OntologyFolder, rng: Rng, name: string): Description {
  if (folder.subjects('concept').length > folder.subjects('class').length) {
    return { iri: `${folder.baseIri}${name}`, type: SKOS_CONCEPT, statements: [{ predicate: P.prefLabel, object: literal(words(rng), 'en') }] };
  }
  return rng.chance(0.7) ? newClass(folder, rng, name) : newProperty(folder, rng, name);
}

function insert(folder: OntologyFolder, rng: Rng, description: Description): string {
  const { file, at } = folder.insertionPoint(rng);
  file.units.splice(at, 0, description);
  return `${description.type} ${description.iri} added in ${file.name}`;
}

export const WARNING_EDITS: EditTable = {
  unsafeId(folder, rng) {
    const name = folder.newName(rng);
    const odd = rng.pick([`${name}.v2`, `${name}/xml`, `${name}%2Fpart`, `${name}%2a`, `${name}${'x'.repeat(200)}`]);
    return insert(folder, rng, newTerm(folder, rng, odd));
  },
  // Published, with no warning: a leading "_", and escapes, whose files are named by the decoded id.
  escapedId(folder, rng) {
    const name = folder.newName(rng);
    return insert(folder, rng, newTerm(folder, rng, rng.pick([`_${name}`, `${name}%20range`, `${name}%2A`])));
  },
  // Published too: an id below another's, as DBpedia's `Astronaut/timeInSpace` is below `Astronaut` (whose record is
  // a file where the slash id needs a folder), or below no id at all.
  slashId(folder, rng) {
    const ids = [...folder.kinds().keys()].map((subject) => subject.slice(folder.baseIri.length)).filter((id) => /^[A-Za-z0-9_-]+$/.test(id));
    const above = rng.pick([...ids, folder.newName(rng)]);
    return insert(folder, rng, newTerm(folder, rng, `${above}/${folder.newName(rng)}`));
  },
  caseTwin(folder, rng) {
    const ids = [...folder.kinds().keys()].map((subject) => subject.slice(folder.baseIri.length));
    // The site's own names take part: "Docs" collides with the docs folder on a file system that folds case.
    const name = rng.pick([...ids.filter((id) => /[a-z]/i.test(id)), 'docs', 'search']);
    const twin = [name.toLowerCase(), name.toUpperCase(), `${name.charAt(0).toUpperCase()}${name.slice(1)}`].find((other) => other !== name);
    if (twin === undefined) return undefined;
    return insert(folder, rng, newTerm(folder, rng, twin));
  },
  // The site's own paths on every host.
  siteNamed: (folder, rng) => insert(folder, rng, newTerm(folder, rng, rng.pick(['docs', 'search']))),
  // GitHub Pages' own besides (index.html and 404.html are the site's there); ordinary ids on other hosts.
  pagesNamed: (folder, rng) => insert(folder, rng, newTerm(folder, rng, rng.pick(['index', '404']))),
};

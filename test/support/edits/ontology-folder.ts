// The ontology folder a chain edits: its files, and what the edits ask of them together (which subjects are
// classes, properties or concepts, wherever their types are stated; where each subject is described).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Rng } from '../../../bench/folio-shaped/rng.ts';
import { isDescription, OWL, RDF_PROPERTY, RDFS_CLASS, SKOS_CONCEPT, typesOf, type Description, type EditableFile } from './statements.ts';

export type Kind = 'class' | 'property' | 'concept';

const KIND_OF = new Map<string, Kind>([
  [OWL.Class, 'class'],
  [RDFS_CLASS, 'class'],
  [SKOS_CONCEPT, 'concept'],
  [OWL.ObjectProperty, 'property'],
  [OWL.DatatypeProperty, 'property'],
  [OWL.AnnotationProperty, 'property'],
  [RDF_PROPERTY, 'property'],
]);

/** Where a description is: its file and its place among the file's units. */
export interface Place {
  file: EditableFile;
  at: number;
  description: Description;
}

export class OntologyFolder {
  readonly baseIri: string;
  readonly files: EditableFile[];
  readonly #written = new Map<string, string>();
  #added = 0;
  #filesAdded = 0;

  constructor(baseIri: string, files: EditableFile[]) {
    this.baseIri = baseIri;
    this.files = files;
  }

  /** Writes the files whose text changed since the last call, and removes those no longer in the folder. */
  writeTo(folder: string): void {
    for (const name of this.#written.keys()) {
      if (this.files.some((file) => file.name === name)) continue;
      rmSync(join(folder, name));
      this.#written.delete(name);
    }
    for (const file of this.files) {
      const text = file.text();
      if (this.#written.get(file.name) === text) continue;
      writeFileSync(join(folder, file.name), text);
      this.#written.set(file.name, text);
    }
  }

  /** Every description, in each file's order. */
  places(): Place[] {
    return this.files.flatMap((file) => file.units.flatMap((unit, at) => (isDescription(unit) ? [{ file, at, description: unit }] : [])));
  }

  /** The kinds of the subjects under the base IRI, by IRI. */
  kinds(): Map<string, Kind> {
    const kinds = new Map<string, Kind>();
    for (const { description } of this.places()) {
      if (!description.iri.startsWith(this.baseIri)) continue;
      for (const type of typesOf(description)) {
        const kind = KIND_OF.get(type);
        if (kind !== undefined && !kinds.has(description.iri)) kinds.set(description.iri, kind);
      }
    }
    return kinds;
  }

  /** The subjects of one kind, in the order they are first typed so. */
  subjects(kind: Kind): string[] {
    return [...this.kinds()].filter(([, found]) => found === kind).map(([subject]) => subject);
  }

  /**
   * A description of a subject of one of the kinds (passing `only`): a file first (each alike, so small files
   * are edited as often as large ones), then one of its descriptions of such a subject.
   */
  pick(rng: Rng, kinds: readonly Kind[], only: (place: Place) => boolean = () => true): Place | undefined {
    const known = this.kinds();
    const ofKind = (place: Place) => {
      const kind = known.get(place.description.iri);
      return kind !== undefined && kinds.includes(kind);
    };
    const candidates = this.places().filter((place) => ofKind(place) && only(place));
    const files = [...new Set(candidates.map((place) => place.file))];
    if (files.length === 0) return undefined;
    const file = rng.pick(files);
    return rng.pick(candidates.filter((place) => place.file === file));
  }

  /** The descriptions of one subject, in every file. */
  placesOf(subject: string): Place[] {
    return this.places().filter((place) => place.description.iri === subject);
  }

  /** A file picked alike among all, and a place in it to insert a unit at. */
  insertionPoint(rng: Rng, syntax?: EditableFile['syntax']): { file: EditableFile; at: number } {
    const file = rng.pick(this.files.filter((candidate) => syntax === undefined || candidate.syntax === syntax));
    return { file, at: rng.int(file.units.length + 1) };
  }

  /** A file name never used before in this chain. */
  newFileName(extension: string): string {
    this.#filesAdded += 1;
    return `added-${this.#filesAdded}.${extension}`;
  }

  /** A new local name under the base IRI, never used before in this chain. */
  newName(rng: Rng): string {
    this.#added += 1;
    return `RNew${this.#added}x${rng.int(1_000_000)}`;
  }
}

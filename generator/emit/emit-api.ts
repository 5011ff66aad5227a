import type { OntologyModel } from '../model/ontology-model.ts';
import { SKOS_CONCEPT } from '../model/vocabulary.ts';
import type { Format, Router } from '../route/router.ts';
import { emitJson } from './json.ts';
import { emitJsonLd } from './jsonld.ts';
import { emitMarkdown } from './markdown.ts';
import { buildNodeTree } from './node-tree.ts';
import { emitRdfXml } from './rdfxml.ts';
import { emitNTriples, emitTurtle } from './turtle.ts';

export interface OutputFile {
  /** Path inside the output folder, with "/" separators. */
  path: string;
  contents: string;
  /** The contents as UTF-8, when whoever made the file encoded it already (the search index, to measure it). */
  encoded?: Uint8Array;
}

const decoder = new TextDecoder();

/** A file made as bytes: its text is decoded only if something reads it (writing and hashing take the bytes). */
export function bytesFile(path: string, encoded: Uint8Array): OutputFile {
  let text: string | undefined;
  return {
    path,
    encoded,
    get contents() {
      text ??= decoder.decode(encoded);
      return text;
    },
  };
}

export interface EmitOptions {
  /** Called after each entity with how many are done. */
  onEntity?(done: number): void;
  /** Emit the format files of just these entities. */
  only?(id: string): boolean;
  /** Called with the files of every HAND_OFF_ENTITIES entities as they are made; those are then not returned. */
  handOff?(files: OutputFile[]): void;
}

// Small enough that the files' strings die young (the writer encodes them as they come), large enough to cost little.
const HAND_OFF_ENTITIES = 100;

/**
 * emit: every entity's format files, in entity order (generateApi sorts the whole build by path); with
 * `only`, those of just these entities.
 */
export function emitApi(model: OntologyModel, router: Router, { onEntity, only, handOff }: EmitOptions = {}): OutputFile[] {
  let files: OutputFile[] = [];
  const entities = only ? model.entities.filter((entity) => only(entity.id)) : model.entities;
  entities.forEach((entity, index) => {
    const tree = buildNodeTree(entity.iri, entity.quads);
    const emitters: Record<Format, () => string> = {
      json: () => emitJson(entity.record),
      jsonld: () => emitJsonLd(tree),
      xml: () => emitRdfXml(tree),
      ttl: () => emitTurtle(tree),
      nt: () => emitNTriples(tree),
      markdown: () => emitMarkdown(entity.record, entity.type === SKOS_CONCEPT),
    };
    for (const { format } of router.publishedFormats(entity.id)) files.push({ path: router.filePath(entity.id, format), contents: emitters[format]() });
    onEntity?.(index + 1);
    if (handOff && (index + 1) % HAND_OFF_ENTITIES === 0) {
      handOff(files);
      files = [];
    }
  });
  return files;
}

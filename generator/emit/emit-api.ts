import type { OntologyModel } from '../model/build-model.ts';
import { NOT_FOUND_BODY } from '../schema/records.ts';
import { emitHeaders, emitRedirects } from '../host/pages-config.ts';
import { emitVercelConfig } from '../host/vercel-config.ts';
import { NOT_FOUND_FILE, type Router } from '../route/router.ts';
import { emitJson } from './json.ts';
import { emitJsonLd } from './jsonld.ts';
import { emitMarkdown } from './markdown.ts';
import { buildNodeTree } from './node-tree.ts';
import { emitRdfXml } from './rdfxml.ts';

export interface OutputFile {
  /** Path inside the output folder, with "/" separators. */
  path: string;
  contents: string;
  /** The contents as UTF-8, when whoever made the file encoded it already (the search index, to measure it). */
  encoded?: Uint8Array;
}

export interface EmitOptions {
  /** Called after each entity with how many are done. */
  onEntity?(done: number): void;
  /** Emit the format files of just these entities (and the host files). */
  only?(id: string): boolean;
  /** Called with the files of every HAND_OFF_ENTITIES entities as they are made; those are then not returned. */
  handOff?(files: OutputFile[]): void;
}

// Small enough that the files' strings die young (the writer encodes them as they come), large enough to cost little.
const HAND_OFF_ENTITIES = 100;

/**
 * emit: every file of the static API, in entity order (generateApi sorts the whole build by path); with
 * `only`, the format files of just those entities.
 */
export function emitApi(model: OntologyModel, router: Router, { onEntity, only, handOff }: EmitOptions = {}): OutputFile[] {
  let files: OutputFile[] = [];
  const entities = only ? model.entities.filter((entity) => only(entity.id)) : model.entities;
  entities.forEach((entity, index) => {
    const tree = buildNodeTree(entity.iri, entity.quads);
    files.push(
      { path: router.filePath(entity.id, 'json'), contents: emitJson(entity.record) },
      { path: router.filePath(entity.id, 'jsonld'), contents: emitJsonLd(tree) },
      { path: router.filePath(entity.id, 'xml'), contents: emitRdfXml(tree) },
      { path: router.filePath(entity.id, 'markdown'), contents: emitMarkdown(entity.record) },
    );
    onEntity?.(index + 1);
    if (handOff && (index + 1) % HAND_OFF_ENTITIES === 0) {
      handOff(files);
      files = [];
    }
  });
  files.push(
    { path: '_headers', contents: emitHeaders(router) },
    { path: '_redirects', contents: emitRedirects(router) },
    { path: 'vercel.json', contents: emitVercelConfig(router) },
    // Hosts serve this for unknown paths; at the root every unknown path is an unknown id.
    { path: NOT_FOUND_FILE, contents: emitJson(NOT_FOUND_BODY) },
    // GitHub Pages would otherwise run Jekyll, which drops the "_api" folder.
    { path: '.nojekyll', contents: '' },
  );
  return files;
}

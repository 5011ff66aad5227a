// The model's shape, apart from the code that builds it, so the modules it is made of can name it.
import type { Quad } from '@rdfjs/types';
import type { ClassRecord, EntityRecord } from '../schema/records.ts';
import type { Entity } from './entities.ts';
import type { BranchSetting } from '../config/options.ts';

export type { BranchSetting };

export interface ModelEntity extends Entity {
  readonly record: EntityRecord;
  /** The entity's source triples with the blank nodes they reach: what JSON-LD and RDF/XML publish. */
  readonly quads: Quad[];
  /** The labelled classes (or concepts) that name this one as parent, in declaration order (without making its record). */
  readonly children: readonly string[];
  /** The named classes this one is a subclass of, or a concept's broader ones (also without making its record). */
  readonly superclasses: readonly string[];
  /** Whether its record has a label (known without making the record). */
  readonly labelled: boolean;
}

export interface OntologyInfo {
  title: string | null;
  description: string | null;
  version: string | null;
}

export interface OntologyModel {
  baseIri: string;
  /** The taxonomy's branches as configured; undefined: the defaults (generator/live/branches.ts). */
  branches?: readonly BranchSetting[];
  info: OntologyInfo;
  entities: ModelEntity[];
  warnings: string[];
  /** Groups of ids that differ only by letter case (all published; one file each where case is folded). */
  caseCollisions: readonly (readonly string[])[];
  /** Ids of published entities without a record file: the site's own files answer their `/{id}` (ModelSettings.siteIds). */
  recordless: ReadonlySet<string>;
  /** See Hierarchy.linked: what an update must emit again besides a term whose type or labels changed. */
  linked(iri: string): readonly string[];
  /** Every class and concept the triples declare, published or not (owl:Thing, classes outside the base IRI), in declaration order. */
  classIris(): readonly string[];
  /** The record of a declared class that is not published (made when asked): the live service counts and links such classes. */
  unpublishedClass(iri: string): ClassRecord | undefined;
  /** The published entity with this IRI, or this id (each lookup made once, for every stage that asks). */
  entityByIri(iri: string): ModelEntity | undefined;
  entityById(id: string): ModelEntity | undefined;
}

/** What the model takes besides the triples: which IRIs to publish, and which ids' `/{id}` the site's own files take. */
export interface ModelSettings {
  baseIri?: string;
  /** Ids whose `/{id}` the site's own files answer (Router.siteIds); by default the hosts' common ones. */
  siteIds?: ReadonlySet<string>;
  branches?: readonly BranchSetting[];
}

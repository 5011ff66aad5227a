import { emitJsonLd } from '../emit/jsonld.ts';
import { buildNodeTree } from '../emit/node-tree.ts';
import { countByType } from '../model/count-types.ts';
import type { ModelEntity, OntologyModel } from '../model/ontology-model.ts';
import type { Router } from '../route/router.ts';
import { Trails } from './trails.ts';

/** What the concept pages read: the model (which looks its entities up by IRI and id), and what is computed once for all 18,000 pages. */
export interface SiteModel {
  model: OntologyModel;
  router: Router;
  /** The top-level class each class descends from (first parents first), for the full-text filter. */
  branchOf: Map<string, string>;
  /** The top-level classes, the largest first. */
  branches: Branch[];
  languages: string[];
  /** The properties whose domain, or range, names each class (by IRI), in the model's order. */
  domainOf: Map<string, ModelEntity[]>;
  rangeOf: Map<string, ModelEntity[]>;
  /** Each property's sub-properties (by IRI). */
  subPropertiesOf: Map<string, ModelEntity[]>;
  /** The paths from the root to each class. */
  trails: Trails;
}

/** What the site's own pages (home, tree, full-text search, not found) show of the model: plain data, so it crosses threads. */
export interface SiteSummary {
  title: string | null;
  description: string | null;
  baseIri: string;
  /** Terms by kind, by plural name (countByType). */
  counts: [plural: string, count: number][];
  /** The language tags of every translation. */
  languages: string[];
  /** The top-level classes, the largest first. */
  branches: Branch[];
}

/** A top-level class: its id, its label, and how many classes descend from it by first parents (itself included). */
export type Branch = [id: string, label: string, size: number];

export function siteModel({ model, router }: { model: OntologyModel; router: Router }): SiteModel {
  // Each class's top-level class, following first parents (a cycle ends where it closes).
  const rootOf = new Map<string, ModelEntity>();
  const root = (entity: ModelEntity, seen: Set<string>): ModelEntity => {
    const known = rootOf.get(entity.iri);
    if (known !== undefined) return known;
    const parent =
      'sub_class_of' in entity.record
        ? entity.record.sub_class_of.map((iri) => model.entityByIri(iri)).find((found) => found && !seen.has(found.iri))
        : undefined;
    const result = parent ? root(parent, seen.add(entity.iri)) : entity;
    rootOf.set(entity.iri, result);
    return result;
  };
  for (const entity of model.entities) if (entity.kind === 'class') root(entity, new Set());
  const branchOf = new Map<string, string>();
  const sizes = new Map<ModelEntity, number>();
  for (const [iri, top] of rootOf) {
    branchOf.set(iri, top.record.label ?? top.id);
    sizes.set(top, (sizes.get(top) ?? 0) + 1);
  }
  const branches = [...sizes]
    .map(([top, size]): Branch => [top.id, top.record.label ?? top.id, size])
    .sort(([, a, one], [, b, other]) => other - one || (a < b ? -1 : a > b ? 1 : 0));
  const languages = [...new Set(model.entities.flatMap((entity) => ('translations' in entity.record ? Object.keys(entity.record.translations) : [])))].sort();
  const domainOf = new Map<string, ModelEntity[]>();
  const rangeOf = new Map<string, ModelEntity[]>();
  const subPropertiesOf = new Map<string, ModelEntity[]>();
  const index = (map: Map<string, ModelEntity[]>, iris: readonly string[], entity: ModelEntity) => {
    for (const iri of iris) {
      const list = map.get(iri);
      if (list) list.push(entity);
      else map.set(iri, [entity]);
    }
  };
  for (const entity of model.entities) {
    if ('sub_class_of' in entity.record) continue;
    index(domainOf, entity.record.domain, entity);
    index(rangeOf, entity.record.range, entity);
    index(subPropertiesOf, entity.record.sub_property_of, entity);
  }
  return { model, router, branchOf, branches, languages, domainOf, rangeOf, subPropertiesOf, trails: new Trails(model) };
}

export function summarizeSite({ model, languages, branches }: SiteModel): SiteSummary {
  return { title: model.info.title, description: model.info.description, baseIri: model.baseIri, counts: countByType(model), languages, branches };
}

/** The entity's JSON-LD, the same bytes as its `/{id}/jsonld` file, for embedding in its page. */
export function entityJsonLd(entity: ModelEntity): string {
  return emitJsonLd(buildNodeTree(entity.iri, entity.quads));
}

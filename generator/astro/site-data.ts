import { emitJsonLd } from '../emit/jsonld.ts';
import { buildNodeTree } from '../emit/node-tree.ts';
import type { LoadedModel } from '../generate-api.ts';
import type { ModelEntity, OntologyModel } from '../model/ontology-model.ts';
import type { Router } from '../route/router.ts';

/** What the site's pages read: the model, and lookups computed once for all 18,000 pages. */
export interface SiteData {
  model: OntologyModel;
  router: Router;
  byIri: Map<string, ModelEntity>;
  byId: Map<string, ModelEntity>;
  /** The top-level class each class descends from (first parents first), for the full-text filter. */
  branchOf: Map<string, string>;
  languages: string[];
}

// Astro bundles the pages apart from the integration, so a module-level variable would not be shared;
// a registered symbol on globalThis is, within the one build process.
const KEY = Symbol.for('folio-static-api.site-data');
type Holder = { [KEY]?: SiteData };

export function setSiteData({ model, router }: Pick<LoadedModel, 'model' | 'router'>): void {
  const byIri = new Map(model.entities.map((entity) => [entity.iri, entity]));
  const byId = new Map(model.entities.map((entity) => [entity.id, entity]));
  const branchOf = new Map<string, string>();
  const branch = (entity: ModelEntity, seen: Set<string>): string => {
    const known = branchOf.get(entity.iri);
    if (known !== undefined) return known;
    const parent =
      'sub_class_of' in entity.record ? entity.record.sub_class_of.map((iri) => byIri.get(iri)).find((found) => found && !seen.has(found.iri)) : undefined;
    const result = parent ? branch(parent, seen.add(entity.iri)) : (entity.record.label ?? entity.id);
    branchOf.set(entity.iri, result);
    return result;
  };
  for (const entity of model.entities) if (entity.kind === 'class') branch(entity, new Set());
  const languages = [...new Set(model.entities.flatMap((entity) => ('translations' in entity.record ? Object.keys(entity.record.translations) : [])))].sort();
  (globalThis as Holder)[KEY] = { model, router, byIri, byId, branchOf, languages };
}

export function siteData(): SiteData {
  const data = (globalThis as Holder)[KEY];
  if (!data) throw new Error('the site data is not set: pages render only through the static-api integration');
  return data;
}

/** The entity's JSON-LD, the same bytes as its `/{id}/jsonld` file, for embedding in its page. */
export function entityJsonLd(entity: ModelEntity): string {
  return emitJsonLd(buildNodeTree(entity.iri, entity.quads));
}

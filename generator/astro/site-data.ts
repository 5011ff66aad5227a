import type { Router } from '../route/router.ts';
import { siteModel, summarizeSite, type SiteModel, type SiteSummary } from '../site/site-model.ts';
import type { OntologyModel } from '../model/ontology-model.ts';

/** What the Astro pages read. */
export interface SiteData {
  router: Router;
  summary: SiteSummary;
  /** The model, where concept pages are rendered through Astro (the dev server); a build renders them on the API's thread. */
  model?: SiteModel;
}

// Astro bundles the pages apart from the integration, so a module-level variable would not be shared;
// a registered symbol on globalThis is, within the one build process.
const KEY = Symbol.for('folio-static-api.site-data');
type Holder = { [KEY]?: SiteData };

/** From the model in this thread (the dev server, tests). */
export function setSiteModel(loaded: { model: OntologyModel; router: Router }): void {
  const model = siteModel(loaded);
  (globalThis as Holder)[KEY] = { router: loaded.router, summary: summarizeSite(model), model };
}

/** From what the API's thread tells of its model (a build). */
export function setSiteSummary(router: Router, summary: SiteSummary): void {
  (globalThis as Holder)[KEY] = { router, summary };
}

export function siteData(): SiteData {
  const data = (globalThis as Holder)[KEY];
  if (!data) throw new Error('the site data is not set: pages render only through the static-api integration');
  return data;
}

/** The model, for the concept pages Astro renders (the dev server). */
export function siteModelData(): SiteModel {
  const { model } = siteData();
  if (!model) throw new Error('internal error: a build renders the concept pages on the API thread, not through Astro');
  return model;
}

import type { AstroUserConfig } from 'astro';
import type { BuildOptions } from '../config/options.ts';
import { Router } from '../route/router.ts';
import { staticApi, type StaticApiIntegrationOptions } from './integration.ts';

/** The Astro config for a build: `site` and `base` from the base URL, the API integration wired in. */
export function siteConfig(options: BuildOptions, integration: Omit<StaticApiIntegrationOptions, 'options'> = {}): AstroUserConfig {
  const router = new Router(options.baseUrl, options.host);
  return {
    site: router.origin,
    base: router.basePath === '' ? '/' : router.basePath,
    outDir: options.out,
    trailingSlash: 'ignore',
    // Renders the next pages while earlier ones are written: Astro writes each page through promises.
    build: { concurrency: 4, format: router.pageRoute.format },
    integrations: [staticApi({ ...integration, options })],
  };
}

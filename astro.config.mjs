// @ts-check
import { defineConfig } from 'astro/config';
import { resolveOptions } from './generator/config/options.ts';
import { siteConfig } from './generator/astro/site-config.ts';

// Options come from static-api.config.json; `npm run build -- --help` lists the command-line overrides.
export default defineConfig(siteConfig(resolveOptions({})));

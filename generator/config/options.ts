import { readFileSync } from 'node:fs';
import { OptionsError } from '../errors.ts';
import { HOSTS, isHostName, RESERVED_BRANCH_SEGMENTS, type HostName } from '../route/paths.ts';
import { CONFIG_FILE } from './config-file.js';

/** A branch of the taxonomy as configured (static-api.config.json's `branches`): see generator/live/branches.ts. */
export interface BranchSetting {
  /** Its key in `/taxonomy/branches`. */
  name: string;
  /** Its root class: an IRI, or an id under the base IRI. */
  root: string;
  /** Its URL, `/taxonomy/{segment}`; by default the name. */
  segment?: string;
  /** Other names a structured query's `branch` may give it. */
  aliases?: string[];
}

export interface BuildOptions {
  /** A file, a folder searched for *.owl, *.rdf, *.ttl, *.nt and *.nq, or an http(s) URL. */
  ontology: string;
  /** The output folder. */
  out: string;
  /** Where the site will be served, sub-path included. */
  baseUrl: string;
  /** The IRI whose children are published; by default the namespace of most declared terms (see findBaseIri). */
  baseIri?: string;
  /** The hosts the files are laid out for: ones that rewrite URLs, or GitHub Pages (files at the exact URLs). */
  host: HostName;
  /** Write only the API files, without the Astro site. */
  apiOnly: boolean;
  /** Pack each entity's formats into bundle files served by the Cloudflare worker (API only). */
  bundleEntities: boolean;
  /** Negotiate `/{id}` on Cloudflare Pages and Netlify too, where it makes every record read run code (nginx and CloudFront negotiate regardless). */
  negotiate: boolean;
  /** Build everything again, even where the previous build's cache would let an update rewrite only what an edit reaches. */
  full: boolean;
  /** After writing, follow every link into the site in every page and data file; broken ones fail the build. */
  checkLinks: boolean;
  /** Seconds an ontology named by URL may take to download, body included. */
  downloadTimeout: number;
  /** The taxonomy's branches (docs/live-api.md); by default FOLIO's 24 for FOLIO's namespace, else the top-level classes. */
  branches?: BranchSetting[];
}

export { CONFIG_FILE };

export const DEFAULT_OPTIONS: BuildOptions = {
  ontology: 'ontology',
  out: 'dist',
  baseUrl: 'http://localhost:4321/',
  host: 'rewriting',
  apiOnly: false,
  bundleEntities: false,
  negotiate: false,
  full: false,
  checkLinks: false,
  downloadTimeout: 120,
};

type OptionChecks = { [K in keyof BuildOptions]-?: (value: unknown) => string | undefined };

const isBoolean = (value: unknown): string | undefined => (typeof value === 'boolean' ? undefined : 'must be true or false');
const isText = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? undefined : 'must be a non-empty string');
const isHttpUrl = (value: unknown): string | undefined => {
  if (typeof value !== 'string' || !URL.canParse(value)) return 'must be an absolute URL such as https://example.org/folio/';
  return /^https?:$/.test(new URL(value).protocol) ? undefined : 'must start with http:// or https://';
};

// One schema for every way options arrive: the config file, the command line, the Astro integration.
const CHECKS: OptionChecks = {
  ontology: isText,
  out: isText,
  baseUrl: isHttpUrl,
  baseIri: (value) => (value === undefined ? undefined : (isHttpUrl(value) ?? (/[/#]$/.test(String(value)) ? undefined : 'must end with "/" or "#"'))),
  host: (value) => (isHostName(value) ? undefined : `must be one of ${HOSTS.join(', ')}`),
  apiOnly: isBoolean,
  bundleEntities: isBoolean,
  negotiate: isBoolean,
  full: isBoolean,
  checkLinks: isBoolean,
  downloadTimeout: (value) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 3600 ? undefined : 'must be a number of seconds from 0 to 3600',
  branches: (value) => (value === undefined ? undefined : branchesProblem(value)),
};

const SEGMENT = /^[a-z0-9][a-z0-9_-]{0,59}$/;

/** What is wrong with a branch table, or undefined: a list of {name, root, segment?, aliases?}, segments unique and none of the site's. */
function branchesProblem(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return 'must be a list of branches, each {"name": …, "root": …}';
  const segments = new Set<string>();
  for (const [at, branch] of value.entries()) {
    const where = `branch ${at + 1}`;
    if (typeof branch !== 'object' || branch === null) return `${where} must be an object {"name": …, "root": …}`;
    const { name, root, segment, aliases, ...rest } = branch as Record<string, unknown>;
    if (Object.keys(rest).length > 0) return `${where} has unknown keys ${Object.keys(rest).join(', ')} (known: name, root, segment, aliases)`;
    if (isText(name) || isText(root)) return `${where} needs a "name" and a "root" (an IRI, or an id under the base IRI)`;
    const path = segment ?? name;
    if (typeof path !== 'string' || !SEGMENT.test(path))
      return `${where}'s segment ${JSON.stringify(path)} must be lower-case letters, digits, "_" or "-" (at most 60), starting with a letter or digit`;
    if (RESERVED_BRANCH_SEGMENTS.includes(path)) return `${where}'s segment "${path}" is a URL of the site's own (/taxonomy/${path})`;
    if (segments.has(path)) return `${where}'s segment "${path}" is another branch's too`;
    segments.add(path);
    if (aliases !== undefined && (!Array.isArray(aliases) || aliases.some((alias) => isText(alias)))) return `${where}'s aliases must be a list of names`;
  }
  return undefined;
}

/** Merges defaults, the config file and the given options (later wins), and checks the result. */
export function resolveOptions(given: Partial<BuildOptions>, fromFile: Partial<BuildOptions> = readConfigFile()): BuildOptions {
  const merged: Record<string, unknown> = { ...DEFAULT_OPTIONS, ...fromFile, ...withoutUndefined(given) };
  for (const key of Object.keys(merged)) {
    const check = CHECKS[key as keyof BuildOptions];
    if (!check) throw new OptionsError(`unknown option "${key}"`, `known options: ${Object.keys(CHECKS).join(', ')}`);
    const problem = check(merged[key]);
    if (problem) throw new OptionsError(`option ${key} ${problem} (got ${JSON.stringify(merged[key])})`);
  }
  if (merged.bundleEntities === true && merged.apiOnly !== true) {
    throw new OptionsError("bundleEntities needs apiOnly: the site's concept pages are files of their own", 'add --api-only');
  }
  if (merged.bundleEntities === true && merged.host !== 'rewriting') {
    throw new OptionsError(
      `bundleEntities is for Cloudflare Pages, whose worker reads the bundles; host ${String(merged.host)} runs no code`,
      'drop --bundle-entities, or build with --host rewriting for Cloudflare',
    );
  }
  if (merged.negotiate === true && merged.host !== 'rewriting') {
    throw new OptionsError(
      `negotiate is for Cloudflare Pages and Netlify, whose code can answer /{id}; host ${String(merged.host)} runs no code`,
      'drop --negotiate, or build with --host rewriting',
    );
  }
  return merged as unknown as BuildOptions;
}

export function readConfigFile(path: string = CONFIG_FILE): Partial<BuildOptions> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  try {
    return JSON.parse(text) as Partial<BuildOptions>;
  } catch (error) {
    throw new OptionsError(`${path}: not valid JSON (${(error as Error).message})`, 'fix or delete the file');
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

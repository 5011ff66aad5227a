import { parseArgs } from 'node:util';
import type { BuildOptions } from '../config/options.ts';
import { OptionsError } from '../errors.ts';

export const USAGE = `Usage: npm run build -- [options]

  --ontology <file|folder|url>  ontology to publish: an .owl/.rdf/.xml (RDF/XML), .ttl, .nt or .nq file,
                                a folder searched for them, or an http(s) URL   (default: ontology/)
  --out <folder>                output folder                                   (default: dist/)
  --base-url <url>              where the site is served, sub-path included     (default: from static-api.config.json)
  --base-iri <iri>              publish entities under this IRI (ending in / or #)
                                (default: the namespace of most declared classes and properties)
  --host <rewriting|github-pages>
                                lay the files out for hosts that rewrite URLs or run code (Cloudflare
                                Pages, Netlify, nginx, S3, Vercel), or for GitHub Pages: every URL a file
                                at exactly its path, no redirect                 (default: rewriting)
  --api-only                    write the API files only, without the Astro site
  --bundle-entities             with --api-only: pack the entities' formats into bundle files that the
                                Cloudflare worker serves, to fit Cloudflare Pages' 20,000-file limit
  --negotiate                   answer /{id} in the format the Accept header asks for on Cloudflare Pages
                                and Netlify too, where every record read then runs code (nginx, CloudFront
                                and --bundle-entities negotiate without it)
  --full                        build everything again, without updating the previous output in place
                                (an update is checked to equal a full build; this is for when in doubt)
  --download-timeout <seconds>  how long an ontology URL may take to download   (default: 120)
  --check-links                 after writing, follow every link into the site from every page and data
                                file (records, JSON-LD, XML, Markdown); any broken one fails the build
  --stop-server                 stop the build server that keeps this installation's API updates warm
                                (it stops by itself after 15 idle minutes; FOLIO_BUILD_SERVER=0 starts none)
  --help                        show this help`;

export interface ParsedArgs {
  help: boolean;
  options: Partial<BuildOptions>;
}

export function parseBuildArgs(argv: string[]): ParsedArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        ontology: { type: 'string' },
        out: { type: 'string' },
        'base-url': { type: 'string' },
        'base-iri': { type: 'string' },
        host: { type: 'string' },
        'api-only': { type: 'boolean' },
        'bundle-entities': { type: 'boolean' },
        negotiate: { type: 'boolean' },
        'check-links': { type: 'boolean' },
        full: { type: 'boolean' },
        'download-timeout': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new OptionsError((error as Error).message, 'run `npm run build -- --help` for the options');
  }
  return {
    help: values.help === true,
    options: {
      ontology: values.ontology as string | undefined,
      out: values.out as string | undefined,
      baseUrl: values['base-url'] as string | undefined,
      baseIri: values['base-iri'] as string | undefined,
      host: values.host as BuildOptions['host'] | undefined,
      apiOnly: values['api-only'] as boolean | undefined,
      bundleEntities: values['bundle-entities'] as boolean | undefined,
      negotiate: values.negotiate as boolean | undefined,
      checkLinks: values['check-links'] as boolean | undefined,
      full: values.full as boolean | undefined,
      downloadTimeout: values['download-timeout'] === undefined ? undefined : Number(values['download-timeout']),
    },
  };
}

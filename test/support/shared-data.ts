import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SAMPLE_ONTOLOGY = join(REPO_ROOT, 'ontology');
/** W3C PROV-O as the @vocabulary/prov package ships it (N-Quads): a public vocabulary from the npm registry. */
export const PROV_O = join(REPO_ROOT, 'node_modules/@vocabulary/prov/prov.nq');
const SHARED_ONTOLOGY = resolve(REPO_ROOT, '../shared/ontology');
export const EXCERPT = join(SHARED_ONTOLOGY, 'folio-excerpt.owl');
export const UPSTREAM = join(SHARED_ONTOLOGY, 'upstream');
/** The live service's own answers to its read URLs, over the excerpt with FOLIO's branch roots added (see its README). */
export const LIVE_API = join(SHARED_ONTOLOGY, 'live-api');
export const ROOTED_EXCERPT = join(LIVE_API, 'folio-excerpt-rooted.owl');

/** The real FOLIO excerpt lives beside the repo, not in it (CC-BY data); a user's own clone may not have it. */
export const hasShared = existsSync(EXCERPT) && existsSync(UPSTREAM);

if (!hasShared) {
  process.stderr.write(`\nNOTICE: ${SHARED_ONTOLOGY} is absent: tests on the real FOLIO excerpt are skipped; the rest run on the repo's sample.\n\n`);
}

/** One recorded request of the live service: the URL path with its query, and its status and JSON body. */
export interface LiveRequest {
  request: string;
  status: number;
  body: unknown;
}

export function readLiveRequests(): LiveRequest[] {
  return readFileSync(join(LIVE_API, 'requests.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LiveRequest);
}

export interface UpstreamEntity {
  id: string;
  record: Record<string, unknown>;
  markdown?: string;
}

export function readUpstream(): UpstreamEntity[] {
  return readdirSync(UPSTREAM)
    .sort()
    .map((id) => {
      const markdownPath = join(UPSTREAM, id, 'markdown.md');
      return {
        id,
        record: JSON.parse(readFileSync(join(UPSTREAM, id, 'record.json'), 'utf8')) as Record<string, unknown>,
        markdown: existsSync(markdownPath) ? readFileSync(markdownPath, 'utf8') : undefined,
      };
    });
}

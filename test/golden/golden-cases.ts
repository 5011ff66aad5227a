import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { generateApi, type ApiBuild } from '../../generator/generate-api.ts';
import { DOWNLOADS, type Format } from '../../generator/route/router.ts';
import { REPO_ROOT, SAMPLE_ONTOLOGY } from '../support/shared-data.ts';

export const GOLDEN_DIR = join(REPO_ROOT, 'test/golden/files');
export const GOLDEN_BASE_URL = 'https://api.example.org/folio/';

/** Sample entities chosen for what they exercise in each emitter. */
export const GOLDEN_IDS: Record<string, string> = {
  Rz3A0GIer4dhJniP3YuQVBm: 'deprecated class: boolean datatype, sameAs restriction, history note',
  RSNhlUVbMWZc7bs6xkOE0ZO: 'translations, two altLabels in one language, children',
  R9TXHLu732HqEyJ9QSGaKV: 'hidden label before alt labels, identifier',
  Rfz98YJV0hsJMdP7Fzg8EV: 'annotations added by a trailing rdf:Description block',
  RzngXNIslKgG6AhZ1z1oHSt: 'a hidden label merged in from the Turtle file',
  Rk5VRPb2X30jxIJAdvZ2HL: 'object property with domain, range and inverseOf',
};

export const GOLDEN_FILE_BY_FORMAT: Record<Format, string> = {
  json: 'record.json',
  jsonld: 'jsonld.json',
  xml: 'rdf.xml',
  ttl: 'turtle.ttl',
  nt: 'triples.nt',
  markdown: 'markdown.md',
};

export const GOLDEN_SITE_FILES = ['_headers', '_redirects', '404.html'];

export function goldenBuild(): Promise<ApiBuild> {
  return generateApi({ ontology: SAMPLE_ONTOLOGY, baseUrl: GOLDEN_BASE_URL });
}

/** Golden file path → the bytes the emitters produce for it now. */
export async function currentGoldenFiles(): Promise<Map<string, string>> {
  const build = await goldenBuild();
  const emitted = new Map(build.files.map((file) => [file.path, file.contents]));
  const result = new Map<string, string>();
  for (const id of Object.keys(GOLDEN_IDS)) {
    for (const [format, name] of Object.entries(GOLDEN_FILE_BY_FORMAT) as [Format, string][]) {
      result.set(`${id}/${name}`, emitted.get(build.router.filePath(id, format)) ?? '');
    }
  }
  for (const name of GOLDEN_SITE_FILES) result.set(`site/${name}`, emitted.get(name) ?? '');
  // The whole-ontology downloads, gunzipped: their text is the emitters'; their gzip framing, zlib's.
  const bytes = new Map(build.files.map((file) => [file.path, file.encoded]));
  for (const { path } of DOWNLOADS) result.set(`downloads/${basename(path, '.gz')}`, gunzipSync(bytes.get(path) ?? new Uint8Array()).toString('utf8'));
  return result;
}

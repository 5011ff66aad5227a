import { gunzipSync } from 'node:zlib';
import { Parser } from 'n3';
import { DOWNLOAD_CONTENT_TYPE, DOWNLOADS } from '../route/router.ts';
import { cors, type RecordCheck } from './check-result.ts';
import { mediaType, parseJson, type FetchLike } from './probe.ts';

/**
 * The whole-ontology downloads: each 200 with CORS and gzip's type, and, gunzipped, a document of its format
 * (the N-Triples and Turtle ones parsed here, and their triples counted: the two must agree).
 */
export async function checkDownloads(base: string, fetchImpl: FetchLike, origin: string, record: RecordCheck, pages: boolean): Promise<void> {
  const counts = new Map<string, number>();
  for (const { format, path } of DOWNLOADS) {
    const response = await fetchImpl(`${base}/${path}`, { redirect: 'manual', headers: { Origin: origin } });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = gunzipped(bytes);
    const triples = text === undefined ? undefined : countTriples(format, text);
    if (triples !== undefined) counts.set(format, triples);
    const type = pages ? '' : ` ${mediaType(response.headers)}`;
    const readable = text !== undefined && looksLike(format, text) && triples !== 0;
    record(
      `download: ${format}`,
      `/${path}`,
      `200${pages ? '' : ` ${DOWNLOAD_CONTENT_TYPE}`}, CORS *, gzip of ${format}`,
      `${response.status}${type}${cors({ status: response.status, headers: response.headers, body: '' })}${readable ? `, gzip of ${format}` : ''}`,
      pages ? { note: `served as ${mediaType(response.headers)}` } : {},
    );
  }
  const [nt, ttl] = [counts.get('nt'), counts.get('ttl')];
  const same = nt !== undefined && nt === ttl;
  record(
    'downloads: the same triples',
    `/${DOWNLOADS[0].path}`,
    'as many triples in N-Triples as in Turtle',
    same ? 'as many triples in N-Triples as in Turtle' : `${nt} and ${ttl}`,
  );
}

function gunzipped(bytes: Uint8Array): string | undefined {
  try {
    return gunzipSync(bytes).toString('utf8');
  } catch {
    return undefined;
  }
}

/** The triples a Turtle or N-Triples text holds (undefined for the other formats, or where it does not parse). */
function countTriples(format: string, text: string): number | undefined {
  if (format !== 'nt' && format !== 'ttl') return undefined;
  try {
    return new Parser({ format: format === 'nt' ? 'N-Triples' : 'Turtle' }).parse(text).length;
  } catch {
    return 0;
  }
}

function looksLike(format: string, text: string): boolean {
  if (format === 'xml') return text.startsWith('<?xml') && text.includes('<rdf:RDF');
  if (format === 'jsonld') return Array.isArray(parseJson(text));
  return true;
}

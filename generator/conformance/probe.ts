import { Parser } from 'n3';
import { UserError } from '../errors.ts';
import { mediaTypeOf } from '../route/paths.ts';

/** One HTTP exchange as the conformance checks see it: no redirect is followed, the body is read as text. */
export interface Probe {
  status: number;
  headers: Headers;
  body: string;
}

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export async function probe(fetchImpl: FetchLike, url: string, init: RequestInit = {}): Promise<Probe> {
  const response = await fetchImpl(url, { redirect: 'manual', ...init }).catch((error: unknown) => {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new UserError(`cannot reach ${url}: ${cause}`, 'check the base URL and that the site is being served');
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The media type without parameters: `text/markdown; charset=utf-8` → `text/markdown`. */
export function mediaType(headers: Headers): string {
  return mediaTypeOf(headers.get('content-type') ?? '(none)');
}

/** Whether a Turtle or N-Triples body parses and states something about the IRI ending in `/{id}` or `#{id}`. */
export function statesAbout(body: string, format: 'ttl' | 'nt', id: string): boolean {
  try {
    const quads = new Parser({ format: format === 'ttl' ? 'Turtle' : 'N-Triples' }).parse(body);
    return quads.some(({ subject }) => subject.termType === 'NamedNode' && (subject.value.endsWith(`/${id}`) || subject.value.endsWith(`#${id}`)));
  } catch {
    return false;
  }
}

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

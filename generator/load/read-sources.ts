import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { resolve, relative, extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SourceNotFoundError, UserError } from '../errors.ts';
import { download } from './download.ts';
import { DEFAULT_OPTIONS } from '../config/options.ts';
import type { N3Format } from './parse-n3.ts';
import type { SourceCopier, SourceCopy } from './file-bytes.ts';

export type SourceFormat = 'rdfxml' | N3Format;

export interface SourceText {
  /** What errors and the summary call this source: a path relative to the working folder, or the URL. */
  name: string;
  /** Base IRI for relative references inside the document. */
  baseIRI: string;
  format: SourceFormat;
  /** The document; read from a file, decoded only when first asked for (an update parses few of its blocks). */
  readonly text: string;
  /** The file's bytes, when read from a file: what blocks are cut from and hashed, undecoded (read from its copy, if any, when first asked for). */
  readonly bytes?: Buffer;
  /** The file's copy beside the cache, made before it was read: what an update compares a stretch at a time (see recutSource). */
  readonly copy?: SourceCopy;
}

const FORMAT_BY_EXTENSION: Record<string, SourceFormat> = {
  '.owl': 'rdfxml',
  '.rdf': 'rdfxml',
  '.xml': 'rdfxml',
  '.ttl': 'turtle',
  '.nt': 'ntriples',
  '.nq': 'nquads',
};

export const ONTOLOGY_GLOB = '**/*.{owl,rdf,ttl,nt,nq}';

/** Whether `--ontology` names a URL to download rather than a file or folder. */
export function isUrl(input: string): boolean {
  return /^https?:\/\//i.test(input);
}

/**
 * Reads every ontology document named by `input`: a file, a folder (searched recursively) or an http(s) URL.
 * `copy`: copies each RDF/XML file beside the cache first, and the build reads the copy (the same bytes the next
 * build compares with, even if the file changes meanwhile).
 */
export async function readSources(
  input: string,
  log: (line: string) => void = () => {},
  downloadTimeout = DEFAULT_OPTIONS.downloadTimeout,
  copy?: SourceCopier,
): Promise<SourceText[]> {
  if (isUrl(input)) return [await readUrl(input, log, downloadTimeout)];
  const path = resolve(input);
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new SourceNotFoundError(`ontology not found: ${input}`, 'pass --ontology <file|folder|url>');
  if (info.isFile()) return [await readFileSource(path, formatOfPath(path, input), copy)];
  // Loaded only for a folder: most builds read one file, and a rebuild's start-up counts.
  const { default: glob } = await import('fast-glob');
  const files = (await glob(ONTOLOGY_GLOB, { cwd: path, absolute: true, onlyFiles: true })).sort();
  if (files.length === 0) {
    throw new SourceNotFoundError(`no *.owl, *.rdf, *.ttl, *.nt or *.nq files under ${input}`, 'add an ontology file or pass --ontology <file|url>');
  }
  return Promise.all(files.map((file) => readFileSource(file, formatOfPath(file, file), copy)));
}

function formatOfPath(path: string, shown: string): SourceFormat {
  const format = FORMAT_BY_EXTENSION[extname(path).toLowerCase()];
  if (!format) {
    throw new UserError(`unknown ontology file type: ${shown}`, 'use .owl, .rdf or .xml for RDF/XML, .ttl for Turtle, .nt for N-Triples and .nq for N-Quads');
  }
  return format;
}

async function readFileSource(path: string, format: SourceFormat, copier?: SourceCopier): Promise<SourceText> {
  // An RDF/XML file is copied by the system and read from the copy only where a stretch is cut again (an update).
  // A copy that cannot be made leaves the file read as it is (and the cache's own write to report the folder).
  const copy = copier && format === 'rdfxml' ? await copier(path).catch(() => undefined) : undefined;
  let bytes = copy ? undefined : await readFile(path);
  let text: string | undefined;
  const source = {
    name: displayPath(path),
    baseIRI: pathToFileURL(path).href,
    format,
    get text() {
      return (text ??= this.bytes.toString('utf8'));
    },
    get bytes() {
      return (bytes ??= readFileSync(copy?.path ?? path));
    },
  };
  // Not enumerable, so a copy given other text ({ ...source, text }) does not keep these bytes.
  Object.defineProperty(source, 'bytes', { enumerable: false });
  return copy ? Object.defineProperty(source, 'copy', { value: copy, enumerable: false }) : source;
}

// Paths inside the working folder are shown relative to it, others in full.
function displayPath(path: string): string {
  const shown = relative(process.cwd(), path);
  return shown === '' || shown.startsWith('..') ? path : shown;
}

async function readUrl(url: string, log: (line: string) => void, timeoutSeconds: number): Promise<SourceText> {
  const { text, contentType } = await download(url, log, timeoutSeconds);
  const byType = /turtle/i.test(contentType) ? 'turtle' : /n-triples/i.test(contentType) ? 'ntriples' : /n-quads/i.test(contentType) ? 'nquads' : undefined;
  const byPath = FORMAT_BY_EXTENSION[extname(new URL(url).pathname).toLowerCase()];
  return { name: url, baseIRI: url, format: byType ?? byPath ?? 'rdfxml', text };
}

import { hash } from 'node:crypto';
import { checkEntityDeclarations } from './check-entities.ts';
import type { SourceText } from './read-sources.ts';

/**
 * A document as blocks are cut from it. Read from a file, `view` shows its bytes one character each: markup
 * is ASCII, and no byte of a longer UTF-8 character is, so what a scan finds lies at the same byte offsets,
 * and only the pieces parsed are decoded. Otherwise `view` is the text itself.
 */
export interface DocumentUnits {
  view: string;
  /** The text between two offsets of `view`. */
  text(start: number, end: number): string;
  /** Hash of the UTF-8 between two offsets, the same whichever way the document came. */
  digest(start: number, end: number): string;
}

export function documentUnits(source: SourceText): DocumentUnits {
  const { bytes } = source;
  if (!bytes) {
    const text = source.text;
    return { view: text, text: (start, end) => text.slice(start, end), digest: (start, end) => hash('sha1', text.slice(start, end), 'base64url') };
  }
  return {
    view: bytes.toString('latin1'),
    text: (start, end) => bytes.toString('utf8', start, end),
    digest: (start, end) => digestBytes(bytes, start, end),
  };
}

/** A block's hash, from the file's bytes. */
export function digestBytes(bytes: Uint8Array, start: number, end: number): string {
  return hash('sha1', bytes.subarray(start, end), 'base64url');
}

/**
 * checkEntityDeclarations on the view (byte counts stand for character counts there); a refusal is
 * reported from the decoded text, so its line, column and entity name are the file's own.
 */
export function checkDocumentEntities(units: DocumentUnits, source: SourceText): void {
  try {
    checkEntityDeclarations(units.view, source.name);
  } catch (error) {
    if (source.bytes) checkEntityDeclarations(source.text, source.name);
    throw error;
  }
}

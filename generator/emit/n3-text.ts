// Text from n3's writer, as every emitter of Turtle and N-Triples takes it: escaped for HTML too, and whole.
import type { Writer } from 'n3';

// n3's own escapes (Turtle's; canonical N-Triples'), and "<": a literal's text then never opens a tag, so a file a
// host sends as HTML runs nothing, as JSON's \u003c and the XML and Markdown entities already ensure. `test` finds
// whether a text needs any, `all` each character (a pair of surrogates as one) that n3's replacer then escapes.
export const TURTLE_ESCAPES = {
  test: /["\\\t\n\r\b\f\u0000-\u0019<\ud800-\udbff]/,
  all: /["\\\t\n\r\b\f\u0000-\u0019<]|[\ud800-\udbff][\udc00-\udfff]/g,
};
export const N_TRIPLES_ESCAPES = { test: /[^ !#-;=-[\]-~\u0080-\uFFFD]/, all: /[^ !#-;=-[\]-~\u0080-\uFFFD]/g };

/**
 * The writer, escaping "<" too (as \u003c, or \u003C in N-Triples): n3's writer reads its escapes from these two fields
 * (test/site-browser.test.ts fails if a later n3 reads others: a literal's "<script>" would show).
 */
export function escapingAngles(writer: Writer, { test, all }: { test: RegExp; all: RegExp }): Writer {
  return Object.assign(writer, { _escape: test, _escapeAll: all });
}

/** The writer's text: with no output stream given, n3's writer hands it to `end`'s callback before returning. */
export function ended(writer: Writer): string {
  let text: string | undefined;
  writer.end((error: Error | null, result: string) => {
    if (error) throw error;
    text = result;
  });
  if (text === undefined) throw new Error("n3's writer did not end synchronously");
  return text;
}

/**
 * N-Triples text with each escaped backslash (`\\`) written as `\u005C`, which N-Triples takes alike: rdflib 6's
 * N-Triples parser (Debian's) reads `\\n` as a backslash and a line break, not a backslash and "n" (schema.org's
 * comments hold such text), where it reads `\u005Cn` right. Every backslash in n3's output starts an escape, and
 * only the escape `\\` has a backslash second, so the pairs found left to right are exactly those escapes.
 */
export function codePointBackslashes(text: string): string {
  return text.includes('\\\\') ? text.replaceAll('\\\\', '\\u005C') : text;
}

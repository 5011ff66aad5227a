// libxml2 (Debian's xmllint, installed by .ci/run): an XML parser independent of the one the generator reads with,
// to hold RDF/XML to what every conformant parser reads, not only to what the library that wrote it reads back.
import { spawnSync } from 'node:child_process';

export const hasXmllint = spawnSync('xmllint', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasXmllint) console.warn('skipped: xmllint (Debian libxml2-utils) is not installed, so RDF/XML is not read by libxml2 here');

/**
 * The document as libxml2 reads it, written back as canonical XML (every character it keeps escaped where XML
 * would normalize it), so that any other parser reads exactly what libxml2 read; throws where libxml2 refuses it.
 */
export function readByLibxml2(xml: string): string {
  const run = spawnSync('xmllint', ['--c14n', '-'], { input: xml, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`libxml2 refuses the document: ${run.stderr.trim()}`);
  return run.stdout;
}

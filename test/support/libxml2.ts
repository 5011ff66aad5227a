// libxml2 (Debian's xmllint, installed by .ci/run): an XML parser independent of the one the generator reads with,
// to hold RDF/XML to what every conformant parser reads, not only to what the library that wrote it reads back.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const hasXmllint = spawnSync('xmllint', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasXmllint) console.warn('skipped: xmllint (Debian libxml2-utils) is not installed, so RDF/XML is not read by libxml2 here');

// One shell runs xmllint on each file, each output followed by NUL, its exit status and NUL (canonical XML holds no
// NUL): a process started from a small shell costs a few milliseconds, one started from a test's process 30-40 ms.
const EACH_FILE = 'for file in "$@"; do xmllint --c14n "$file"; printf "\\0%s\\0" "$?"; done';

/**
 * Each document as libxml2 reads it, written back as canonical XML (every character it keeps escaped where XML
 * would normalize it), so that any other parser reads exactly what libxml2 read; throws, naming the first
 * document libxml2 refuses, if it refuses any.
 */
export function readAllByLibxml2(documents: readonly string[]): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'libxml2-'));
  try {
    const files = documents.map((xml, at) => {
      const file = join(folder, `${at}.xml`);
      writeFileSync(file, xml);
      return file;
    });
    const run = spawnSync('sh', ['-c', EACH_FILE, 'sh', ...files], { encoding: 'utf8', maxBuffer: 1 << 28 });
    if (run.status !== 0) throw new Error(`the shell running xmllint failed: ${run.stderr.trim()}`);
    const parts = run.stdout.split('\0');
    return documents.map((_, at) => {
      const [canonical, status] = [parts[2 * at], parts[2 * at + 1]];
      if (status !== '0') throw new Error(`libxml2 refuses document ${at + 1} of ${documents.length}: ${run.stderr.trim()}`);
      return canonical;
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** readAllByLibxml2 of one document. */
export function readByLibxml2(xml: string): string {
  return readAllByLibxml2([xml])[0];
}

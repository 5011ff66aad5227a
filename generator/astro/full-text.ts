import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { FULL_TEXT_FOLDER } from '../route/paths.ts';

const MAX_FRAGMENT_FILES = 1000;

/** Pagefind at work on the concept pages. */
export interface PagesIndexing {
  /** Waits for the index (written beside the pages) and returns the number of pages in it. */
  finish(): Promise<number>;
  /** Stops Pagefind; what it wrote is left to the caller. */
  cancel(): Promise<void>;
}

/**
 * Starts Pagefind's command over the concept pages (labels and definitions), the files `pagesGlob` matches,
 * once they are all written; it reads and indexes them in a process of its own while this one goes on.
 * Not Pagefind's Node service: handed each page, it looks each up among those added before (18,500² comparisons,
 * measured 7.6-8 CPU-seconds against 4.1); handed the folder, it builds the index twice when asked to write it.
 */
export async function startIndexingPages(siteFolder: string, pagesGlob: string): Promise<PagesIndexing> {
  const output = join(siteFolder, FULL_TEXT_FOLDER);
  const args = ['--site', siteFolder, '--glob', pagesGlob, '--output-path', output, '--max-fragments', String(MAX_FRAGMENT_FILES), '--silent'];
  // Run in the site folder, without PAGEFIND_ variables: the command would read a configuration file or variable of the user's.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAGEFIND_')));
  const child = spawn(await pagefindBinary(), args, { cwd: siteFolder, env, stdio: ['ignore', 'ignore', 'pipe'], windowsHide: true });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`pagefind: ${signal ? `stopped by ${signal}` : `exit status ${code}`}${stderr ? `: ${stderr.trim()}` : ''}`)),
    );
  });
  // Settled in finish; a cancelled index's failure is of no interest.
  exited.catch(() => {});
  // Until it is waited for, it does not keep this process alive, and it ends with it (a failed build does not wait).
  const stop = () => child.kill();
  process.once('exit', stop);
  child.unref();
  (child.stderr as Socket).unref();
  return {
    async finish() {
      child.ref();
      (child.stderr as Socket).ref();
      try {
        await exited;
      } finally {
        process.off('exit', stop);
      }
      return indexedPages(output);
    },
    async cancel() {
      process.off('exit', stop);
      child.kill();
      await exited.catch(() => {});
    },
  };
}

/** The page count Pagefind's entry file gives for each language, summed. */
function indexedPages(output: string): number {
  const entry = JSON.parse(readFileSync(join(output, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
  return Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
}

/** The binary the pagefind package runs (its extended build when installed), found by the package's own function. */
async function pagefindBinary(): Promise<string> {
  const module = (await import(new URL('./resolveBinary.js', import.meta.resolve('pagefind')).href)) as { resolveBinaryPath(names: string[]): string };
  return module.resolveBinaryPath(['pagefind_extended', 'pagefind']);
}

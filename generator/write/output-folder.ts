import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * A build writes into a fresh folder beside the target and swaps it in only when complete, so a failed or
 * interrupted build leaves the previous output whole (and still serving).
 */
export class OutputFolder {
  readonly target: string;
  readonly staging: string;

  constructor(out: string) {
    this.target = resolve(out);
    mkdirSync(dirname(this.target), { recursive: true });
    this.staging = mkdtempSync(join(dirname(this.target), `.${basename(this.target)}.building-`));
  }

  /** Puts the finished build in place of the previous one, which is then deleted in the background. */
  commit(): void {
    const previous = existsSync(this.target) ? this.staging.replace(/\.building-(?=[^/\\]*$)/, '.previous-') : undefined;
    if (previous) renameSync(this.target, previous);
    renameSync(this.staging, this.target);
    // Deleting 100,000 files takes seconds the user need not wait for; a detached process outlives this one.
    if (previous) spawn(process.execPath, ['-e', 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })', previous], { detached: true, stdio: 'ignore' }).unref();
  }

  /** Drops the unfinished build. */
  discard(): void {
    rmSync(this.staging, { recursive: true, force: true });
  }
}

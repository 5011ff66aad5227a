import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
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
    // Not mkdtemp: its folder is private (0700), and this one becomes the site a web server reads.
    this.staging = join(dirname(this.target), `.${basename(this.target)}.building-${randomBytes(6).toString('hex')}`);
    mkdirSync(this.staging);
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

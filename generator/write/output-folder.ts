import { spawn } from 'node:child_process';
import { escapeRegExp } from '../text/escape-regexp.ts';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * A build writes into a fresh folder beside the target and swaps it in only when complete, so a failed or
 * interrupted build leaves the previous output whole (and still serving). The working folder's name
 * carries the build's process id, so a later build can tell a killed build's leftovers from a running one.
 */
export class OutputFolder {
  readonly target: string;
  readonly staging: string;

  constructor(out: string) {
    this.target = resolve(out);
    const parent = dirname(this.target);
    mkdirSync(parent, { recursive: true });
    removeLeftovers(parent, basename(this.target));
    // Not mkdtemp: its folder is private (0700), and this one becomes the site a web server reads.
    this.staging = join(parent, `.${basename(this.target)}.building-${process.pid}-${randomBytes(4).toString('hex')}`);
    mkdirSync(this.staging);
  }

  /** Puts the finished build in place of the previous one, which is then deleted in the background. */
  commit(): void {
    const previous = existsSync(this.target) ? this.staging.replace(/\.building-(?=[^/\\]*$)/, '.previous-') : undefined;
    if (previous) renameSync(this.target, previous);
    renameSync(this.staging, this.target);
    if (previous) removeInBackground(previous);
  }

  /** Drops the unfinished build. */
  discard(): void {
    rmSync(this.staging, { recursive: true, force: true });
  }
}

/** Working folders of builds of `out` that were killed midway, and previous outputs whose deletion was cut short. */
export function removeBuildLeftovers(out: string): void {
  const target = resolve(out);
  removeLeftovers(dirname(target), basename(target));
}

function removeLeftovers(parent: string, name: string): void {
  const pattern = new RegExp(`^\\.${escapeRegExp(name)}\\.(building|previous)-(\\d+)-[0-9a-f]+$`);
  for (const entry of readdirSync(parent)) {
    const match = pattern.exec(entry);
    if (match && (match[1] === 'previous' || !isRunning(Number(match[2])))) removeInBackground(join(parent, entry));
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Deleting 100,000 files takes seconds the user need not wait for; a detached process outlives this one.
function removeInBackground(path: string): void {
  spawn(process.execPath, ['-e', 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })', path], { detached: true, stdio: 'ignore' }).unref();
}

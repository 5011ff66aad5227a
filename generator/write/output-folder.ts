import { spawn } from 'node:child_process';
import { escapeRegExp } from '../text/escape-regexp.ts';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { FORMATS_FOLDER, MANIFEST_FILE, OPENAPI_FILE, SEARCH_FOLDER } from '../route/router.ts';
import { INDEX_FILE } from '../search/core/search-core.js';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { OptionsError } from '../errors.ts';

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

/**
 * Refuses an output folder the build would destroy something by replacing: the file system's root, a file,
 * a folder of other files than an earlier build's, or a folder holding any of `kept` (the working folder,
 * the ontology, this package), each named for the message.
 */
export function checkOutputTarget(out: string, kept: Readonly<Record<string, string>>): void {
  const target = resolve(out);
  if (dirname(target) === target)
    throw new OptionsError(`refusing to write the output to ${target}: it is the file system's root`, 'choose an output folder of its own, such as dist');
  const held = heldBy(target, kept);
  if (held)
    throw new OptionsError(
      `refusing to write the output to ${target}: the build replaces that folder whole, and it holds ${held}`,
      'choose an output folder of its own, such as dist',
    );
  const existing = statSync(target, { throwIfNoEntry: false });
  if (existing && !existing.isDirectory())
    throw new OptionsError(`refusing to write the output to ${target}: it is a file`, 'choose an output folder, such as dist');
  // An earlier build: its manifest, or for builds older than manifests, the API's own files.
  const earlierBuild =
    existing !== undefined &&
    [[MANIFEST_FILE], [OPENAPI_FILE, FORMATS_FOLDER, `${SEARCH_FOLDER}/${INDEX_FILE}`]].some((marks) => marks.every((mark) => existsSync(join(target, mark))));
  // Listed only when it holds no earlier build: a build's folder holds a folder per entity.
  const foreign = existing && !earlierBuild ? readdirSync(target).filter((name) => name !== '.git') : [];
  if (foreign.length > 0) {
    throw new OptionsError(
      `refusing to write the output to ${target}: the build replaces that folder whole, and it holds files (${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}) but no earlier build (${MANIFEST_FILE})`,
      'empty that folder or choose another, such as dist',
    );
  }
}

/** Which of `kept` (name → path) a folder is or holds, if any: replacing or emptying the folder would destroy it. */
export function heldBy(folder: string, kept: Readonly<Record<string, string>>): string | undefined {
  const target = resolve(folder);
  return Object.entries(kept).find(([, path]) => {
    const inside = relative(target, resolve(path));
    return inside === '' || !(inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside));
  })?.[0];
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

/** Whether process `pid` is alive: one of another user's refuses the signal (EPERM), and is alive too. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Deleting 100,000 files takes seconds the user need not wait for; a detached process outlives this one.
function removeInBackground(path: string): void {
  spawn(process.execPath, ['-e', 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })', path], {
    detached: true,
    stdio: 'ignore',
  }).unref();
}

/** Runs `build` into a fresh folder beside `out`, swapped in when it succeeds and dropped when it fails. */
export async function inFreshFolder<T>(out: string, build: (staging: string) => Promise<T>): Promise<T> {
  const folder = new OutputFolder(out);
  try {
    const result = await build(folder.staging);
    folder.commit();
    return result;
  } catch (error) {
    folder.discard();
    throw error;
  }
}

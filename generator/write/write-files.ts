import { copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { OutputFile } from '../emit/emit-api.ts';

export interface WriteStats {
  files: number;
  bytes: number;
}

/**
 * write: the only stage that touches the file system. Each file is written to a temporary name and
 * renamed into place, so a reader never sees half a file.
 */
export async function writeFiles(outDir: string, files: readonly OutputFile[]): Promise<WriteStats> {
  const root = resolve(outDir);
  const folders = new Set(files.map((file) => dirname(targetPath(root, file.path))));
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
  let bytes = 0;
  const queue = [...files];
  const worker = async (): Promise<void> => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const target = targetPath(root, file.path);
      const temporary = `${target}.tmp-${process.pid}`;
      await writeFile(temporary, file.contents);
      await rename(temporary, target);
      bytes += Buffer.byteLength(file.contents);
    }
  };
  // A few writes in flight keep the disk busy without opening thousands of files at once.
  await Promise.all(Array.from({ length: 16 }, worker));
  return { files: files.length, bytes };
}

// Refuses any path that would land outside the output folder.
function targetPath(root: string, path: string): string {
  const target = join(root, path);
  const inside = relative(root, target);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || resolve(target) !== target) {
    throw new Error(`refusing to write outside the output folder: ${path}`);
  }
  return target;
}

/** Copies one file within the output folder (the human 404 page to where hosts look for it). */
export async function copyWithin(outDir: string, from: string, to: string): Promise<void> {
  const root = resolve(outDir);
  const target = targetPath(root, to);
  await mkdir(dirname(target), { recursive: true });
  await copyFile(targetPath(root, from), target);
}

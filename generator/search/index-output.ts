import type { OutputFile } from '../emit/emit-api.ts';
import { SEARCH_FOLDER } from '../route/router.ts';
import { indexFilePath } from './core/search-core.js';
import { gzipSize, measure, type FileDone, type PackedFile, type PackRun, type Packing } from './shard-files.ts';

export type Kind = 's' | 'r' | 'c';

/** Index files handed over as they are made instead of returned (all but the entry file). */
export interface IndexStream {
  /** Called with each file as it is finished (the receiver batches them). */
  handOff(files: OutputFile[]): void;
  /** Called between phases whose garbage the next need not carry. */
  between?(): void;
}

/** The index's files as they are named: written, or carried from the previous build when their bytes are the same. */
export class IndexOutput {
  readonly files: OutputFile[] = [];
  readonly carried = new Map<string, string>();
  readonly stats = { files: 0, bytes: 0, gzipBytesAtMost: 0, oversized: [] as string[] };
  readonly #hashOf: (path: string) => string | undefined;
  readonly #budget: number;
  readonly #stream: IndexStream | undefined;

  constructor(hashOf: (path: string) => string | undefined, budget: number, stream?: IndexStream) {
    this.#hashOf = hashOf;
    this.#budget = budget;
    this.#stream = stream;
  }

  /**
   * For packFiles: names each file as it is finished (`name` is given the contents, or '' for a kept file, and
   * the file's number), and writes it, carries it from the previous build, or, streaming, hands it over and
   * lets its contents go, so the index's bytes are never all in memory at once.
   */
  namer<T>(kind: Kind, packing: Packing<T>, name: (contents: string | Uint8Array, number: number) => string): { names: string[]; onFile: FileDone<T> } {
    const names: string[] = [];
    const onFile: FileDone<T> = (file, number, entry) => {
      const fileName = this.#name(kind, file, number, entry, packing, name);
      names.push(fileName);
      entry.name = fileName;
    };
    return {
      names,
      onFile: this.#stream
        ? (file, number, entry) => {
            onFile(file, number, entry);
            const made = this.files.pop();
            if (!made) return;
            this.#stream?.handOff([made]);
            file.contents = undefined;
            file.encoded = undefined;
          }
        : onFile,
    };
  }

  #name<T>(
    kind: Kind,
    file: PackedFile<T>,
    number: number,
    entry: PackRun['files'][number],
    packing: Packing<T>,
    name: (contents: string | Uint8Array, number: number) => string,
  ): string {
    const previousName = file.contents === undefined ? entry.name : undefined;
    const path = (fileName: string) => `${SEARCH_FOLDER}/${indexFilePath(kind, fileName)}`;
    const keptName = previousName !== undefined && (kind !== 's' || name('', number) === previousName) ? previousName : undefined;
    const hash = keptName === undefined ? undefined : this.#hashOf(path(keptName));
    if (keptName !== undefined && hash !== undefined) {
      this.carried.set(path(keptName), hash);
      this.#count(path(keptName), file);
      return keptName;
    }
    // A kept file whose name would change (another shard now shares its boundary's spelling) is written again.
    const contents = file.contents ?? packing.render(file.group, file.next);
    const encoded = file.contents === undefined ? undefined : file.encoded;
    const fileName = name(encoded ?? contents, number);
    // Streamed, the bytes go to the writer as they are; returned, the files keep their text alone (the whole index, once).
    this.files.push(encoded && this.#stream ? { path: path(fileName), contents, encoded } : { path: path(fileName), contents });
    this.#count(path(fileName), { ...file, contents });
    return fileName;
  }

  addEntry(path: string, contents: string): void {
    this.files.push({ path, contents });
    this.#count(path, measure(contents, this.#budget));
  }

  #count(path: string, file: { contents?: string; bytes: number; gzipAtMost: number; oversized: boolean }): void {
    this.stats.files += 1;
    this.stats.bytes += file.bytes;
    this.stats.gzipBytesAtMost += file.gzipAtMost;
    if (file.oversized) this.stats.oversized.push(`${path} (${file.contents === undefined ? `over ${this.#budget}` : gzipSize(file.contents)} bytes gzipped)`);
  }
}

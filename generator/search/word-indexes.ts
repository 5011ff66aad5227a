import {
  WORDS_FILE,
  WORDS_VERSION,
  bucketOf,
  compareCodePoints,
  definitionFilePath,
  labelFilePath,
  pairKey,
  queryKey,
  splitSet,
  storedKeys,
  stemKey,
} from './core/search-core.js';
import { definitionIndex } from './definition-index.ts';
import { splitLabels } from './joined-labels.ts';
import { LABEL_INDEX_DEFAULTS, labelIndex } from './label-index.ts';
import { splitBeginningsOf } from './label-split.ts';
import type { SearchSource } from './search-entities.ts';
import { previousNumbers, type SearchMemo, type WordsMemo } from './search-memo.ts';
import { SEARCH_FOLDER } from '../route/router.ts';
import { exampleDefinitionBuckets, exampleLabelBuckets } from './word-examples.ts';
import { wordIndexOutput, type WordIndexOutput } from './word-files.ts';

/** The previous build's search memo and manifest, for an update that makes only the files its edit reaches. */
export interface PreviousWords {
  memo: SearchMemo;
  hashOf: (path: string) => string | undefined;
}

/**
 * Label and definition search's files: both indexes, and their entry `words.json` (file counts, and the
 * definitions' statistics BM25 needs). Updating, only the files holding a word or stem of an entity the edit
 * changed are made again (all, when the file counts or busy words changed); the others are carried.
 */
export function emitWordIndexes(
  source: SearchSource,
  budget: number,
  previous?: PreviousWords,
): WordIndexOutput & { memo: WordsMemo; made: ReadonlyMap<string, object> } {
  const { baseIri, examples } = source;
  const entities = source.entities.map((entity) => ({ id: entity.iri.slice(baseIri.length), property: entity.kind === 'property' }));
  const before = previous?.memo.words && previous.memo.baseIri === baseIri ? previous : undefined;
  const reach = before && editReach(source, before.memo);
  const hashOf = previous?.hashOf ?? (() => undefined);
  const build = (incremental: boolean) => {
    const label = labelIndex(
      entities,
      source.labels,
      LABEL_INDEX_DEFAULTS,
      incremental && reach && before?.memo.words
        ? (buckets, busy, split) =>
            buckets === before.memo.words?.label && sameWords(busy, before.memo.words.busy) && sameWords(split, before.memo.words.split)
              ? withExample(reach.labelBuckets(buckets, busy, split), examples && exampleLabelBuckets(examples.label, buckets, split))
              : undefined
        : undefined,
    );
    const definition = definitionIndex(
      entities,
      source.definitions,
      incremental && reach && before?.memo.words
        ? (buckets) =>
            buckets === before.memo.words?.definition
              ? withExample(reach.definitionBuckets(buckets), examples && exampleDefinitionBuckets(examples.definition, buckets))
              : undefined
        : undefined,
    );
    return { label, definition };
  };
  let { label, definition } = build(true);
  const made = new Set([...label.files, ...definition.files].map((file) => file.path));
  // The files this update does not make: the previous build's, carried.
  let kept = [
    ...Array.from({ length: label.buckets }, (_, bucket) => labelFilePath(bucket)),
    ...Array.from({ length: definition.buckets }, (_, bucket) => definitionFilePath(bucket)),
  ].filter((path) => !made.has(path));
  // A file the update would keep but the previous manifest lacks: make them all.
  if (kept.some((path) => hashOf(`${SEARCH_FOLDER}/${path}`) === undefined)) {
    ({ label, definition } = build(false));
    kept = [];
  }
  const entry = {
    v: WORDS_VERSION,
    label: { buckets: label.buckets, split: label.split },
    definition: { buckets: definition.buckets, count: definition.count, averageLength: definition.averageLength },
  };
  const bodies = [...label.files, ...definition.files, { path: WORDS_FILE, body: entry }];
  const output = wordIndexOutput(bodies, budget, hashOf);
  for (const path of kept) output.carried.set(`${SEARCH_FOLDER}/${path}`, hashOf(`${SEARCH_FOLDER}/${path}`) ?? '');
  return {
    ...output,
    made: new Map(bodies.map((file) => [file.path, file.body])),
    memo: { label: label.buckets, definition: definition.buckets, busy: label.busy, split: label.split },
  };
}

/** The files an edit reaches, and those the examples read (which must be made to answer them). */
function withExample(reached: Set<number>, example: readonly number[] | undefined): Set<number> {
  for (const bucket of example ?? []) reached.add(bucket);
  return reached;
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((word, at) => word === b[at]);
}

/** The labels' words and the definitions' stems of every entity added, removed or changed since the memo's build. */
function editReach(source: SearchSource, memo: SearchMemo) {
  const numbers = previousNumbers(memo);
  const labels: string[][] = [];
  const stems = new Set<string>();
  const seen = new Uint8Array(memo.iris.length);
  const add = (normalized: readonly string[] | undefined, terms: string | undefined) => {
    if (normalized) labels.push([...normalized]);
    if (terms) for (const stem of terms.split(' ')) stems.add(stem);
  };
  source.entities.forEach((entity, number) => {
    const old = numbers.get(entity.iri);
    if (old !== undefined) seen[old] = 1;
    const definitionChanged = old === undefined || memo.definitions[old] !== source.definitions[number];
    if (!definitionChanged && source.forms?.hashes[number] === memo.hashes[old]) return;
    // A label edit leaves the definition files as they were, and a definition edit the label files; where
    // neither changed, something both show did (the entity became a property, or stopped being one).
    const labelsChanged = old === undefined || source.forms?.labels[number] !== memo.labels[old];
    const both = !labelsChanged && !definitionChanged;
    add(
      labelsChanged || both ? source.labels[number].map((label) => label.normalized) : undefined,
      definitionChanged || both ? source.definitions[number] : undefined,
    );
    if (old !== undefined) {
      add(labelsChanged || both ? splitLabels(memo.labels[old]).normalized : undefined, definitionChanged || both ? memo.definitions[old] : undefined);
    }
  });
  memo.iris.forEach((_, old) => {
    if (seen[old] === 0) add(splitLabels(memo.labels[old]).normalized, memo.definitions[old]);
  });
  return {
    /** The label files holding a word of those labels, the commonest words of a beginning of one, or a pair of busy words they hold. */
    labelBuckets(buckets: number, busyWords: readonly string[], splitBeginnings: readonly string[]): Set<number> {
      const busy = new Set(busyWords);
      const split = splitSet(splitBeginnings);
      const splitWords = new Set(splitBeginnings);
      const wanted = new Set<number>();
      for (const label of labels) {
        const words = [...new Set(label.flatMap((text) => text.split(' ')))].filter((word) => word !== '');
        for (const word of words) {
          for (const key of storedKeys(word, split)) wanted.add(bucketOf(key, buckets));
          // The keys of its split beginnings list the commonest words they begin: this word's count may change which.
          for (const beginning of splitBeginningsOf(word, splitWords)) wanted.add(bucketOf(queryKey(beginning, split), buckets));
        }
        for (const text of label) {
          const held = [...new Set(text.split(' '))].filter((word) => busy.has(word)).sort(compareCodePoints);
          for (let first = 0; first < held.length; first += 1) {
            for (let second = first + 1; second < held.length; second += 1) wanted.add(bucketOf(pairKey(`${held[first]} ${held[second]}`), buckets));
          }
        }
      }
      return wanted;
    },
    /** The definition files holding a stem of those definitions. */
    definitionBuckets(buckets: number): Set<number> {
      return new Set([...stems].map((stem) => bucketOf(stemKey(stem), buckets)));
    },
  };
}

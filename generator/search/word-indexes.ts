import {
  WORDS_FILE,
  WORDS_VERSION,
  bucketOf,
  definitionFilePath,
  labelFilePath,
  pairKey,
  queryKey,
  splitSet,
  storedKeys,
  stemKey,
} from './core/search-core.js';
import { definitionIndex } from './definition-index.ts';
import { joinedLabels, splitLabels } from './joined-labels.ts';
import { PackedJsonReader } from './packed-json.ts';
import { distinctLabels, pairsOf, type LabelChange } from './label-words.ts';
import type { DefinitionChange } from './definition-stems.ts';
import { LABEL_INDEX_DEFAULTS, labelIndex } from './label-index.ts';
import { splitBeginningsOf } from './label-split.ts';
import { definitionOf, type SearchSource } from './search-entities.ts';
import { kindChangedSince, memoDefinitions, previousNumbers, type SearchMemo, type WordsMemo } from './search-memo.ts';
import { SEARCH_FOLDER } from '../route/router.ts';
import { exampleDefinitionBuckets, exampleLabelBuckets, type WordExamples } from './word-examples.ts';
import { WordFilesOutput, type WordFileSink, type WordIndexOutput } from './word-files.ts';
import type { OutputFile } from '../emit/emit-api.ts';

/** The previous build's search memo and manifest, for an update that makes only the files its edit reaches. */
export interface PreviousWords {
  memo: SearchMemo;
  hashOf: (path: string) => string | undefined;
}

/**
 * Label and definition search's files: both indexes, and their entry `words.json` (file counts, and the
 * definitions' statistics BM25 needs). Updating, the previous build's memo is patched by the entities the edit
 * changed, and only the files holding one of their words or stems are made again (all, when the file counts, busy
 * words or split beginnings changed); the others are carried.
 */
export function emitWordIndexes(
  source: SearchSource,
  budget: number,
  previous?: PreviousWords,
  handOff?: (files: OutputFile[]) => void,
): WordIndexOutput & { memo: WordsMemo; made: ReadonlyMap<string, object>; keptExamples: Partial<WordExamples> } {
  const { baseIri, examples } = source;
  const entities = source.entities.map((entity) => ({ id: entity.iri.slice(baseIri.length), property: entity.kind === 'property' }));
  const before = previous?.memo.words && previous.memo.baseIri === baseIri ? previous.memo : undefined;
  const edit = before && editOf(source, before);
  const hashOf = previous?.hashOf ?? (() => undefined);
  const answered = before?.words?.examples === undefined ? undefined : (JSON.parse(before.words.examples) as WordExamples);
  const build = (incremental: boolean) => {
    const update = incremental ? edit : undefined;
    // An example whose query and files are as they were has the answer it had: its files are then not made for it.
    const keptExamples: Partial<WordExamples> = {};
    const keepOrRead = (kind: keyof WordExamples, reached: Set<number>, exampleBuckets: readonly number[] | undefined, stillScored = true) => {
      const answer = answered?.[kind];
      if (exampleBuckets && answer && answer.query === examples?.[kind] && stillScored && exampleBuckets.every((bucket) => !reached.has(bucket))) {
        keptExamples[kind] = answer;
        return reached;
      }
      return withExample(reached, exampleBuckets);
    };
    // Each file rendered as it is made, and only the examples' files kept as JSON (to answer them): at full scale
    // the files' texts and bodies together took hundreds of megabytes.
    const output = new WordFilesOutput(budget, hashOf, handOff);
    const made = new Map<string, object>();
    const sink =
      (exampleBuckets: (layout: { buckets: number; split?: readonly string[] }) => readonly number[], pathOf: (bucket: number) => string): WordFileSink =>
      (layout) => {
        const kept = new Set(exampleBuckets(layout).map(pathOf));
        return (file) => {
          if (kept.has(file.path)) made.set(file.path, file.body);
          output.add(file);
        };
      };
    const label = labelIndex(
      entities,
      (entity) => source.labels.texts(entity),
      LABEL_INDEX_DEFAULTS,
      update &&
        before?.words && {
          memo: before.words.label,
          changes: update.labelChanges,
          renumber: update.renumber,
          wanted: (buckets, busy, split, shown) =>
            keepOrRead('label', update.labelBuckets(buckets, busy, split, shown), examples && exampleLabelBuckets(examples.label, buckets, split)),
        },
      sink(({ buckets, split }) => (examples ? exampleLabelBuckets(examples.label, buckets, split ?? []) : []), labelFilePath),
    );
    const definition = definitionIndex(
      entities,
      () => source.definitions.map((_, entity) => definitionOf(source, previous?.memo, entity)),
      update &&
        before?.words && {
          memo: before.words.definition,
          changes: update.definitionChanges,
          renumber: update.renumber,
          // Definition search scores by the count and mean length of all definitions: the same while none changed.
          wanted: (buckets) =>
            keepOrRead(
              'definition',
              update.definitionBuckets(buckets),
              examples && exampleDefinitionBuckets(examples.definition, buckets),
              update.definitionChanges.length === 0,
            ),
        },
      sink(({ buckets }) => (examples ? exampleDefinitionBuckets(examples.definition, buckets) : []), definitionFilePath),
    );
    return { label, definition, output, made, keptExamples };
  };
  let { label, definition, output, made, keptExamples } = build(true);
  // The files this update does not make: the previous build's, carried.
  const bucketPaths = () => [
    ...Array.from({ length: label.buckets }, (_, bucket) => labelFilePath(bucket)),
    ...Array.from({ length: definition.buckets }, (_, bucket) => definitionFilePath(bucket)),
  ];
  let kept = edit ? bucketPaths().filter((path) => !output.has(`${SEARCH_FOLDER}/${path}`)) : [];
  // A file the update would keep but the previous manifest lacks: make them all.
  if (kept.some((path) => hashOf(`${SEARCH_FOLDER}/${path}`) === undefined)) {
    ({ label, definition, output, made, keptExamples } = build(false));
    kept = [];
  }
  const entry = {
    v: WORDS_VERSION,
    label: { buckets: label.buckets, split: label.split },
    definition: { buckets: definition.buckets, count: definition.count, averageLength: definition.averageLength },
  };
  output.add({ path: WORDS_FILE, body: entry });
  made.set(WORDS_FILE, entry);
  const finished = output.finish();
  for (const path of kept) finished.carried.set(`${SEARCH_FOLDER}/${path}`, hashOf(`${SEARCH_FOLDER}/${path}`) ?? '');
  return { ...finished, made, keptExamples, memo: { label: label.memo, definition: definition.memo } };
}

/** The files an edit reaches, and those the examples read (which must be made to answer them). */
function withExample(reached: Set<number>, example: readonly number[] | undefined): Set<number> {
  for (const bucket of example ?? []) reached.add(bucket);
  return reached;
}

/**
 * What changed since the memo's build: the entities whose labels or defining text changed (added and removed ones
 * too), their numbers then and now, and the stems of those texts and the labels of entities that became or stopped
 * being properties, whose files an update makes.
 */
function editOf(source: SearchSource, memo: SearchMemo) {
  const numbers = previousNumbers(memo);
  // Labels of entities whose kind changed (see below).
  const labels: string[][] = [];
  const previousJson = new PackedJsonReader(memo.json);
  const stems = new Set<string>();
  const labelChanges: LabelChange[] = [];
  const definitionChanges: DefinitionChange[] = [];
  const renumber = new Int32Array(memo.iris.length).fill(-1);
  const oldTexts = (old: number) => distinctLabels(joinedLabels(memo.labels[old]));
  const oldTerms = (old: number) => memoDefinitions(memo).at(old);
  const add = (normalized: readonly string[] | undefined, terms: string | undefined) => {
    if (normalized) labels.push([...normalized]);
    if (terms) for (const stem of terms.split(' ')) stems.add(stem);
  };
  source.entities.forEach((entity, number) => {
    const old = numbers.get(entity.iri);
    if (old !== undefined) renumber[old] = number;
    // A kept entity's terms are the memo's (undefined here); the others' are compared with the memo's.
    const terms = source.definitions[number];
    const definitionChanged = old === undefined || (terms !== undefined && oldTerms(old) !== terms);
    if (!definitionChanged && source.forms?.hashes[number] === memo.hashes[old]) return;
    // A label edit leaves the definition files as they were, and a definition edit the label files; where
    // neither changed, something both show did (the entity became a property, or stopped being one).
    const labelsChanged = old === undefined || source.forms?.labels[number] !== memo.labels[old];
    if (labelsChanged) {
      labelChanges.push({
        ...(old === undefined ? {} : { old: { entity: old, texts: oldTexts(old) } }),
        now: { entity: number, texts: distinctLabels(source.labels.at(number)) },
      });
    }
    if (definitionChanged) {
      definitionChanges.push({
        ...(old === undefined ? {} : { old: { entity: old, terms: oldTerms(old) } }),
        now: { entity: number, terms: definitionOf(source, memo, number) },
      });
    }
    // Every list showing an entity that became a property, or stopped being one, shows it otherwise; where neither
    // its labels nor its definition changed, that is what changed (or something else both indexes show).
    const kindChanged = (old !== undefined && kindChangedSince(previousJson, old, entity.kind)) || (!labelsChanged && !definitionChanged);
    add(
      kindChanged ? source.labels.at(number).map((label) => label.normalized) : undefined,
      definitionChanged || kindChanged ? definitionOf(source, memo, number) : undefined,
    );
    if (old !== undefined)
      add(kindChanged ? splitLabels(memo.labels[old]).normalized : undefined, definitionChanged || kindChanged ? oldTerms(old) : undefined);
  });
  renumber.forEach((number, old) => {
    if (number >= 0) return;
    add(undefined, oldTerms(old));
    labelChanges.push({ old: { entity: old, texts: oldTexts(old) } });
    definitionChanges.push({ old: { entity: old, terms: oldTerms(old) } });
  });
  const moved = renumber.length !== source.entities.length || renumber.some((number, old) => number !== old);
  return {
    labelChanges,
    definitionChanges,
    renumber: moved ? renumber : undefined,
    /**
     * The label files holding a word or pair of busy words whose list a file shows otherwise, or the commonest words of a
     * beginning of such a word; and those holding a word or pair of the labels of an entity whose kind changed. A word
     * whose first few labels (all a typo form's key or a beginning's shows) are as they were changes its own key's file alone.
     */
    labelBuckets(
      buckets: number,
      busyWords: readonly string[],
      splitBeginnings: readonly string[],
      shown: { words: readonly string[]; asVariants: ReadonlySet<string>; pairs: readonly string[] },
    ): Set<number> {
      const busy = new Set(busyWords);
      const split = splitSet(splitBeginnings);
      const splitWords = new Set(splitBeginnings);
      const wanted = new Set<number>();
      const words = new Set<string>();
      const pairs = new Set(shown.pairs);
      for (const label of labels) {
        for (const text of label) {
          for (const word of text.split(' ')) if (word !== '') words.add(word);
          for (const pair of pairsOf([...new Set(text.split(' '))], busy)) pairs.add(pair);
        }
      }
      for (const word of shown.words) {
        if (shown.asVariants.has(word)) words.add(word);
        else if (!words.has(word)) wanted.add(bucketOf(queryKey(word, split), buckets));
      }
      for (const word of words) {
        for (const key of storedKeys(word, split)) wanted.add(bucketOf(key, buckets));
        // The keys of its split beginnings list the commonest words they begin, and their lists.
        for (const beginning of splitBeginningsOf(word, splitWords)) wanted.add(bucketOf(queryKey(beginning, split), buckets));
      }
      for (const pair of pairs) wanted.add(bucketOf(pairKey(pair), buckets));
      return wanted;
    },
    /** The definition files holding a stem of those definitions. */
    definitionBuckets(buckets: number): Set<number> {
      return new Set([...stems].map((stem) => bucketOf(stemKey(stem), buckets)));
    },
  };
}

// Label search over a corpus held in memory: every vocabulary word the query's words match (see wordMatch) gives
// its labels as candidates, which the search core's rankLabels orders. What a static index must reproduce with
// a few small files; here it is a scan of the vocabulary, which is enough to measure the ranking.
import { rankLabels, wordMatch, type LabelCandidate } from '../../generator/search/core/label-rank.js';
import { normalize } from '../../generator/search/core/search-text.js';
import type { Corpus } from './corpus.ts';

export class LabelLookup {
  /** Every label of every entry: rdfs:label first (the primary one), then the alternatives, as normalised words. */
  readonly labels: LabelCandidate[] = [];
  /** Each word's labels, by number in `labels`. */
  readonly byWord = new Map<string, number[]>();

  constructor(corpus: Corpus) {
    corpus.entries.forEach((entry, entity) => {
      const texts = [...(entry.label === null ? [] : [entry.label]), ...entry.alternatives];
      texts.forEach((text, at) => {
        const words = normalize(text)
          .split(' ')
          .filter((word) => word !== '');
        if (words.length === 0) return;
        const number = this.labels.push({ entity, words, primary: at === 0 && entry.label !== null }) - 1;
        for (const word of new Set(words)) {
          const list = this.byWord.get(word);
          if (list) list.push(number);
          else this.byWord.set(word, [number]);
        }
      });
    });
  }

  /** The entities best answering the query, best first. */
  search(query: string, limit: number): number[] {
    const words = normalize(query)
      .split(' ')
      .filter((word) => word !== '');
    const candidates = new Set<number>();
    for (const [word, labels] of this.byWord) {
      if (words.some((queryWord) => wordMatch(queryWord, word) > 0)) for (const label of labels) candidates.add(label);
    }
    return rankLabels(
      words,
      [...candidates].map((label) => this.labels[label]),
      limit,
    ).map(([entity]) => entity);
  }
}

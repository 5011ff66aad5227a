// Plain in-memory BM25 (Okapi, k1 = 1.2, b = 0.75): words lower-cased, no stemming, no stop words. The
// baseline the issue asks definition search to match: what a search library does out of the box.
const WORD = /[\p{L}\p{N}]+/gu;
const K1 = 1.2;
const B = 0.75;

function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

export class PlainBm25 {
  readonly #postings = new Map<string, Map<number, number>>();
  readonly #lengths: number[];
  readonly #averageLength: number;

  constructor(texts: readonly string[]) {
    this.#lengths = texts.map((text, document) => {
      const found = words(text);
      for (const word of found) {
        let posting = this.#postings.get(word);
        if (!posting) this.#postings.set(word, (posting = new Map()));
        posting.set(document, (posting.get(document) ?? 0) + 1);
      }
      return found.length;
    });
    this.#averageLength = this.#lengths.reduce((total, length) => total + length, 0) / Math.max(1, texts.length);
  }

  /** The documents' numbers, best first (ties by number), at most `limit`. */
  search(query: string, limit: number): number[] {
    const scores = new Map<number, number>();
    const count = this.#lengths.length;
    for (const word of new Set(words(query))) {
      const posting = this.#postings.get(word);
      if (!posting) continue;
      const idf = Math.log(1 + (count - posting.size + 0.5) / (posting.size + 0.5));
      for (const [document, frequency] of posting) {
        const norm = frequency + K1 * (1 - B + (B * this.#lengths[document]) / this.#averageLength);
        scores.set(document, (scores.get(document) ?? 0) + (idf * (frequency * (K1 + 1))) / norm);
      }
    }
    return [...scores]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([document]) => document);
  }
}

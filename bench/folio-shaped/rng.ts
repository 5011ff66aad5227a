// The FOLIO-shaped generator's one source of choices, and the tests' that make seeded edits.
/** Deterministic pseudo-random numbers (mulberry32: tiny, fast and the same on every platform, where Math.random is neither seeded nor stable): the same seed, the same sequence. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  between(low: number, high: number): number {
    return low + this.int(high - low + 1);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
}

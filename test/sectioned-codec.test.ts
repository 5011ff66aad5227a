import { describe, expect, it } from 'vitest';
import { serialize } from 'node:v8';
import { deserializeSectioned, serializeSectioned } from '../generator/cache/sectioned-codec.ts';

const big = (length: number) => Int32Array.from({ length }, (_, at) => at * 7 - 3);

describe('a value serialised with its large typed arrays apart', () => {
  it.each<[string, unknown]>([
    ['plain data', { a: [1, 'two', null], b: { c: true } }],
    ['small typed arrays (inline)', { small: new Int32Array([1, 2, 3]), bytes: new Uint8Array([9]) }],
    [
      'large typed arrays of each element size',
      { i32: big(40_000), u8: new Uint8Array(70_000).fill(5), f64: new Float64Array(9_000).fill(0.5), i16: new Int16Array(40_000).fill(-2) },
    ],
    ['a large Buffer and a view into a larger array', { buffer: Buffer.alloc(100_000, 1), view: big(100_000).subarray(1, 30_001) }],
    [
      'the same large array twice',
      (() => {
        const shared = big(20_000);
        return { first: shared, second: shared };
      })(),
    ],
  ])('%s: reads back equal', (_, value) => {
    const file = Buffer.concat(serializeSectioned(value));
    expect(deserializeSectioned(file)).toEqual(value);
  });

  it('reads large typed arrays as views of the file, aligned, not copies', () => {
    const file = Buffer.concat(serializeSectioned({ a: big(30_000), b: new Uint8Array(70_001), c: new Float64Array(10_000) }));
    const read = deserializeSectioned(file) as { a: Int32Array; b: Uint8Array; c: Float64Array };
    for (const view of [read.a, read.b, read.c]) expect(view.buffer).toBe(file.buffer);
    expect(read.c.byteOffset % 8).toBe(0);
  });

  it.each<[string, Uint8Array]>([
    ['a value serialised whole', serialize({ a: 1 })],
    ['too short', Buffer.from([1, 2])],
    [
      'a header naming more than the file holds',
      (() => {
        const file = Buffer.concat(serializeSectioned({ a: big(30_000) }));
        return file.subarray(0, file.length - 1000);
      })(),
    ],
  ])('refuses %s', (_, file) => {
    expect(deserializeSectioned(file)).toBeUndefined();
  });
});

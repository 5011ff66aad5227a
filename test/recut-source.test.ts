import { describe, expect, it } from 'vitest';
import { generateFolioShaped } from '../bench/folio-shaped/generate.ts';
import { Rng } from '../bench/folio-shaped/rng.ts';
import { blockSource, type BlockedSource } from '../generator/load/parse-blocks.ts';
import { recutSource, sourceCut, type ByteStretches, type PreviousCut } from '../generator/load/recut-source.ts';
import type { SourceText } from '../generator/load/read-sources.ts';

const NAME = 'folio.owl';
const BASE = 'file:///ontology/folio.owl';

function fileSource(text: string, name = NAME): SourceText {
  const bytes = Buffer.from(text);
  return Object.defineProperty({ name, baseIRI: BASE, format: 'rdfxml' as const, text }, 'bytes', { value: bytes, enumerable: false });
}

function previousCut(text: string, inMemory = true): PreviousCut {
  const blocked = blockSource(fileSource(text));
  const cut = sourceCut(blocked, 0);
  if (!cut) throw new Error('the document did not split');
  return { ...cut, bytes: inMemory ? Buffer.from(text) : stretches(Buffer.from(text)), keys: blocked.blocks.map((block) => block.key) };
}

/** A file the build copied before reading it: its bytes only through the copy, a stretch at a time (never read whole). */
function copiedSource(text: string): SourceText & { copy: ReturnType<typeof stretches> } {
  const copy = Object.assign(stretches(Buffer.from(text)), { name: 'source-copy.bytes', path: '/nowhere/source-copy.bytes' });
  const whole = () => {
    throw new Error('the copied file was read whole');
  };
  return Object.defineProperties(
    { name: NAME, baseIRI: BASE, format: 'rdfxml' as const, copy },
    { text: { get: whole }, bytes: { get: whole } },
  ) as SourceText & {
    copy: typeof copy;
  };
}

/** Bytes read a stretch at a time, as a build reads its copy of a file cut: each read counted. */
function stretches(bytes: Buffer): ByteStretches & { reads: number } {
  return {
    length: bytes.length,
    reads: 0,
    read(target, position) {
      this.reads += 1;
      return bytes.copy(target, 0, position, Math.min(position + target.length, bytes.length));
    },
  };
}

// What a build reads of a cut: every block's key and place, the head and the tail, and each block's text.
function plain(blocked: BlockedSource) {
  return {
    blocks: blocked.blocks,
    head: blocked.split?.head,
    tail: blocked.split?.tail,
    spans: blocked.split?.blocks,
    texts: blocked.blocks.map((block) => blocked.textOf(block)),
  };
}

const DOCUMENT = generateFolioShaped({ classes: 300, properties: 12, seed: 5 });
const CLASS = /<owl:Class rdf:about="[^"]*">[\s\S]*?<\/owl:Class>/g;

type Edit = (text: string, rng: Rng) => string;

function twoFarApart(text: string): string {
  const all = [...text.matchAll(CLASS)];
  const [first, last] = [all[1][0], all[all.length - 2][0]];
  return text.replace(first, first.replace('</rdfs:label>', ' one</rdfs:label>')).replace(last, last.replace('</rdfs:label>', ' two</rdfs:label>'));
}

const classes = (text: string) => [...text.matchAll(CLASS)];
const pick = (text: string, rng: Rng) => {
  const all = classes(text);
  return all[rng.int(all.length)];
};
const EDITS: [string, Edit][] = [
  ['a label lengthened', (text, rng) => text.replace(pick(text, rng)[0], (block) => block.replace('</rdfs:label>', ' (edited)</rdfs:label>'))],
  ['a label shortened', (text, rng) => text.replace(pick(text, rng)[0], (block) => block.replace(/.<\/rdfs:label>/, '</rdfs:label>'))],
  ['a class removed', (text, rng) => text.replace(pick(text, rng)[0], '')],
  [
    'a class copied after another',
    (text, rng) => {
      const [a, b] = [pick(text, rng), pick(text, rng)];
      return text.replace(b[0], `${b[0]}\n    ${a[0].replace('rdf:about="', 'rdf:about="copy-')}`);
    },
  ],
  ['a comment edited between classes', (text, rng) => text.replace(pick(text, rng)[0], (block) => `<!-- edited -->\n    ${block}`)],
  ['the first class edited', (text) => text.replace(classes(text)[0][0], (block) => block.replace('</rdfs:label>', ' x</rdfs:label>'))],
  ['the last class edited', (text) => text.replace(classes(text).at(-1)?.[0] ?? '', (block) => block.replace('</rdfs:label>', ' x</rdfs:label>'))],
  ['nothing', (text) => text],
];

describe('recutSource: a file cut again after an edit is cut as a full cut would', () => {
  it.each(EDITS)('%s', (_, edit) => {
    for (let seed = 1; seed <= 8; seed += 1) {
      const edited = edit(DOCUMENT, new Rng(seed));
      const recut = recutSource(fileSource(edited), previousCut(DOCUMENT));
      expect(recut, `seed ${seed}`).toBeDefined();
      expect(plain(recut as BlockedSource), `seed ${seed}`).toEqual(plain(blockSource(fileSource(edited))));
    }
  });

  // Past a megabyte, the previous bytes are compared a megabyte at a time: edits near either end, and in the middle.
  const LARGE = generateFolioShaped({ classes: 4000, properties: 12, seed: 7 });
  it.each(EDITS)('%s, the previous bytes read a stretch at a time', (_, edit) => {
    expect(LARGE.length).toBeGreaterThan(3 * 2 ** 20);
    for (let seed = 1; seed <= 3; seed += 1) {
      const edited = edit(LARGE, new Rng(seed));
      const previous = previousCut(LARGE, false);
      const recut = recutSource(fileSource(edited), previous);
      expect(recut, `seed ${seed}`).toBeDefined();
      expect(plain(recut as BlockedSource), `seed ${seed}`).toEqual(plain(blockSource(fileSource(edited))));
      expect((previous.bytes as ReturnType<typeof stretches>).reads).toBeGreaterThan(2);
    }
  });

  it.each(EDITS)('%s, both files read a stretch at a time from their copies (the edited one never whole)', (_, edit) => {
    for (let seed = 1; seed <= 3; seed += 1) {
      const edited = edit(LARGE, new Rng(seed));
      const source = copiedSource(edited);
      const recut = recutSource(source, previousCut(LARGE, false));
      expect(recut, `seed ${seed}`).toBeDefined();
      expect(plain(recut as BlockedSource), `seed ${seed}`).toEqual(plain(blockSource(fileSource(edited))));
      expect(source.copy.reads).toBeGreaterThan(2);
    }
  });

  it('trusts no byte of a copy that reads short (changed since it was named): the file is cut as a full cut would', () => {
    // An edit of the same length: with the rest of the file taken as alike, the copy would pass for the file itself.
    const edited = LARGE.replace(classes(LARGE).at(-2)?.[0] ?? '', (block) =>
      block.replace(/.<\/rdfs:label>/, (end) => `${end[0] === 'x' ? 'y' : 'x'}</rdfs:label>`),
    );
    expect(edited.length).toBe(LARGE.length);
    expect(edited).not.toBe(LARGE);
    const previous = previousCut(LARGE, false);
    const whole = previous.bytes as ReturnType<typeof stretches>;
    // Its second half gone after its length was read.
    const half = Math.floor(whole.length / 2);
    const short: ByteStretches = {
      length: whole.length,
      read: (target, position) => (position >= half ? 0 : whole.read(target.subarray(0, Math.min(target.length, half - position)), position)),
    };
    const recut = recutSource(fileSource(edited), { ...previous, bytes: short });
    // Cut whole (undefined) or cut again as a full cut would, never with blocks of the copy's that were not compared.
    expect(recut && plain(recut)).toEqual(recut && plain(blockSource(fileSource(edited))));
  });

  it.each([
    ['the head edited', (text: string) => text.replace('xmlns:owl=', 'xmlns:x="urn:x" xmlns:owl=')],
    ['the end tag edited', (text: string) => text.replace('</rdf:RDF>', '</rdf:RDF >')],
    [
      'a node id added',
      (text: string) => text.replace(classes(text)[3][0], (block) => block.replace('</owl:Class>', '<rdfs:seeAlso rdf:nodeID="n"/></owl:Class>')),
    ],
    ['an element left open', (text: string) => text.replace(classes(text)[3][0], (block) => block.replace('</owl:Class>', ''))],
    ['another file', (text: string) => text],
    ['edits far apart, most of the file between them', (text: string) => twoFarApart(text)],
  ])('cuts the file whole when it finds %s', (what, edit) => {
    const source = what === 'another file' ? fileSource(edit(DOCUMENT), 'other.owl') : fileSource(edit(DOCUMENT));
    expect(recutSource(source, previousCut(DOCUMENT))).toBeUndefined();
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../bench/folio-shaped/rng.ts';
import { emitLive } from '../generator/live/emit-live.ts';
import { sourceOf } from '../generator/live/health-view.ts';
import { emitApi } from '../generator/emit/emit-api.ts';
import { UserError } from '../generator/errors.ts';
import { parseSources } from '../generator/load/load-ontology.ts';
import { splitRdfXml } from '../generator/load/split-rdfxml.ts';
import { buildModel } from '../generator/model/build-model.ts';
import { Router } from '../generator/route/router.ts';
import { emitSearch } from '../generator/search/emit-search.ts';
import { emitHostFiles } from '../generator/host/host-files.ts';
import { searchSource } from '../generator/search/search-entities.ts';
import { emitSite, searchExample } from '../generator/site/emit-site.ts';
import { EXCERPT, hasShared } from './support/shared-data.ts';

const RUNS = 200;
const NOISE = ['<', '>', '&', '"', "'", '/', '\u0000', '\uffff', '\ud800', 'é', '😀', ']]>', '<!--', '&amp', '=', ' '];

type Mutation = (text: string, rng: Rng) => { text: string; what: string };

const NOISE_IN_TEXT = ['', ' ', '\t', 'é', '😀', 'Ω', '"', "'", '/', '=', '\u200b', 'ﬁ', '\u0301', 'İ'];

/** The document's top-level elements (classes, properties, the header) as strings, and what surrounds them. */
function blocksOf(text: string): { head: string; blocks: string[]; tail: string } {
  const split = splitRdfXml(text);
  if (!split) throw new Error('folio-excerpt.owl no longer splits into blocks');
  return { head: split.head, blocks: split.blocks.map(({ start, end }) => text.slice(start, end)), tail: split.tail };
}

function joined({ head, blocks, tail }: { head: string; blocks: string[]; tail: string }): string {
  return `${head}\n${blocks.join('\n')}\n${tail}`;
}

// Raw cuts and byte noise test the parser's errors; moves within the XML's structure keep it parsing and
// test everything after it: classes duplicated, dropped, reordered, given each other's statements, odd text.
const MUTATIONS: Mutation[] = [
  (text, rng) => {
    const at = rng.int(text.length);
    return { text: text.slice(0, at), what: `cut at ${at}` };
  },
  (text, rng) => {
    const characters = [...text];
    const places: number[] = [];
    for (let count = rng.between(1, 20); count > 0; count -= 1) {
      const at = rng.int(characters.length);
      characters[at] = NOISE[rng.int(NOISE.length)];
      places.push(at);
    }
    return { text: characters.join(''), what: `characters replaced at ${places.join(', ')}` };
  },
  (text, rng) => {
    const document = blocksOf(text);
    const [a, b] = [rng.int(document.blocks.length), rng.int(document.blocks.length)];
    document.blocks.splice(b, 0, document.blocks[a]);
    return { text: joined(document), what: `block ${a} copied before block ${b}` };
  },
  (text, rng) => {
    const document = blocksOf(text);
    const dropped = Array.from({ length: rng.between(1, 10) }, () => rng.int(document.blocks.length));
    document.blocks = document.blocks.filter((_, at) => !dropped.includes(at));
    return { text: joined(document), what: `blocks ${dropped.join(', ')} dropped` };
  },
  (text, rng) => {
    const document = blocksOf(text);
    for (let at = document.blocks.length - 1; at > 0; at -= 1) {
      const other = rng.int(at + 1);
      [document.blocks[at], document.blocks[other]] = [document.blocks[other], document.blocks[at]];
    }
    return { text: joined(document), what: 'blocks shuffled' };
  },
  (text, rng) => {
    const document = blocksOf(text);
    const [from, to] = [rng.int(document.blocks.length), rng.int(document.blocks.length)];
    const inner = /^<[^>]*>([\s\S]*)<\/[^>]+>$/.exec(document.blocks[from])?.[1] ?? '';
    document.blocks[to] = document.blocks[to].replace(/<\/([^>]+)>$/, `${inner}</$1>`);
    return { text: joined(document), what: `block ${from}'s statements given to block ${to}` };
  },
  (text, rng) => {
    // Text between tags only, so the XML stays well formed.
    let changed = 0;
    const mutated = text.replace(/>([^<]+)</g, (whole, content: string) => {
      if (!rng.chance(0.05)) return whole;
      changed += 1;
      const characters = [...content];
      characters[rng.int(characters.length)] = NOISE_IN_TEXT[rng.int(NOISE_IN_TEXT.length)];
      return `>${rng.chance(0.2) ? '' : characters.join('')}<`;
    });
    return { text: mutated, what: `${changed} text nodes altered` };
  },
];

/** The whole pipeline in memory: load, model, every format, the search index and the site files. */
async function buildInMemory(text: string): Promise<void> {
  const model = buildModel((await parseSources([{ name: 'mutated.owl', baseIRI: 'https://folio.openlegalstandard.org/', format: 'rdfxml', text }])).quads);
  const router = new Router('https://example.org/');
  const source = searchSource(model);
  const search = await emitSearch(source);
  emitApi(model, router);
  emitHostFiles(router, search.memo.fold);
  const origin = sourceOf(['mutated.owl']);
  emitSite(model, router, { search: searchExample(model, source), source: origin, wordExamples: search.examples, searchFiles: search.files });
  emitLive(model, origin).files;
}

describe.skipIf(!hasShared)(`${RUNS} random mutations of folio-excerpt.owl`, () => {
  it('each builds, or fails with an error meant for the user (never an internal one)', async () => {
    const original = readFileSync(EXCERPT, 'utf8');
    const rng = new Rng(20261122);
    const outcomes = { built: 0, refused: 0 };
    for (let run = 0; run < RUNS; run += 1) {
      const { text, what } = MUTATIONS[run % MUTATIONS.length](original, rng);
      try {
        await buildInMemory(text);
        outcomes.built += 1;
      } catch (error) {
        expect(error, `run ${run} (${what}): ${String(error)}`).toBeInstanceOf(UserError);
        expect((error as Error).message.split('\n')).toHaveLength(1);
        outcomes.refused += 1;
      }
    }
    // Both outcomes occur, so the mutations reach past the parser.
    expect(outcomes.built).toBeGreaterThan(RUNS / 2);
    expect(outcomes.refused).toBeGreaterThan(RUNS / 10);
  }, 300_000);
});

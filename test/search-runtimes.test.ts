// One search core for every runtime (generator/search/core/): the same table of query strings through every
// runtime that answers the search URLs (prefix, label, definition) must give the same status and the very same
// JSON text as the core run here, over one build of the sample. Each runtime is the real one where this machine has it: Debian's nginx
// with njs, Cloudflare's workerd (wrangler pages dev), Chromium running the service worker; Netlify's edge
// function and the Lambda@Edge handler run their generated modules in Node, as their Node-compatible runtimes would.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchClient } from '../generator/search/client/search-client.js';
import { answerPrefix, answerSearch, normalize, normalizeByTable, queryParameter } from '../generator/search/core/search-core.js';
import { foldTable } from '../generator/search/fold-table.ts';
import { loadOntology } from '../generator/load/load-ontology.ts';
import { buildModel } from '../generator/model/build-model.ts';
import { searchSource } from '../generator/search/search-entities.ts';
import { CHROMIUM, launchBrowser } from './support/browser.ts';
import { crowdedLabels } from './support/crowded-labels.ts';
import { hasNginx, startNginx } from './support/nginx.ts';
import { runBuild } from './support/run-cli.ts';
import { queriesOf } from './support/search-cases.ts';
import type { RunningServer } from './support/server-process.ts';
import { SAMPLE_ONTOLOGY } from './support/shared-data.ts';
import { startStaticServer } from './support/static-server.ts';
import { startWranglerPages } from './support/wrangler.ts';
import { inBatches } from './support/in-batches.ts';

interface Answer {
  status: number;
  text: string;
}

const encode = (query: string) => `query=${encodeURIComponent(query)}`;

// Text the core must read alike everywhere: compatibility forms, final sigma, Hangul, astral characters, marks.
const UNICODE_QUERIES = ['ＬＡＷ', 'ﬁn', 'ΟΔΟΣ', 'σίσυφος', '법률', '𝔏aw', '½', 'İst', 'straße', 'zu\u0308r', 'ZÜRICH', 'न्याय', '😀', '\ue000', 'Æ', '①', 'Ⅻ'];

// Query strings as a client sends them, valid and not: the parameters' parsing is the core's too.
const RAW_QUERY_STRINGS = [
  'query=law',
  'query=Law&limit=3',
  'query=co&limit=1000',
  'query=law+firm',
  'query=law%20f',
  'query=law%2Bfirm',
  'query=Z%C3%BCr',
  'query=%E9',
  'query=%C3',
  'query=%F0%9F%98',
  'query=%ED%A0%80',
  'query=%FF&limit=2',
  'query=%zz',
  'query=law&query=court',
  'limit=5&query=court',
  'query=',
  'query=%20',
  'query=!!',
  'limit=5',
  '',
  'query=law&limit=0',
  'query=law&limit=1001',
  'query=law&limit=abc',
  'query=law&limit=2.5',
  'query=law&limit=',
  `query=${'a'.repeat(1024)}`,
  `query=${'a'.repeat(1025)}`,
  `query=${encodeURIComponent('é'.repeat(1024))}`,
  ...UNICODE_QUERIES.map(encode),
];

// Label and definition queries made from the sample's own texts: whole labels, the same with a typo, and the
// first words of definitions.
function wordQueries(model: ReturnType<typeof buildModel>): { label: string[]; definition: string[] } {
  const labels = model.entities
    .filter((entity) => !entity.id.startsWith(CROWD_PREFIX))
    .flatMap((entity) => (entity.record.label ? [entity.record.label] : []))
    .filter((_, at) => at % 3 === 0);
  const typo = (text: string) => text.replace(/([a-z])([a-z])/i, '$2$1');
  const definitions = model.entities.flatMap((entity) => (entity.record.definition ? [entity.record.definition] : [])).filter((_, at) => at % 3 === 0);
  return {
    label: [...labels.map((label) => label.toLowerCase()), ...labels.map(typo), ...CROWDED_QUERIES, 'contract law', 'law contract', 'xyzzy plugh'],
    definition: [...definitions.map((text) => text.split(' ').slice(0, 5).join(' ')), 'agreements between parties', 'xyzzy plugh'],
  };
}

// The crowded classes' ids begin so; queries on their words, whole, typed so far and with a typo in their keys.
const CROWD_PREFIX = 'R0crowd';
const CROWDED: [query: string, firstResultHolds: RegExp][] = [
  ['contract', /\bcontract\b/],
  ['contr', /\bcontr/],
  ['co', /\bco/],
  ['con', /\bcon/],
  ['cont', /\bcont/],
  ['cnotract', /\bcontract\b/],
  ['ocntract', /\bcontract\b/],
  ['cotnract', /\bcontract\b/],
  ['xontract', /\bcontract\b/],
  ['contarct', /\bcontract\b/],
  ['cuort', /\bcourt\b/],
  ['condtion', /\bcondition\b/],
  ['copyrihgt', /\bcopyright\b/],
  ['consent agreement', /^(consent agreement|agreement consent)$/],
];
const CROWDED_QUERIES = CROWDED.map(([query]) => query);

type Kind = 'prefix' | 'label' | 'definition';

describe('the search core in every runtime', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'search-runtimes-'));
  const out = join(scratch, 'out');
  const ontology = join(scratch, 'ontology');
  let table: string[];
  // Label and definition search: every raw query string, and the queries made from the sample.
  const wordTable: [Kind, string][] = [];
  let origin: RunningServer;
  const expected = new Map<string, Answer>();

  beforeAll(async () => {
    // The sample, with classes crowding a few word beginnings so that the label index keys them by longer keys.
    cpSync(SAMPLE_ONTOLOGY, ontology, { recursive: true });
    writeFileSync(join(ontology, 'crowded.ttl'), crowdedLabels(1000));
    const result = await runBuild(['--ontology', ontology, '--out', out, '--api-only']);
    expect(result.code, result.stderr).toBe(0);
    const model = buildModel((await loadOntology(ontology)).quads);
    // Starts of every label and word of the sample, one to four characters, every fourth of them.
    const labelQueries = queriesOf(model).filter((_, at) => at % 4 === 0);
    table = [...RAW_QUERY_STRINGS, ...labelQueries.map(encode)];
    const read = (path: string): unknown => JSON.parse(readFileSync(join(out, 'search', path), 'utf8'));
    for (const search of table) {
      const answer = await answerPrefix(search, read, () => read);
      expected.set(search, { status: answer.status, text: JSON.stringify(answer.body) });
    }
    const words = wordQueries(model);
    for (const kind of ['label', 'definition'] as const) {
      for (const search of [...RAW_QUERY_STRINGS, ...words[kind].map(encode)]) wordTable.push([kind, search]);
    }
    const readRecord = (id: string): unknown => JSON.parse(readFileSync(join(out, id), 'utf8'));
    for (const [kind, search] of wordTable) {
      const answer = await answerSearch(kind, search, read, () => read, readRecord);
      expected.set(`${kind} ${search}`, { status: answer.status, text: JSON.stringify(answer.body) });
    }
    origin = await startStaticServer(out);
  }, 60_000);
  afterAll(async () => {
    await origin?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('keys the crowded beginnings by longer keys, and finds their words through them, typed so far or with a typo', () => {
    const entry = JSON.parse(readFileSync(join(out, 'search/words.json'), 'utf8')) as { label: { split: string[] } };
    expect(entry.label.split).toEqual(expect.arrayContaining(['co', 'con']));
    for (const [query, holds] of CROWDED) {
      const answer = JSON.parse(expected.get(`label ${encode(query)}`)?.text ?? '{}') as { results: [{ label: string }, number][] };
      expect(answer.results[0]?.[0].label.toLowerCase(), query).toMatch(holds);
    }
  });

  it('exercises every kind of answer: results, no results, and each refusal', () => {
    const answers = [...expected.values()];
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].sort()).toEqual([200, 400]);
    expect(answers.filter((answer) => answer.status === 200 && JSON.parse(answer.text).total_classes > 0).length).toBeGreaterThan(40);
    expect(answers.filter((answer) => answer.text.includes('"total_classes":0,"total_properties":0')).length).toBeGreaterThan(3);
    const details = new Set(answers.filter((answer) => answer.status === 400).map((answer) => JSON.parse(answer.text).detail));
    expect(details.size).toBe(3);
    for (const kind of ['label', 'definition']) {
      const own = wordTable.filter(([of]) => of === kind).map(([, search]) => expected.get(`${kind} ${search}`));
      // Label and definition search answer every query string with 200: results, or none for a bad query.
      expect(own.every((answer) => answer?.status === 200)).toBe(true);
      expect(own.filter((answer) => answer?.text.startsWith('{"results":[[{')).length, kind).toBeGreaterThan(10);
      expect(own.filter((answer) => answer?.text === '{"results":[],"properties":[]}').length, kind).toBeGreaterThan(10);
    }
  });

  it('normalises by the fold table exactly as by NFKD, for every character of the table and every query', async () => {
    const model = buildModel((await loadOntology(SAMPLE_ONTOLOGY)).quads);
    const fold = foldTable(searchSource(model).entities);
    const texts = [...Object.keys(fold), ...UNICODE_QUERIES, ...table.map((search) => (queryParameter(search, 'query') ?? '').slice(0, 40))];
    expect(Object.keys(fold).length).toBeGreaterThan(1000);
    for (const text of texts) expect(normalizeByTable(text, fold), text).toBe(normalize(text));
  });

  it('normalises text that is not all ASCII as NFKD, marks dropped, lower-cased and non-letters spaced over the whole string would', () => {
    const whole = (text: string) =>
      text
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
    // Every character of the Basic Multilingual Plane (lone surrogates too) and every 37th beyond it, alone and among others.
    const characters: string[] = [];
    for (let code = 0x80; code <= 0x10ffff; code += code <= 0xffff ? 1 : 37) characters.push(String.fromCodePoint(code));
    const mixed = ['a', 'Z', '9', ' ', '-', '—', 'ü', 'İ', '\u0301', '’', '¥', 'ß', 'ﬁ', 'Σ', '\u00a0', '\u{1F600}', '\ud800', 'K', '①', '한', '_'];
    const texts = [
      ...characters.flatMap((character) => [character, `A${character}b`, `x ${character}.${character}`]),
      ...mixed.flatMap((first) => mixed.flatMap((second) => mixed.map((third) => `${first}${second}${third}`))),
    ];
    const differing = texts.filter((text) => normalize(text) !== whole(text));
    expect(differing).toEqual([]);
  });

  const runtimes: [string, boolean, () => Promise<{ ask: (search: string, kind: Kind) => Promise<Answer>; stop: () => Promise<void> }>][] = [
    [
      'the client module, over HTTP',
      true,
      async () => {
        const client = createSearchClient({ indexUrl: `${origin.baseUrl}/search/` });
        return { ask: async (search, kind) => textOf(await client.answer(search, kind)), stop: async () => {} };
      },
    ],
    [
      "Debian's nginx with njs",
      hasNginx,
      async () => {
        const server = await startNginx(out, `js_path "${out}/_nginx/"; js_import search from search.js;`, `include ${out}/_nginx/search.conf;`);
        return { ask: (search, kind) => fetched(`${server.baseUrl}/search/${kind}?${search}`), stop: () => server.stop() };
      },
    ],
    [
      "Cloudflare's workerd (wrangler pages dev)",
      true,
      async () => {
        const server = await startWranglerPages(out);
        return { ask: (search, kind) => fetched(`${server.baseUrl}/search/${kind}?${search}`), stop: () => server.stop() };
      },
    ],
    [
      "Netlify's edge function",
      true,
      async () => {
        const edge = (await import(pathToFileURL(join(out, '_netlify/edge-functions/search.js')).href)) as {
          default: (request: Request) => Promise<Response>;
        };
        return {
          ask: async (search, kind) => answerOf(await edge.default(new Request(`${origin.baseUrl}/search/${kind}?${search}`))),
          stop: async () => {},
        };
      },
    ],
    [
      'the Lambda@Edge origin-request handler',
      true,
      async () => {
        const { handler } = (await import(pathToFileURL(join(out, '_cloudfront/search-origin-request.mjs')).href)) as {
          handler: (event: unknown) => Promise<{ status: string; body: string }>;
        };
        const port = Number(new URL(origin.baseUrl).port);
        const ask = async (search: string, kind: Kind): Promise<Answer> => {
          const request = {
            uri: `/search/${kind}`,
            querystring: search,
            method: 'GET',
            headers: {},
            origin: { custom: { domainName: '127.0.0.1', port, protocol: 'http', path: '' } },
          };
          const result = await handler({ Records: [{ cf: { request } }] });
          return { status: Number(result.status), text: result.body };
        };
        return { ask, stop: async () => {} };
      },
    ],
    [
      'the service worker, in Chromium',
      existsSync(CHROMIUM),
      async () => {
        const browser: Browser = await launchBrowser();
        writeFileSync(join(out, 'runtime-test.html'), '<!doctype html><title>runtime test</title>');
        const page: Page = await browser.newPage();
        await page.goto(`${origin.baseUrl}/runtime-test.html`);
        await page.evaluate(async () => {
          await navigator.serviceWorker.register('/sw.js');
          await navigator.serviceWorker.ready;
          if (!navigator.serviceWorker.controller)
            await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
        });
        const ask = (search: string, kind: Kind) =>
          page.evaluate(async (url) => {
            const response = await fetch(url);
            return { status: response.status, text: await response.text() };
          }, `/search/${kind}?${search}`);
        return { ask, stop: () => browser.close() };
      },
    ],
  ];

  for (const [name, available, start] of runtimes) {
    it.skipIf(!available)(
      `${name}: the core's status and JSON text for every query string`,
      async () => {
        const runtime = await start();
        try {
          const asked = [
            ...table.map((search) => ['prefix', search, search] as const),
            ...wordTable.map(([kind, search]) => [kind, search, `${kind} ${search}`] as const),
          ];
          let compared = 0;
          await inBatches(asked, 8, async ([kind, search, key]) => {
            expect(await runtime.ask(search, kind), key).toEqual(expected.get(key));
            compared += 1;
          });
          expect(compared).toBe(table.length + wordTable.length);
        } finally {
          await runtime.stop();
        }
      },
      120_000,
    );
  }
});

function textOf(answer: { status: number; body: unknown }): Answer {
  return { status: answer.status, text: JSON.stringify(answer.body) };
}

async function fetched(url: string): Promise<Answer> {
  return answerOf(await fetch(url));
}

async function answerOf(response: Response): Promise<Answer> {
  return { status: response.status, text: await response.text() };
}

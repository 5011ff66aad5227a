// The search core's answers to the live URLs with a query string (core/live-answers.js): what they read, and
// what they refuse to. test/live-api-served.test.ts holds their answers to the live service's on real servers.
import { describe, expect, it } from 'vitest';
import { answerLiveQuery, queryParameter } from '../generator/search/core/search-core.js';

const BASE = 'https://vocab.example/';
const FILES: Record<string, unknown> = {
  '_live/index.json': { base: BASE, connections: [] },
  '_live/walks/event.json': { depths: [1, 2, 3], classes: [{ iri: `${BASE}A` }, { iri: `${BASE}B` }, { iri: `${BASE}C` }] },
};

async function ask(pathAndQuery: string): Promise<{ answer: unknown; read: string[] }> {
  const [path, query = ''] = pathAndQuery.split('?');
  const search = query === '' ? '' : `?${query}`;
  const read: string[] = [];
  const answer = await answerLiveQuery(
    path,
    search,
    (name: string) => queryParameter(search, name),
    async (file: string) => {
      read.push(file);
      return FILES[file];
    },
    (id: string) => ({ iri: `${BASE}${id}` }),
  );
  return { answer, read };
}

describe('the live URLs a host answers with code', () => {
  it.each([
    ['a walk cut at a depth', '/taxonomy/event?max_depth=2', { status: 200, body: { classes: [{ iri: `${BASE}A` }, { iri: `${BASE}B` }], properties: [] } }],
    [
      'the whole walk for a negative depth',
      '/taxonomy/event?max_depth=-1',
      { status: 200, body: { classes: [{ iri: `${BASE}A` }, { iri: `${BASE}B` }, { iri: `${BASE}C` }], properties: [] } },
    ],
    [
      'a depth that is not a number: a 422',
      '/taxonomy/event?max_depth=two',
      { status: 422, body: expect.objectContaining({ detail: [expect.objectContaining({ loc: ['query', 'max_depth'] })] }) },
    ],
    ['an unknown branch: FastAPI 404', '/taxonomy/nothing?max_depth=2', { status: 404, body: { detail: 'Not Found' } }],
    [
      'a branch name that climbs out of the folder: 404, nothing read',
      '/taxonomy/%2E%2E%2F%2E%2E%2Fsecret?max_depth=2',
      { status: 404, body: { detail: 'Not Found' } },
    ],
    ['the default depth: the file answers', '/taxonomy/event', undefined],
    ["the tree's top level: the file answers", '/taxonomy/tree/data?node_id=%23', undefined],
    ['the ancestors graph: the file answers', '/explore/api/entity-graph/A?mode=ancestors', undefined],
    [
      'a mode that is neither: a 422',
      '/explore/api/entity-graph/A?mode=parents',
      { status: 422, body: expect.objectContaining({ detail: [expect.objectContaining({ loc: ['query', 'mode'] })] }) },
    ],
    [
      'connections without a subject: a 422',
      '/connections',
      { status: 422, body: expect.objectContaining({ detail: [expect.objectContaining({ loc: ['query', 'subject'] })] }) },
    ],
    ['a path of no live URL', '/docs/', undefined],
    ['a branch whose escapes are malformed: FastAPI 404, no error', '/taxonomy/%E0%A4%A?max_depth=2', { status: 404, body: { detail: 'Not Found' } }],
    [
      "an entity graph's id whose escapes are malformed: its 404, no error",
      '/explore/api/entity-graph/%E0?mode=children',
      { status: 404, body: { error: 'Entity not found: %E0' } },
    ],
  ])('%s', async (_, url, expected) => {
    const { answer, read } = await ask(url);
    expect(answer).toEqual(expected);
    for (const file of read) expect(file, url).not.toMatch(/\.\.|\/\//);
  });

  it.each([
    ['a node whose id would climb out', '/taxonomy/tree/data?node_id=..%2Fsecret'],
    ['an entity graph whose id would climb out', '/explore/api/entity-graph/..?mode=children'],
  ])('reads no file outside its folders: %s', async (_, url) => {
    const { read } = await ask(url);
    expect(read.filter((file) => file.includes('..'))).toEqual([]);
  });
});

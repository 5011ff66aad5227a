import { emitReadableJson } from '../emit/json.ts';
import { MOST_ID_SEGMENTS, type Router } from '../route/router.ts';
import { pathRules, type RuledPaths } from './path-rules.ts';

// One path segment without a dot: an entity id, never a site file such as /openapi.json or /sw.js.
const SEGMENT = '[^/.]+';
const ID = `:id(${SEGMENT})`;
// An id with a "/": 2 to MOST_ID_SEGMENTS such segments (path-to-regexp takes a non-capturing group in a pattern).
const NESTED_ID = `:id(${SEGMENT}/${SEGMENT}${`(?:/${SEGMENT})?`.repeat(MOST_ID_SEGMENTS - 2)})`;

/**
 * `vercel.json`: CORS on every answer, each URL shape's Content-Type, and `/{id}/{format}` rewritten (status
 * 200, no redirect) into the formats folder. Vercel matches headers against the requested path, before rewrites,
 * and rewrites only a path no file answers, so one pattern rewrites every nested id's record.
 */
export function emitVercelConfig(router: Router, paths?: RuledPaths): string {
  const base = router.basePath;
  const header = (key: string, value: string) => ({ key, value });
  const syntax = { id: ID, idTaken: ':id', nested: { patterns: [{ id: NESTED_ID, idTaken: ':id' }], records: true }, rest: '(.*)' };
  const { rewrites, contentTypes, cacheControls } = pathRules(router, syntax, paths);
  const headers = [
    { source: `${base}/(.*)`, headers: [header('Access-Control-Allow-Origin', '*')] },
    ...contentTypes.map(({ source, value }) => ({ source, headers: [header('Content-Type', value)] })),
    ...cacheControls.map(({ source, value }) => ({ source, headers: [header('Cache-Control', value)] })),
  ];
  return emitReadableJson({ rewrites: rewrites.map(({ source, value }) => ({ source, destination: value })), headers });
}

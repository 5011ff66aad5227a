import { UserError } from '../errors.ts';
import { ENTITY_URL_SEGMENTS, idSegmentsProblem, MOST_ID_SEGMENTS, SITE_OWN_NAMES, SITE_PATH_IDS } from '../route/paths.ts';
import { fileNameOf, idOfFileName } from '../route/id-names.js';
import type { Entity } from './entities.ts';

// Segments of letters, digits, "-", "_", "~" and ":", each starting with a letter, digit or "_", joined by "/": one
// URL path segment or more (DBpedia's `Astronaut/timeInSpace` answers at `/Astronaut/timeInSpace`), and a file name
// (or folders) on every file system but Windows', which cannot hold a colon: a build there leaves such ids out, with
// the same warning as any other. A colon is a URL path segment's own character (Open Graph's `audio:type`); a
// leading "_" is EXIF's `_unknown`, and the site's own "_" names (SITE_OWN_NAMES) are refused. Any other character
// is a percent escape, as a URL holds it (GS1's `defaultLink%2A`): its files are named by the decoded id
// (route/id-names.js).
const COLON = process.platform === 'win32' ? '' : ':';
// What may follow the first character of a segment, beside letters and digits.
const MARKS = `_~${COLON}-`;
const SEGMENT = `[\\p{L}\\p{N}_][\\p{L}\\p{N}${MARKS}]*`;
const ASCII_SEGMENT = `[A-Za-z0-9_][A-Za-z0-9${MARKS}]*`;
const SAFE_ID = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`, 'u');
const ASCII_SAFE_ID = new RegExp(`^${ASCII_SEGMENT}(?:/${ASCII_SEGMENT})*$`);
// What starts a segment (and so comes first, and after a "/"), and what may follow.
const FIRST_CHARACTER = /[\p{L}\p{N}_%]/u;
const LATER_CHARACTER = new RegExp(`[%/\\p{L}\\p{N}${MARKS}]`, 'u');
// What an escape may not stand for: what would leave or nest a folder, or make a name a host reads a type from (a
// dot), or be decoded twice (a percent sign), and control characters; on Windows, what its file names cannot hold.
const UNESCAPABLE = process.platform === 'win32' ? /[/\\.%\p{Cc}<>:"|?*]/u : /[/\\.%\p{Cc}]/u;
const MOST_ID_BYTES = 200;
const SHOWN = 5;

/** What checkIds found: which entities can be published, and what they carry a warning for. */
export interface IdFindings<T extends Entity> {
  /** The entities whose ids can be a file name and URL segment, in their order. */
  publishable: T[];
  /** "id (iri) reason" of each entity left out: its id cannot be file names and a URL path. */
  unpublishable: string[];
  /** Groups of ids that differ only by letter case, with any site name they match so (see caseCollisionError). */
  caseCollisions: string[][];
  /** Ids whose `/{id}` the site's own files answer: published without their record file. */
  siteNamed: string[];
}

/**
 * Every id becomes a file name and a URL path segment. Publishes what can be, each with its warning: leaves
 * out ids that would leave the output folder, nest folders or exceed file-name limits; keeps ids that differ
 * only by letter case (every host is case-sensitive; refused where the output's file system folds case, see
 * loadModel), and ids the site's own paths take (all but the record).
 */
export function checkIds<T extends Entity>(entities: readonly T[], siteIds: ReadonlySet<string> = new Set(SITE_PATH_IDS)): IdFindings<T> {
  const publishable: T[] = [];
  const unpublishable: string[] = [];
  const siteNamed: string[] = [];
  // The site's names take part: on a case-folding file system "Docs" would be the docs folder.
  const firstIds = [...siteIds];
  const firstByFolded = new Map(firstIds.map((id, at) => [id.toLowerCase(), at]));
  // Only ids that collide get a group, not each of 18,000 ids one of its own; groups keep the order of their first ids.
  const groups = new Map<number, string[]>();
  for (const entity of entities) {
    const problem = idProblem(entity.id);
    if (problem) {
      unpublishable.push(`${shown(entity.id)} (${shown(entity.iri)}) ${problem}`);
      continue;
    }
    publishable.push(entity);
    if (siteIds.has(entity.id)) {
      siteNamed.push(entity.id);
      continue;
    }
    const folded = entity.id.toLowerCase();
    const first = firstByFolded.get(folded);
    if (first === undefined) firstByFolded.set(folded, firstIds.push(entity.id) - 1);
    else groups.set(first, [...(groups.get(first) ?? [firstIds[first]]), entity.id]);
  }
  const caseCollisions = [...groups].sort(([a], [b]) => a - b).map(([, group]) => group);
  return { publishable, unpublishable, caseCollisions, siteNamed };
}

/** The one warning for every entity left out because its id cannot be a file and URL (DBpedia has 138: `Person/height`). */
export function unpublishableWarning(problems: readonly string[]): string {
  return `unsafe-id: ${problems.length} id(s) cannot be file names and URL paths, and are not published: ${firstFew(problems)}; to publish them, rename those IRIs (letters, digits, "-", "_", "~" and ":", other characters percent-escaped with capital hex digits but never "/", "\\", ".", "%" or a control character, at most 200 bytes after the base IRI; at most ${MOST_ID_SEGMENTS} segments joined by "/", each starting with a letter, digit, "_" or an escape, none after the first named ${[...ENTITY_URL_SEGMENTS].join(', ')}; none of the site's own names ${[...SITE_OWN_NAMES].join(', ')}, nor starting with one of them or ${SITE_PATH_IDS.join(', ')} and a "/"), or pass --base-iri with the IRI their ids start after`;
}

/** The warning an entity gets whose `/{id}` is one of the site's own paths. */
export function siteNamedWarning(id: string): string {
  return `site-path: ${shown(id)} is also the site's own /${id}, which keeps answering there; the entity's record is not published at /${id} (its /${id}/jsonld, /xml, /ttl, /nt, /markdown and /html are, and search finds it)`;
}

/** The refusal for ids that differ only by case, where the output folder's file system would make them one file. */
export function caseCollisionError(groups: readonly (readonly string[])[], folder: string): UserError {
  return new UserError(
    `${groups.length} group(s) of ids differ only by letter case (${firstFew(groups.map((group) => group.map(shown).join(' and ')))}), and ${folder} is on a file system that ignores case, where each group would be one file`,
    'build into a folder on a case-sensitive file system (any Linux one; on macOS a case-sensitive APFS volume): every host serves them apart',
  );
}

/** The one warning for every group of ids that differ only by case (DBpedia has 165: `Person` and `person`…), naming the first few. */
export function caseCollisionWarning(groups: readonly (readonly string[])[]): string {
  return `case-collision: ${groups.length} group(s) of ids differ only by letter case: ${firstFew(groups.map((group) => group.map(shown).join(' and ')))}; each is published (hosts tell them apart), but a case-insensitive file system cannot hold both`;
}

function idProblem(id: string): string | undefined {
  // Most ids are ASCII: one byte a character, and a quicker test than the Unicode one (which they would pass).
  const ascii = ASCII_SAFE_ID.test(id);
  // An escaped id's file name is the decoded one (undefined where the escapes do not decode).
  const name = ascii || !id.includes('%') ? id : decodedName(id);
  const bytes = ascii ? id.length : Buffer.byteLength(name ?? id);
  if (bytes > MOST_ID_BYTES) return `is ${bytes} bytes long (at most ${MOST_ID_BYTES})`;
  if (SITE_OWN_NAMES.has(id)) return "is the name of one of the site's own files or folders";
  if (id.includes('/')) {
    const problem = idSegmentsProblem(id.split('/'));
    if (problem !== undefined) return problem;
  }
  if (ascii || SAFE_ID.test(id)) return undefined;
  const points = [...id];
  const bad = points.find((character, at) => !(at === 0 || points[at - 1] === '/' ? FIRST_CHARACTER : LATER_CHARACTER).test(character));
  if (bad !== undefined) return `contains ${JSON.stringify(bad)}${points[0] === bad ? ' at its start' : ''}`;
  return escapeProblem(id, name);
}

/** What is wrong with an id's percent escapes, if anything: each must decode to a character a file name holds, written as a URL writes it. */
function escapeProblem(id: string, name: string | undefined): string | undefined {
  if (name === undefined) return 'has a "%" that is not the escape of a UTF-8 character';
  const unescapable = UNESCAPABLE.exec(name)?.[0];
  if (unescapable !== undefined) return `escapes ${JSON.stringify(unescapable)}, which a file name on every host cannot hold as itself`;
  const canonical = idOfFileName(name);
  return canonical === id ? undefined : `escapes characters a URL writes otherwise (as ${JSON.stringify(canonical)})`;
}

function decodedName(id: string): string | undefined {
  try {
    return fileNameOf(id);
  } catch {
    return undefined;
  }
}

// The first few, then how many more: a vocabulary can have hundreds.
function firstFew(items: readonly string[]): string {
  return `${items.slice(0, SHOWN).join('; ')}${items.length > SHOWN ? `; and ${items.length - SHOWN} more` : ''}`;
}

// Quoted, and cut short: an id can be as long as the file allows.
function shown(text: string): string {
  const points = [...text];
  return JSON.stringify(points.length > 60 ? `${points.slice(0, 57).join('')}…` : text);
}

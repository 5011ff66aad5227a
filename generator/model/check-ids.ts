import { UserError } from '../load/errors.ts';
import { RESERVED_IDS } from '../route/paths.ts';
import type { Entity } from './entities.ts';

/** Ids refused because no single file and URL path segment could carry them safely. */
export class UnsafeIdError extends UserError {
  /** The refused entities' IRIs, in the order they are listed. */
  readonly iris: string[];
  constructor(message: string, hint: string, iris: string[]) {
    super(message, hint);
    this.iris = iris;
  }
}

// Letters, digits, "-", "_" and "~", starting with a letter or digit: one path segment on every host and file system.
const SAFE_ID = /^[\p{L}\p{N}][\p{L}\p{N}_~-]*$/u;
const MOST_ID_BYTES = 200;
const SHOWN = 5;

/**
 * Every id becomes a file name and a URL path segment: refuses ids that would leave the output folder, nest
 * folders, clash with the build's own files or exceed file-name limits, listing the first few with the reason
 * for each. Ids that differ only by letter case are published (every host is case-sensitive): returned, in
 * groups, for a warning, and for a refusal where the output's file system folds case (see loadModel).
 */
export function checkIds(entities: readonly Entity[], reserved: ReadonlySet<string> = new Set(RESERVED_IDS)): string[][] {
  const problems: string[] = [];
  const iris: string[] = [];
  const byFolded = new Map<string, string[]>();
  for (const entity of entities) {
    const problem = idProblem(entity.id, reserved);
    if (problem) {
      problems.push(`${shown(entity.id)} (${shown(entity.iri)}) ${problem}`);
      iris.push(entity.iri);
      continue;
    }
    const folded = entity.id.toLowerCase();
    const group = byFolded.get(folded);
    if (group) group.push(entity.id);
    else byFolded.set(folded, [entity.id]);
  }
  if (problems.length > 0) {
    throw new UnsafeIdError(`${problems.length} id(s) cannot be published as a file and URL: ${firstFew(problems)}`,
      'rename those IRIs (letters, digits, "-", "_" and "~", at most 200 bytes after the base IRI), or pass --base-iri with the IRI their ids start after', iris);
  }
  return [...byFolded.values()].filter((group) => group.length > 1);
}

/** The refusal for ids that differ only by case, where the output folder's file system would make them one file. */
export function caseCollisionError(groups: readonly (readonly string[])[], folder: string): UserError {
  return new UserError(`${groups.length} group(s) of ids differ only by letter case (${firstFew(groups.map((group) => group.map(shown).join(' and ')))}), and ${folder} is on a file system that ignores case, where each group would be one file`,
    'build into a folder on a case-sensitive file system (any Linux one; on macOS a case-sensitive APFS volume): every host serves them apart');
}

/** The warning each group of ids that differ only by case gets. */
export function caseCollisionWarning(group: readonly string[]): string {
  return `case-collision: ${group.map(shown).join(' and ')} differ only by letter case; each is published (hosts tell them apart), but a case-insensitive file system cannot hold both`;
}

function idProblem(id: string, reserved: ReadonlySet<string>): string | undefined {
  if (Buffer.byteLength(id) > MOST_ID_BYTES) return `is ${Buffer.byteLength(id)} bytes long (at most ${MOST_ID_BYTES})`;
  if (reserved.has(id.toLowerCase())) return 'is a name the site itself uses';
  if (SAFE_ID.test(id)) return undefined;
  const bad = [...id].find((character, at) => !(at === 0 ? /[\p{L}\p{N}]/u : /[\p{L}\p{N}_~-]/u).test(character)) ?? '';
  return `contains ${JSON.stringify(bad)}${[...id][0] === bad ? ' at its start' : ''}`;
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

// What every kind of edit is made of: the words it writes, and small changes to one description's statements.
import type { Rng } from '../../../bench/folio-shaped/rng.ts';
import type { OntologyFolder } from './ontology-folder.ts';
import type { Description, ObjectTerm, Statement } from './statements.ts';

/** An edit of the folder, described for the failure message; undefined when the folder offers it nothing to change. */
export type Edit = (folder: OntologyFolder, rng: Rng) => string | undefined;
export type EditTable = Readonly<Record<string, Edit>>;

// Words that share prefixes with each other and with labels already there, so ranked search lists shift.
const WORDS = [
  'Contract',
  'Contractor',
  'Court',
  'Courts',
  'Appeal',
  'Appellate',
  'Lease',
  'Leasing',
  'Trust',
  'Trustee',
  'Tax',
  'Taxation',
  'Juge',
  'Cláusula',
  'Überweisung',
  'Straße',
  'ﬁduciary',
  'Æsop',
  '裁判',
  'Zoning',
  'A',
  'Ab',
  'M&A',
  '<b>',
  '"quoted"',
  // Decomposed (a combining acute), which search folds as it folds the composed "Cláusula".
  'Cla\u0301usula',
  '—',
];
/** Language tags as FOLIO writes them, English ones (which the label choice prefers), and one in capitals. */
export const LANGUAGES = ['de-de', 'fr-fr', 'es-es', 'pt-br', 'ja-jp', 'it-it', 'en', 'en-gb', 'EN-US'];

export function words(rng: Rng): string {
  return Array.from({ length: rng.between(1, 3) }, () => rng.pick(WORDS)).join(' ');
}

/** A longer text for definitions and notes: now and then with a paragraph break, as some of FOLIO's have. */
export function sentence(rng: Rng): string {
  return `${words(rng)} & ${words(rng)}${rng.chance(0.1) ? '\n\n' : ' '}<${rng.int(100)}>`;
}

/** Indexes of the statements with this predicate (and passing `only`). */
export function indexesOf(description: Description, predicate: string, only: (object: ObjectTerm) => boolean = () => true): number[] {
  return description.statements.flatMap((statement, at) => (statement.predicate === predicate && only(statement.object) ? [at] : []));
}

/** Adds a statement: mostly last, as an editor appends, sometimes among the others (the order decides "last wins" fields). */
export function addStatement(description: Description, statement: Statement, rng: Rng): 'added' {
  const at = rng.chance(0.7) ? description.statements.length : rng.int(description.statements.length + 1);
  description.statements.splice(at, 0, statement);
  return 'added';
}

/** Replaces the object of one statement of the predicate picked at random (passing `only`), else adds one. */
export function setObject(
  description: Description,
  predicate: string,
  object: ObjectTerm,
  rng: Rng,
  only?: (object: ObjectTerm) => boolean,
): 'replaced' | 'added' {
  const found = indexesOf(description, predicate, only);
  if (found.length === 0) return addStatement(description, { predicate, object }, rng);
  description.statements[rng.pick(found)] = { predicate, object };
  return 'replaced';
}

/** Removes one statement of the predicate picked at random (passing `only`); false when there is none. */
export function removeOne(description: Description, predicate: string, rng: Rng, only?: (object: ObjectTerm) => boolean): boolean {
  const found = indexesOf(description, predicate, only);
  if (found.length === 0) return false;
  description.statements.splice(rng.pick(found), 1);
  return true;
}

export const isLiteral = (object: ObjectTerm): boolean => object.kind === 'literal';
export const isPlain = (object: ObjectTerm): boolean => object.kind === 'literal' && object.language === undefined;
export const isTagged = (object: ObjectTerm): boolean => object.kind === 'literal' && object.language !== undefined;
export const isNamed = (object: ObjectTerm): boolean => object.kind === 'iri';

/** Short and readable in a failure message. */
export function shown(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}…` : text);
}

/**
 * Deals the table's edits in rounds, each round every edit once in a shuffled order, so a chain of a few
 * rounds makes every kind of edit whatever the seed. An edit with nothing to change yet (a merge before any
 * split) goes to the end of the round; when none left in the round has, the next round is dealt behind them.
 */
export class EditDeck {
  readonly #table: EditTable;
  readonly #rng: Rng;
  #round: string[] = [];

  constructor(table: EditTable, rng: Rng) {
    this.#table = table;
    this.#rng = rng;
  }

  /** One to `most` edits, applied in turn; each named and described. */
  deal(folder: OntologyFolder, most: number): { name: string; done: string }[] {
    return Array.from({ length: this.#rng.between(1, most) }, () => {
      let idle = 0;
      for (let attempt = 0; attempt < 1000; attempt += 1) {
        if (idle >= this.#round.length) [this.#round, idle] = [[...this.#round, ...shuffled(Object.keys(this.#table).sort(), this.#rng)], 0];
        const name = this.#round.shift() as string;
        const done = this.#table[name](folder, this.#rng);
        if (done !== undefined) return { name, done };
        this.#round.push(name);
        idle += 1;
      }
      throw new Error(`no edit of ${Object.keys(this.#table).join(', ')} finds anything to change`);
    });
  }
}

function shuffled<T>(items: T[], rng: Rng): T[] {
  for (let at = items.length - 1; at > 0; at -= 1) {
    const other = rng.int(at + 1);
    [items[at], items[other]] = [items[other], items[at]];
  }
  return items;
}

// The FOLIO-shaped file's words made into text: definitions of a random length, labels' capitals and articles,
// initials, and a hash that maps a word to the same translation every time.
import { ADJECTIVES, AMOUNTS, CONTEXTS, NOUNS, PARTIES, PLACES, VERBS } from './words.ts';
import type { Rng } from './rng.ts';

/** The first sentence names the subject: a class (with its parent's label, if any) or a property (`parent` undefined). */
function openingSentence(rng: Rng, subject: string, parent: string | null | undefined): string {
  const n = (): string => rng.pick(NOUNS);
  const a = (): string => rng.pick(ADJECTIVES);
  if (parent === undefined)
    return `In legal usage, "${subject}" relates ${withArticle(n())} to the ${a()} ${n()} that ${rng.pick(PARTIES)} ${rng.pick(VERBS)}.`;
  return parent !== null && rng.chance(0.6)
    ? `${withArticle(subject, true)} is a kind of ${parent} concerned with the ${n()} of ${n()} and the related ${n()}.`
    : `${subject} refers to the ${a()} ${n()} that ${rng.pick(PARTIES)} ${rng.pick(VERBS)} in connection with ${withArticle(a())} ${n()}.`;
}

/** Further sentences, with quotes, apostrophes, "<", "&" and accented place names for XML escaping and Unicode. */
function sentence(rng: Rng): string {
  const n = (): string => rng.pick(NOUNS);
  const a = (): string => rng.pick(ADJECTIVES);
  switch (rng.int(7)) {
    case 0:
      return `It is most often encountered in ${rng.pick(CONTEXTS)}, where ${rng.pick(PARTIES)} must establish the ${n()} before any ${n()} is ${rng.pick(VERBS)}.`;
    case 1:
      return `In ${rng.pick(PLACES)} and comparable jurisdictions, the term also extends to ${a()} ${n()} and ${n()}.`;
    case 2:
      return `Practitioners sometimes describe it as "${a()} ${n()}", although the usage varies between ${rng.pick(CONTEXTS)} and ${rng.pick(CONTEXTS)}.`;
    case 3:
      return `Simplified rules apply where the ${n()} is < ${rng.pick(AMOUNTS)} & the ${n()} does not exceed ${rng.pick(AMOUNTS)}.`;
    case 4:
      return `The ${n()}'s ${n()} determines whether ${rng.pick(PARTIES)} may rely on it.`;
    case 5:
      return `Unlike ${withArticle(a())} ${n()}, it does not require ${rng.pick(PARTIES)} to give notice of the ${n()}.`;
    default:
      return `Where ${rng.pick(PARTIES)} ${rng.pick(VERBS)} the ${n()}, ${rng.pick(PARTIES)} may seek ${n()} or ${n()} under the applicable ${n()}.`;
  }
}

/** Sentences until a random target length; the result always lies within 150–600 characters. */
export function definition(rng: Rng, subject: string, parent: string | null | undefined): string {
  const target = rng.between(150, 400);
  // About 1% of definitions have paragraph breaks, as some of FOLIO's do.
  const separator = rng.chance(0.01) ? '\n\n' : ' ';
  let text = openingSentence(rng, subject, parent);
  for (let attempt = 0; text.length < target && attempt < 40; attempt++) {
    const next = sentence(rng);
    if (text.length + separator.length + next.length > 600) {
      if (text.length >= 150) break;
      continue;
    }
    text += separator + next;
  }
  return text;
}

export function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function withArticle(word: string, capital = false): string {
  const form = /^[aeiou]/i.test(word) ? 'an' : 'a';
  return `${capital ? titleCase(form) : form} ${word}`;
}

/** Upper-case initials for hidden labels ("Motion to Dismiss" → "MTD"), at least two letters. */
export function initials(label: string): string {
  const letters = label
    .split(/[\s/]+/)
    .map((word) => word.charAt(0))
    .join('')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  return letters.length >= 2
    ? letters
    : label
        .replace(/[^A-Za-z]/g, '')
        .slice(0, 3)
        .toUpperCase();
}

// FNV-1a: maps an English word to the same foreign word every time.
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

// A small deterministic SKOS thesaurus, shaped as published ones are: a concept scheme, branches of concepts
// several levels deep whose hierarchy is stated either way (skos:broader on the narrower concept, or
// skos:narrower on the broader one), preferred labels in several languages, alternative and hidden labels,
// definitions, scope notes, notations and related concepts. Same options, same descriptions.
import { P } from '../../generator/model/vocabulary.ts';
import { ADJECTIVES, NOUNS, PLACES, TRANSLATION_WORDS } from '../../bench/folio-shaped/words.ts';
import { Rng } from '../../bench/folio-shaped/rng.ts';
import { iri, literal, SKOS_CONCEPT, SKOS_CONCEPT_SCHEME, type Description, type Statement } from './edits/statements.ts';

export const THESAURUS_BASE = 'https://thesaurus.example.org/concepts/';
const SCHEME = 'https://thesaurus.example.org/scheme';
const TOP_CONCEPT_OF = 'http://www.w3.org/2004/02/skos/core#topConceptOf';
const LANGUAGES = ['fr-fr', 'de-de', 'es-es', 'ja-jp'] as const;

// A few sentences, as long as FOLIO's definitions are (they make up most of what search lists of a concept).
function definition(rng: Rng, subject: string): string {
  const sentences = [
    `The ${subject} & what follows from it, as courts read it.`,
    `It covers the ${rng.pick(NOUNS)} of the ${rng.pick(NOUNS)}, and any ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} the parties agree on.`,
    `Where the ${rng.pick(NOUNS)} is < ${rng.between(2, 90)} days old, the ${rng.pick(ADJECTIVES)} rules apply instead.`,
    `See also the ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} and the "${rng.pick(NOUNS)}" doctrine.`,
    `Practitioners in ${rng.pick(PLACES)} describe it as the ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} of last resort.`,
  ];
  return sentences.slice(0, rng.between(3, 5)).join(' ');
}

export interface ThesaurusOptions {
  concepts: number;
  branches: number;
  seed: number;
}

/** The scheme, then the concepts branch by branch (each branch's concepts together, as a file per branch holds them). */
export function thesaurusShaped({ concepts, branches, seed }: ThesaurusOptions): Description[][] {
  const rng = new Rng(seed);
  const titles = (text: string) => text.replace(/(^|\s)\p{Ll}/gu, (letter) => letter.toUpperCase());
  const scheme: Description = { iri: SCHEME, type: SKOS_CONCEPT_SCHEME, statements: [{ predicate: P.prefLabel, object: literal('Legal topics', 'en') }] };
  const byBranch: Description[][] = Array.from({ length: branches }, () => []);
  const all: { description: Description; branch: number; depth: number }[] = [];
  for (let number = 0; number < concepts; number += 1) {
    const branch = number % branches;
    const parents = all.filter((concept) => concept.branch === branch && concept.depth < 4);
    const parent = number < branches ? undefined : rng.pick(parents);
    // Topics shared by many concepts, as a thesaurus's "… taxation" and "… court" are: busy prefixes, ranked in
    // advance; a topic first ("Taxation Appeals") or last ("Local Taxation").
    const topic = rng.chance(0.5) ? 'taxation' : rng.chance(0.3) ? 'court' : rng.pick(NOUNS);
    const words = rng.chance(0.5) ? [topic, rng.pick(NOUNS)] : [rng.pick(ADJECTIVES), topic];
    const label = titles(words.join(' '));
    const description: Description = { iri: `${THESAURUS_BASE}c${String(number).padStart(4, '0')}`, type: SKOS_CONCEPT, statements: [] };
    const add = (statement: Statement) => description.statements.push(statement);
    add({ predicate: P.inScheme, object: iri(SCHEME) });
    if (parent === undefined) add({ predicate: TOP_CONCEPT_OF, object: iri(SCHEME) });
    add({ predicate: P.prefLabel, object: literal(label, 'en') });
    for (const language of LANGUAGES) {
      if (!rng.chance(0.6)) continue;
      const list = TRANSLATION_WORDS[language].words;
      add({ predicate: P.prefLabel, object: literal(titles(words.map((_, at) => list[(number * 7 + at) % list.length]).join(' ')), language) });
    }
    if (rng.chance(0.4)) add({ predicate: P.altLabel, object: literal(`${label} matters`, 'en') });
    // The topic alone as another name ("Taxation"): the topic's own query ranks it first, a shorter one ("taxa") not.
    if (topic === words[1] && topic === 'taxation' && rng.chance(0.3)) add({ predicate: P.altLabel, object: literal('Taxation', 'en') });
    if (rng.chance(0.1)) add({ predicate: P.hiddenLabel, object: literal(label.toLowerCase().replace(/ /g, '')) });
    if (rng.chance(0.8)) add({ predicate: P.definition, object: literal(definition(rng, words.join(' ')), 'en') });
    if (rng.chance(0.2)) add({ predicate: P.scopeNote, object: literal(`Not for ${rng.pick(NOUNS)} matters.`, 'en') });
    if (rng.chance(0.7)) add({ predicate: P.notation, object: literal(`${branch}.${number}`) });
    if (all.length > 0 && rng.chance(0.15)) add({ predicate: P.related, object: iri(rng.pick(all).description.iri) });
    // The hierarchy stated on this concept (broader) or on its parent (narrower), as thesauri differ.
    if (parent !== undefined && rng.chance(0.5)) add({ predicate: P.broader, object: iri(parent.description.iri) });
    else if (parent !== undefined) parent.description.statements.push({ predicate: P.narrower, object: iri(description.iri) });
    all.push({ description, branch, depth: parent === undefined ? 0 : parent.depth + 1 });
    byBranch[branch].push(description);
  }
  return [[scheme], ...byBranch];
}

import type { OntologyModel } from '../../generator/model/ontology-model.ts';

// An independent, deliberately plain implementation of the search semantics in the issue, to check the index against.

const LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const LABEL_PREDICATES = [LABEL, `${SKOS}prefLabel`, `${SKOS}altLabel`, `${SKOS}hiddenLabel`];

export function plainNormalize(text: string): string {
  const decomposed = text.normalize('NFKD');
  let withoutMarks = '';
  for (const char of decomposed) if (!/\p{M}/u.test(char)) withoutMarks += char;
  let out = '';
  let inGap = false;
  for (const char of withoutMarks.toLowerCase()) {
    if (/[\p{L}\p{N}]/u.test(char)) {
      out += char;
      inGap = false;
    } else if (!inGap) {
      out += ' ';
      inGap = true;
    }
  }
  return out.trim();
}

interface Candidate {
  iri: string;
  kind: 'class' | 'property';
  record: { label: string | null; preferred_label: string | null; alternative_labels: string[]; definition: string | null };
  /** `laterWords`: the label from each of its words but the first (worked out once, not per query). */
  labels: { original: string; normalized: string; primary: boolean; laterWords: string[] }[];
}

export interface BruteHit {
  iri: string;
  label: string | null;
  preferred_label: string | null;
  alternative_labels: string[];
  definition: string | null;
  match: string;
}

// Sorting thousands of hits per query compares the same texts again and again: each is spelled out once.
const spelled = new Map<string, number[]>();

function codePoints(text: string): number[] {
  let points = spelled.get(text);
  if (points === undefined) {
    points = [...text].map((char) => char.codePointAt(0) ?? 0);
    spelled.set(text, points);
  }
  return points;
}

function compareText(a: string, b: string): number {
  const x = codePoints(a);
  const y = codePoints(b);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

export function candidatesOf(model: OntologyModel): Candidate[] {
  return model.entities.map((entity) => {
    const labels: Candidate['labels'] = [];
    const add = (original: string, primary: boolean) => {
      if (labels.some((label) => label.original === original)) return;
      const normalized = plainNormalize(original);
      const words = normalized.split(' ');
      labels.push({ original, normalized, primary, laterWords: words.slice(1).map((_, at) => words.slice(at + 1).join(' ')) });
    };
    if (entity.record.label !== null) add(entity.record.label, true);
    for (const quad of entity.quads) {
      if (quad.subject.value === entity.iri && LABEL_PREDICATES.includes(quad.predicate.value) && quad.object.termType === 'Literal')
        add(quad.object.value, false);
    }
    const { label, preferred_label, alternative_labels, definition } = entity.record;
    return { iri: entity.iri, kind: entity.kind, record: { label, preferred_label, alternative_labels, definition }, labels };
  });
}

/** Every entity a query finds, in the order the semantics define, as [classes, properties]. */
export function bruteForceSearch(candidates: Candidate[], rawQuery: string): { classes: BruteHit[]; properties: BruteHit[] } {
  const query = plainNormalize(rawQuery);
  const scored: { candidate: Candidate; key: [number, number, number, string]; match: string }[] = [];
  for (const candidate of candidates) {
    let best: { key: [number, number, number, string]; match: string } | undefined;
    for (const label of candidate.labels) {
      let rank = -1;
      if (label.normalized === query) rank = 0;
      else if (label.normalized.startsWith(query)) rank = 1;
      else if (label.laterWords.some((rest) => rest.startsWith(query))) rank = 2;
      if (rank < 0) continue;
      const key: [number, number, number, string] = [rank, label.primary ? 0 : 1, codePoints(label.normalized).length, label.normalized];
      if (!best || compareKey(key, best.key) < 0) best = { key, match: label.original };
    }
    if (best) scored.push({ candidate, ...best });
  }
  scored.sort((a, b) => compareKey(a.key, b.key) || compareText(a.candidate.iri, b.candidate.iri));
  const hits = (kind: Candidate['kind']) =>
    scored.filter((s) => s.candidate.kind === kind).map((s) => ({ iri: s.candidate.iri, ...s.candidate.record, match: s.match }));
  return { classes: hits('class'), properties: hits('property') };
}

function compareKey(a: [number, number, number, string], b: [number, number, number, string]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || compareText(a[3], b[3]);
}

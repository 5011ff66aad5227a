// A Turtle file as the edits see it: one description a subject, written back with the usual prefixes. The
// generator reads a Turtle file as one block, so any edit to it changes one block however small it is.
import { Parser, type Quad, type Term } from 'n3';
import { compact, isDescription, OWL, PREFIXES, RDF_TYPE, type Description, type EditableFile, type ObjectTerm, type Unit } from './statements.ts';

const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';
const LANG_STRING = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString';

export class TurtleFile implements EditableFile {
  readonly name: string;
  readonly syntax = 'turtle';
  units: Unit[];

  constructor(name: string, units: Description[]) {
    this.name = name;
    this.units = units;
  }

  /** Parses Turtle whose objects are IRIs and literals (no blank nodes): each run of one subject's triples is a description. */
  static parse(name: string, text: string): TurtleFile {
    const units: Description[] = [];
    for (const quad of new Parser().parse(text) as Quad[]) {
      if (quad.subject.termType !== 'NamedNode') throw new Error(`${name}: only named subjects are supported`);
      let last = units.at(-1);
      if (last?.iri !== quad.subject.value) units.push((last = { iri: quad.subject.value, statements: [] }));
      if (quad.predicate.value === RDF_TYPE && last.type === undefined && last.statements.length === 0 && quad.object.termType === 'NamedNode') {
        last.type = quad.object.value;
        continue;
      }
      last.statements.push({ predicate: quad.predicate.value, object: objectOf(quad.object, name) });
    }
    return new TurtleFile(name, units);
  }

  text(): string {
    const prefixes = Object.entries(PREFIXES).map(([prefix, namespace]) => `@prefix ${prefix}: <${namespace}> .\n`);
    const subjects = this.units.filter(isDescription).flatMap((description) => {
      const lines = [
        ...(description.type === undefined ? [] : [`a ${term(description.type)}`]),
        ...description.statements.map(({ predicate, object }) => `${predicate === RDF_TYPE ? 'a' : term(predicate)} ${objectText(object)}`),
      ];
      // A subject with nothing stated has no place in Turtle.
      return lines.length === 0 ? [] : [`${term(description.iri)} ${lines.join(' ;\n    ')} .\n`];
    });
    return `${prefixes.join('')}\n${subjects.join('\n')}`;
  }
}

function objectOf(object: Term, file: string): ObjectTerm {
  if (object.termType === 'NamedNode') return { kind: 'iri', iri: object.value };
  if (object.termType !== 'Literal') throw new Error(`${file}: only IRIs and literals are supported as objects`);
  const datatype = object.datatype.value === XSD_STRING || object.datatype.value === LANG_STRING ? undefined : object.datatype.value;
  return { kind: 'literal', text: object.value, ...(object.language ? { language: object.language } : {}), ...(datatype ? { datatype } : {}) };
}

function term(value: string): string {
  return compact(value, PREFIXES) ?? `<${value.replace(/[\\>]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)}>`;
}

function objectText(object: ObjectTerm): string {
  switch (object.kind) {
    case 'iri':
      return term(object.iri);
    case 'literal':
      // JSON's string syntax is Turtle's too (the escapes \" \\ \n \uXXXX).
      return `${JSON.stringify(object.text)}${object.language ? `@${object.language}` : object.datatype ? `^^${term(object.datatype)}` : ''}`;
    case 'restriction':
      return `[ a ${term(OWL.Restriction)} ; ${term(OWL.onProperty)} ${term(object.onProperty)} ; ${term(OWL.someValuesFrom)} ${term(object.target)} ]`;
    case 'xml':
      throw new Error('nested RDF/XML cannot be written as Turtle');
  }
}

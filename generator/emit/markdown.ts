import type { ClassRecord, EntityRecord, PropertyRecord } from '../schema/records.ts';

// The live service's layout: title, IRI, labels, definition, lists, then one bold line per scalar field.
type Block = string | null;

const line = (name: string, value: string | null): Block => (value === null ? null : `**${name}:** ${value}\n\n`);
const section = (title: string, body: string | null): Block => (body === null ? null : `## ${title}\n\n${body}\n\n`);
const bullets = (items: readonly string[]): string | null => (items.length === 0 ? null : items.map((item) => `- ${item}`).join('\n'));
const listSection = (title: string, items: readonly string[]): Block => section(title, bullets(items));
const boldList = (name: string, items: readonly string[]): Block => (items.length === 0 ? null : `**${name}:**\n\n${bullets(items)}\n\n`);

function translationLines(translations: Record<string, string>): string[] {
  return Object.keys(translations)
    .sort()
    .map((language) => `${language}: ${translations[language]}`);
}

// The live service prints a missing label as Python's None.
function headingBlocks(record: EntityRecord): Block[] {
  return [
    `# ${record.label ?? 'None'}\n\n`,
    line('IRI', record.iri),
    '## Labels\n\n',
    line('Preferred Label', record.preferred_label),
    boldList('Alternative Labels', record.alternative_labels),
  ];
}

function classBlocks(record: ClassRecord, concept: boolean): Block[] {
  return [
    ...headingBlocks(record),
    boldList('Translations', translationLines(record.translations)),
    line('Hidden Label', record.hidden_label),
    section('Definition', record.definition),
    listSection('Examples', record.examples),
    listSection(concept ? 'Broader' : 'Sub Class Of', record.sub_class_of),
    listSection(concept ? 'Narrower' : 'Parent Class Of', record.parent_class_of),
    line('Is Defined By', record.is_defined_by),
    listSection('See Also', record.see_also),
    line('Comment', record.comment),
    line('Deprecated', record.deprecated ? 'True' : 'False'),
    listSection('Notes', record.notes),
    line('History Note', record.history_note),
    line('Editorial Note', record.editorial_note),
    line('In Scheme', record.in_scheme),
    line('Identifier', record.identifier),
    line('Description', record.description),
    line('Source', record.source),
    line('Country', record.country),
  ];
}

function propertyBlocks(record: PropertyRecord): Block[] {
  return [
    ...headingBlocks(record),
    section('Definition', record.definition),
    listSection('Examples', record.examples),
    listSection('Sub Property Of', record.sub_property_of),
    listSection('Domain', record.domain),
    listSection('Range', record.range),
    line('Inverse Of', record.inverse_of),
  ];
}

/**
 * Markdown byte-identical to the live service's `GET /{id}/markdown` for classes, except that every "<" is
 * written `&lt;` (the layout itself writes none): ontology text can never open raw HTML, neither in a
 * Markdown renderer nor in a browser the file is served to as HTML. A concept's parents and children are
 * headed Broader and Narrower.
 */
export function emitMarkdown(record: EntityRecord, concept = false): string {
  const blocks = 'sub_class_of' in record ? classBlocks(record, concept) : propertyBlocks(record);
  return blocks
    .filter((block): block is string => block !== null)
    .join('')
    .replaceAll('<', '&lt;');
}

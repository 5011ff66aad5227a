// HTML written as template strings, escaped the way Astro's templates escape: a page this module renders reads
// exactly as the same markup in an .astro file would. Text is escaped unless it is already markup.

/** Text that is HTML already: inserted as it is. */
export class Markup {
  readonly html: string;

  constructor(html: string) {
    this.html = html;
  }
}

/** What a template can hold: text (escaped), markup, lists of either, and nothing (false, null, undefined). */
export type Content = string | number | Markup | false | null | undefined | readonly Content[];

/** `html`<p>${text}</p>``: the template's own text is markup, every value in it is content. */
export function html(strings: TemplateStringsArray, ...values: readonly Content[]): Markup {
  let out = strings[0];
  for (let index = 0; index < values.length; index++) out += contentHtml(values[index]) + strings[index + 1];
  return new Markup(out);
}

/** An attribute as Astro writes `name={value}`: nothing for null or undefined, the bare name for "". */
export function attribute(name: string, value: string | null | undefined): Markup {
  if (value === null || value === undefined) return EMPTY;
  return new Markup(value === '' ? ` ${name}` : ` ${name}="${value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`);
}

/** Attributes in order, each as `attribute` writes it. */
export function attributes(values: Readonly<Record<string, string>>): Markup {
  let out = '';
  for (const [name, value] of Object.entries(values)) out += attribute(name, value).html;
  return new Markup(out);
}

const EMPTY = new Markup('');
const ESCAPABLE = /[&<>'"]/;
const ESCAPED = /[&<>'"]/g;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&#39;', '"': '&quot;' };

/** Text as Astro escapes a `{text}` expression. */
export function escapeText(text: string): string {
  return ESCAPABLE.test(text) ? text.replace(ESCAPED, (character) => ENTITIES[character] ?? character) : text;
}

function contentHtml(value: Content): string {
  if (typeof value === 'string') return escapeText(value);
  if (value instanceof Markup) return value.html;
  if (typeof value === 'number') return String(value);
  if (isList(value)) {
    let out = '';
    for (const item of value) out += contentHtml(item);
    return out;
  }
  return '';
}

function isList(value: Content): value is readonly Content[] {
  return Array.isArray(value);
}

// The RDF/XML text of the FOLIO-shaped file, written as the OWL API lays it out (FOLIO's own file comes from it).
export function banner(title: string): string {
  const rule = '/'.repeat(87);
  return `    <!-- \n    ${rule}\n    //\n    // ${title}\n    //\n    ${rule}\n     -->\n\n    \n\n\n`;
}

/** One OWL API block: the IRI comment, the element with 8-space children, then the blank-line gap. */
export function entityBlock(iri: string, element: string, lines: readonly string[]): string {
  const head = `    <!-- ${iri} -->\n\n    <${element} rdf:about="${iri}"`;
  if (lines.length === 0) return `${head}/>\n    \n\n\n`;
  return `${head}>\n        ${lines.join('\n        ')}\n    </${element}>\n    \n\n\n`;
}

export function literal(tag: string, text: string, language: string | null = null): string {
  return `<${tag}${language === null ? '' : ` xml:lang="${language}"`}>${escapeXml(text)}</${tag}>`;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

// Code-unit order, as the OWL API sorts; localeCompare would depend on the machine's ICU data.
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

import { micromark } from 'micromark';
import { describe, expect, it } from 'vitest';
import { emitMarkdown } from '../generator/emit/markdown.ts';
import { emptyClassRecord } from '../generator/model/class-record.ts';
import type { ClassRecord } from '../generator/schema/records.ts';

const EMPTY: ClassRecord = emptyClassRecord('https://x.example/H', []);

const HOSTILE = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '</p><iframe src="javascript:alert(1)">', '<!-- x --><svg onload=alert(1)>'];

// Rendered by a CommonMark renderer that lets raw HTML through, as many sites configure theirs.
describe('Markdown output holds no raw HTML, whatever the ontology says', () => {
  it.each(HOSTILE.map((text) => [text]))('%s as label, definition, alternative label, example and note', (text) => {
    const record: ClassRecord = {
      ...EMPTY,
      label: text,
      definition: `Ends here: ${text} & more`,
      alternative_labels: [text],
      examples: [text],
      notes: [text],
      translations: { fr: text },
    };
    const html = micromark(emitMarkdown(record), { allowDangerousHtml: true });
    expect(html).not.toMatch(/<(script|img|iframe|svg|!--)/i);
    // The text itself is all there, as text.
    expect(html).toContain(text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;'));
  });

  it('changes nothing for text without "<"', () => {
    const record: ClassRecord = { ...EMPTY, label: 'Contract & Sale (draft) *not* [x]', definition: 'Plain.' };
    expect(emitMarkdown(record)).toContain('# Contract & Sale (draft) *not* [x]\n');
  });
});

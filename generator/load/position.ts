export interface MessagePosition {
  line?: number;
  column?: number;
  message: string;
}

// Parsers put positions in the message text in different shapes (saxes counts columns from 0);
// pull them out so every error prints 1-based line and column the same way.
const SHAPES: { pattern: RegExp; columnOffset: number }[] = [
  { pattern: /^Line (\d+) column (\d+): ([\s\S]*)$/, columnOffset: 0 },
  { pattern: /^(?:[^:\n]*:)?(\d+):(\d+): ([\s\S]*)$/, columnOffset: 1 },
];

export function positionFromMessage(text: string): MessagePosition {
  for (const { pattern, columnOffset } of SHAPES) {
    const match = pattern.exec(text);
    if (match) return { line: Number(match[1]), column: Number(match[2]) + columnOffset, message: firstLine(match[3]) };
  }
  return { message: firstLine(text) };
}

function firstLine(text: string): string {
  return text.split('\n')[0].trim();
}

/** The 1-based line and column of an offset into a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

export interface MessagePosition {
  line?: number;
  column?: number;
  message: string;
}

// Parsers put positions in the message text in different shapes; pull them out so errors print uniformly.
const SHAPES: RegExp[] = [
  /^Line (\d+) column (\d+): ([\s\S]*)$/,
  /^(?:[^:\n]*:)?(\d+):(\d+): ([\s\S]*)$/,
];

export function positionFromMessage(text: string): MessagePosition {
  for (const shape of SHAPES) {
    const match = shape.exec(text);
    if (match) return { line: Number(match[1]), column: Number(match[2]), message: firstLine(match[3]) };
  }
  return { message: firstLine(text) };
}

function firstLine(text: string): string {
  return text.split('\n')[0].trim();
}

/** Where the code point that starts at `at` ends: one UTF-16 unit on, or two for a character beyond U+FFFF. */
export function codePointEnd(text: string, at: number): number {
  return at + ((text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1);
}

/** The first `length` code points of a text (all of it where it has fewer). */
export function codePointPrefix(text: string, length: number): string {
  let at = 0;
  for (let count = 0; count < length && at < text.length; count += 1) at = codePointEnd(text, at);
  return text.slice(0, at);
}

/** The first `length` code points of a text (all of it where it has fewer). */
export function codePointPrefix(text: string, length: number): string {
  let at = 0;
  for (let count = 0; count < length && at < text.length; count += 1) at += (text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
  return text.slice(0, at);
}

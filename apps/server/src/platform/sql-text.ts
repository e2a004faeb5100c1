/** `50%_off\` → `50\%\_off\\`: the user's text is a literal inside a LIKE pattern, never a pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Where to come back after logging in; only same-site paths are accepted. */
export function safeNext(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next.startsWith('/auth') || next.startsWith('/login') || next.startsWith('/register')) return null;
  return next;
}

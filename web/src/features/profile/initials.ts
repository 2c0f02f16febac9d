/** The avatar's initials (spec section 5): the first letters of the display name's first two words, uppercase; 'U' without a name. */
export function initialsOf(displayName: string | null | undefined): string {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'U';
  return words
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join('');
}

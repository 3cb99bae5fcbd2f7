/** Two letters for an avatar that has no picture: given + family name, else the display name's words. */
export function initialsOf(member: {
  given_name?: string | null;
  family_name?: string | null;
  display_name?: string | null;
}): string {
  const fromParts = [member.given_name, member.family_name].map((part) => part?.trim().charAt(0) ?? '').join('');
  if (fromParts) return fromParts.toUpperCase();
  const words = (member.display_name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]!.charAt(0)}${words.at(-1)!.charAt(0)}` : (words[0]?.slice(0, 2) ?? '');
  return letters.toUpperCase() || '?';
}

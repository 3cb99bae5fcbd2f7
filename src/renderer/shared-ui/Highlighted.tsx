import { splitByPattern, splitMatches } from './text-match';

/** Marks `query` as a substring, or what `pattern` (global) matches when given. */
export function Highlighted({ text, query, pattern }: { text: string; query: string; pattern?: RegExp | null }) {
  const parts = pattern ? splitByPattern(text, pattern) : splitMatches(text, query);
  return (
    <>
      {parts.map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string have only their position
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

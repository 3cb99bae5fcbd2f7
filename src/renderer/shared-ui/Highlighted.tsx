import { splitMatches } from './text-match';

export function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {splitMatches(text, query).map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string have only their position
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

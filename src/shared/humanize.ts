/** A value the service sends as a label longer than this is cut: a status is a word or two. */
const LABEL_MAX_LENGTH = 60;

/**
 * Enum-like values from the service read as words, known or not: `ON_HOLD` → `On hold`,
 * `TRANSCRIBING` → `Transcribing`, `in-progress` and `inProgress` → `In progress`.
 */
export function humanize(value: string): string {
  const words = value
    .slice(0, LABEL_MAX_LENGTH)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

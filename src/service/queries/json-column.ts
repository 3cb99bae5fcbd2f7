/** JSON columns hold text written by the service itself (migrations.ts conventions). */
export function parseJsonColumn<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

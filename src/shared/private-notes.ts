import { z } from 'zod';

/**
 * The manager's private notes: on a call, a line of its transcript, a deal or a rep. Kept per
 * workspace in its local copy (encrypted with it) and never sent to the service; they go with
 * "Remove local data".
 */

/** How many notes a workspace keeps, far beyond years of a manager's notes. */
export const NOTES_CAP = 20_000;
/** A note is a few paragraphs, not a document. */
export const NOTE_MAX_CHARACTERS = 10_000;

const RecordId = z.string().min(1).max(400);

/** What a note is about. A line is one of a call's transcript lines, with its moment for a link. */
export const NotePlace = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('call'), id: RecordId }),
  z.object({ kind: z.literal('deal'), id: RecordId }),
  z.object({ kind: z.literal('rep'), id: RecordId }),
  z.object({
    kind: z.literal('line'),
    /** The call's id. */
    id: RecordId,
    segmentId: RecordId,
    /** Seconds from the call's start, for a moment link; null when the line has no time. */
    seconds: z.number().nonnegative().finite().nullable(),
  }),
]);
export type NotePlace = z.infer<typeof NotePlace>;
const NoteKind = z.enum(['call', 'deal', 'rep', 'line']);
export type NoteKind = z.infer<typeof NoteKind>;

export interface PrivateNote {
  id: string;
  place: NotePlace;
  body: string;
  /** RFC 3339. */
  createdAt: string;
  updatedAt: string;
  /** What the place is called in the copy (the call's or deal's title, the rep's name); null when it holds none. */
  placeName: string | null;
}

/** A write and what was there before, so it can be undone by writing `before` again. */
export interface NoteChange {
  before: PrivateNote | null;
  after: PrivateNote | null;
}

/**
 * Notes about records (each kind with that id: `kinds` ['call', 'line'] and a call's id gives the
 * call's notes and its lines'), or whose text holds `text`; the newest first.
 */
export const ListNotesParams = z.object({
  about: z.object({ kinds: z.array(NoteKind).min(1).max(4), id: RecordId }).optional(),
  text: z.string().trim().min(1).max(200).optional(),
  limit: z.number().int().min(1).max(500).default(200),
});
export type ListNotesParams = z.input<typeof ListNotesParams>;

/** A new note (no id), a note's new text, or a removed note written back under its id (undo). */
export const SaveNoteParams = z.object({
  id: z
    .string()
    .regex(/^note_[0-9a-f-]{36}$/, 'must be a note’s id')
    .optional(),
  place: NotePlace,
  body: z.string().trim().min(1, 'A note needs some text.').max(NOTE_MAX_CHARACTERS),
});
export const RemoveNoteParams = z.object({ id: z.string().min(1).max(100) });
export type SaveNoteParams = z.output<typeof SaveNoteParams>;

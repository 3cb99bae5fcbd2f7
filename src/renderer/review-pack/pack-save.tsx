import { useMutation } from '@tanstack/react-query';
import { exportFileName, fileDate } from '../../shared/export-file-name';
import { type SaveOutcome, saveExport } from '../calls/export/save-export';
import { InlineError } from '../shared-ui/InlineError';
import { useKeyShortcut } from '../shared-ui/key-shortcut';
import { useScreenActions } from '../shared-ui/screen-actions';
import { reviewPackHtml } from './review-pack-html';

type PackFormat = 'md' | 'html';

/** A pack written out: what its file is named after, and its Markdown. */
export interface WrittenPack {
  /** The deal's title, or the roll-up row's words. */
  name: string;
  /** The HTML document's title. */
  documentTitle: string;
  builtAt: string;
  markdown: string;
  /** Said after the file's name once it is saved, such as what a capped pack left out. */
  note?: string;
}

const saidAfter: Record<SaveOutcome, string> = {
  saved: 'Review pack saved',
  downloaded: 'Review pack downloaded',
  cancelled: 'Not saved',
};

/**
 * `E` or the first button: the pack as Markdown; `Shift E` or the second: as a self-contained
 * HTML document that prints to PDF; either saved through the save dialog (browser mode downloads
 * it). `write` reads the pack from the local copy in one bridge call, so it works offline.
 */
/** How the palette offers the two saves: a stable id, and what is exported in words. */
export interface PackAction {
  id: string;
  what: string;
}

export function PackSaveButtons({
  write,
  label,
  action,
}: {
  write(): Promise<WrittenPack>;
  label: string;
  action: PackAction;
}) {
  const save = useMutation({
    mutationFn: async (format: PackFormat) => {
      const pack = await write();
      const name = exportFileName({
        title: pack.name,
        date: fileDate(pack.builtAt),
        what: 'review pack',
        extension: format,
      });
      const text = format === 'md' ? pack.markdown : reviewPackHtml(pack.markdown, pack.documentTitle);
      const type = format === 'md' ? 'text/markdown' : 'text/html';
      return { outcome: await saveExport({ name, type, text }), name, note: pack.note };
    },
  });
  const start = (format: PackFormat) => {
    if (!save.isPending) save.mutate(format);
  };
  useKeyShortcut('e', () => start('md'));
  useKeyShortcut('E', () => start('html'));
  useScreenActions([
    {
      id: `${action.id}-md`,
      title: `Export ${action.what} (Markdown)`,
      key: 'E',
      keywords: 'save deal',
      enabled: !save.isPending,
      run: () => start('md'),
    },
    {
      id: `${action.id}-html`,
      title: `Export ${action.what} for print (HTML, PDF)`,
      key: 'Shift E',
      keywords: 'save deal',
      enabled: !save.isPending,
      run: () => start('html'),
    },
  ]);
  const outcome = save.data;
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={save.isPending}
        aria-keyshortcuts="e"
        title="E"
        onClick={() => start('md')}
      >
        {save.isPending ? 'Saving review pack…' : `${label}…`}
      </button>
      <button
        type="button"
        className="button"
        disabled={save.isPending}
        aria-keyshortcuts="Shift+E"
        title="Shift E"
        onClick={() => start('html')}
      >
        {label} for print…
      </button>
      <output className="muted small" aria-live="polite">
        {save.isSuccess &&
          outcome &&
          `${saidAfter[outcome.outcome]}${outcome.outcome === 'cancelled' ? '.' : `: ${outcome.name}${outcome.note ? ` (${outcome.note})` : ''}`}`}
      </output>
      {save.isError && <InlineError error={save.error} />}
    </>
  );
}

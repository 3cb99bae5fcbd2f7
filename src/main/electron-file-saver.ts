import { writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { app, type BrowserWindow, dialog, type SaveDialogOptions } from 'electron';
import type { ExportExtension } from '../shared/export-file-name';
import type { FileSaver } from './core/platform/file-saver';

const formats: Record<ExportExtension, string> = {
  md: 'Markdown',
  txt: 'Plain text',
  vtt: 'WebVTT subtitles',
  csv: 'CSV',
  html: 'HTML document',
};

/**
 * The OS save dialog, opened on the Downloads folder with the suggested name. The name was checked
 * in the core (a bare, safe file name with an export's extension); the folder and final name are
 * the person's own choice.
 */
export function createElectronFileSaver(window: () => BrowserWindow | null): FileSaver {
  return {
    async save({ suggestedName, content }) {
      const extension = extname(suggestedName).slice(1) as ExportExtension;
      const options: SaveDialogOptions = {
        defaultPath: join(app.getPath('downloads'), suggestedName),
        filters: [{ name: formats[extension], extensions: [extension] }],
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      };
      const current = window();
      const choice = current ? await dialog.showSaveDialog(current, options) : await dialog.showSaveDialog(options);
      if (choice.canceled || !choice.filePath) return false;
      await writeFile(choice.filePath, content, 'utf8');
      return true;
    },
  };
}

import { call } from '../../api';
import { isDesktop } from '../../platform';
import { downloadFile } from '../../platform/download-file';

export interface ExportFile {
  name: string;
  /** The MIME type a browser download is labelled with. */
  type: string;
  text: string;
}

export type SaveOutcome = 'saved' | 'cancelled' | 'downloaded';

/** The desktop app asks where to save in the OS dialog (through main); browser mode downloads. */
export async function saveExport(file: ExportFile): Promise<SaveOutcome> {
  if (!isDesktop()) {
    downloadFile(file);
    return 'downloaded';
  }
  const { saved } = await call('saveFile', { suggestedName: file.name, content: file.text });
  return saved ? 'saved' : 'cancelled';
}

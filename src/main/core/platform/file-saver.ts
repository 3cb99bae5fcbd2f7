/** The desktop's save dialog, implemented by the Electron shell; browser mode has none and downloads in the page. */
export interface FileSaver {
  /** Asks where to save the file, suggesting `suggestedName`, and writes it there; false when the person cancelled. */
  save(file: { suggestedName: string; content: string }): Promise<boolean>;
}

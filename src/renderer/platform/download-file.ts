/** Browser mode's save: the browser downloads the text under `name`, into the folder its settings say. */
export function downloadFile(file: { name: string; type: string; text: string }): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: `${file.type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Hands a file to the browser's downloads, as a click on a link to it would. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the object URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Offers a file the app fetched (a history export) as a download named `fileName`. It is saved from
 * memory: the call that fetched it sent the token in a header, so no URL ever carries the token.
 */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

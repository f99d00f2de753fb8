/**
 * Hand the text to the browser as a file download (Blob + object URL). `text` may be given in
 * parts (the export's records): the Blob takes them as they are, without one big joined string.
 */
export function downloadText(
  text: string | readonly string[],
  fileName: string,
  type = 'text/csv;charset=utf-8',
): void {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\uFEFF', ...(typeof text === 'string' ? [text] : text)], { type });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

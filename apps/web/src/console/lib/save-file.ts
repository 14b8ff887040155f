import type { StaffFile } from './staff-api.ts';

/**
 * Hands a downloaded file to the browser as a download, under the name the
 * API gave it. The object URL is released after the click has started the
 * download (revoking it at once can cancel it in some browsers).
 */
export function saveFile(file: StaffFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? fallbackName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

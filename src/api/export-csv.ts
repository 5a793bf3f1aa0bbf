import { EXPORT_EXTENSION } from '../../shared/contract/export';
import { useHasExtension } from './extensions';
import { apiResponse } from './http';

export type ExportPath = '/api/v2/ext/export/residences' | '/api/v2/ext/export/active';
export type ExportQuery = Record<string, string | boolean | undefined>;

/** A big organization's export takes a while to make; the usual time-out would cut it off. */
const EXPORT_TIMEOUT_MS = 120_000;

/**
 * Fetches an export (docs/api.md "Extensions") with the user's token and hands it to the browser
 * as a download under the name the server gives it. Empty filters are left out of the URL.
 */
export async function downloadExport(path: ExportPath, query: ExportQuery): Promise<void> {
  const { body, headers } = await apiResponse<string>(path, {
    query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')),
    responseType: 'text',
    headers: { Accept: 'text/csv' },
    timeoutMs: EXPORT_TIMEOUT_MS,
  });
  // Reading the text drops the byte order mark that tells Excel it is UTF-8: put back.
  const blob = new Blob([body.startsWith('\uFEFF') ? body : `\uFEFF${body}`], {
    type: 'text/csv;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(headers.get('Content-Disposition')) ?? 'eksport.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The UTF-8 name (filename*) of a Content-Disposition, else its plain one. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8) return decodeURIComponent(utf8[1]!);
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
}

/** Whether the server makes exports; otherwise the app shows no export button. */
export const useHasExport = (): boolean => useHasExtension(EXPORT_EXTENSION);

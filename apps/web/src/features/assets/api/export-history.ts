import { historyExportFileName, type THistoryExportRequest } from '@kpc/shared';
import { useMutation } from '@tanstack/react-query';
import { requestFile } from '@/lib/request.ts';
import { saveFile } from '@/lib/save-file.ts';

/**
 * POST /api/ass/export {source, fromDate, toDate, asset?} — the asset flow or the financial records
 * of whole UTC days as a CSV file, saved on the device as `kpc-asset-flow-<from>-<to>.csv`.
 */
export async function exportHistory(params: THistoryExportRequest): Promise<void> {
  const file = await requestFile('/ass/export', params);
  saveFile(file, historyExportFileName(params));
}

/** Exports and saves the file; a failure is toasted by the request client. */
export function useExportHistory() {
  return useMutation({ mutationFn: exportHistory });
}

import { accountExportSchema } from '@contracts/account';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { toastError } from '../../../lib/toaster';
import { saveFile } from '../save-file';

export type AccountExportFile = { name: string; json: string };

/**
 * GET /api/user/export (issue 31): everything the product holds about the member, as the JSON
 * file to save. The answer is checked against the contract's outline but saved as the server
 * wrote it (the schema would drop sections it does not name).
 */
export async function exportAccount(): Promise<AccountExportFile> {
  const body = await apiRequest<unknown>('/api/user/export');
  const { exportedAt } = accountExportSchema.parse(body);
  const day = /^\d{4}-\d{2}-\d{2}/.exec(exportedAt)?.[0] ?? new Date().toISOString().slice(0, 10);
  return { name: `skilly-data-${day}.json`, json: JSON.stringify(body, null, 2) };
}

/** "Download my data": the browser saves the file; a failure says so, with the server's reason when it gave one. */
export function useExportAccount() {
  return useMutation({
    mutationFn: exportAccount,
    onSuccess: ({ name, json }) => saveFile.save(name, new Blob([json], { type: 'application/json' })),
    onError: (error) => toastError('Failed to download your data', error instanceof ApiError ? error.serverMessage : undefined),
  });
}

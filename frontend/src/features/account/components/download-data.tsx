import { Button } from '@blueprintjs/core';
import { useExportAccount } from '../api/export-account';

/** Issue 31: everything the product holds about the member, saved as one JSON file. */
export function DownloadData() {
  const download = useExportAccount();
  return <Button icon="download" text="Download my data" loading={download.isPending} onClick={() => download.mutate()} />;
}

import { DownloadOutlined } from '@ant-design/icons';
import type { ApiPath } from '@kpc/client';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport } from '@/lib/download-export.ts';

/**
 * "Export CSV" of a list as the operator filtered it (Step 8b §4): posts `filters` to `path` (an
 * `/…/export` route, which streams the file and audits the export) and saves `<name>-<date>.csv`.
 * Failures are shown by downloadExport.
 */
export function ExportButton({
  path,
  filters,
  name,
  testId,
}: {
  path: ApiPath;
  filters: object;
  name: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [isExporting, setIsExporting] = useState(false);

  async function exportCsv() {
    setIsExporting(true);
    try {
      await downloadExport(path, filters, `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch {
      // Shown by downloadExport.
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <Button
      icon={<DownloadOutlined />}
      loading={isExporting}
      onClick={() => void exportCsv()}
      data-testid={testId ?? `${name}-export`}
    >
      {t('exports.button')}
    </Button>
  );
}

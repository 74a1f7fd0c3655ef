import { ClientErrorCode, dropEmptyParams, RequestError, type ApiPath } from '@kpc/client';
import { ErrorCode } from '@kpc/shared';
import { downloadBlob } from './download.ts';
import { getLanguageAlias, i18n } from './i18n.ts';
import { notifyError } from './notify.ts';
import { endSession } from './request.ts';

/**
 * `POST /api/operator<path>` answered with a file (a CSV export) rather than the wire envelope:
 * saves it as `fileName`. A refusal still comes as the envelope and is shown like any failure.
 */
export async function downloadExport(path: ApiPath, params: object, fileName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/operator${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', language: getLanguageAlias() },
      body: JSON.stringify(dropEmptyParams(params)),
    });
  } catch {
    notifyError(i18n.t('request.systemError'));
    throw new RequestError(ClientErrorCode.NETWORK, i18n.t('request.systemError'));
  }
  if (response.ok && !(response.headers.get('content-type') ?? '').includes('application/json')) {
    downloadBlob(await response.blob(), fileName);
    return;
  }
  const body = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
  if (body?.code === ErrorCode.UNAUTHORIZED) {
    endSession();
    throw new RequestError(ErrorCode.UNAUTHORIZED, i18n.t('request.sessionExpired'));
  }
  const message = body?.msg || i18n.t('request.systemError');
  notifyError(message);
  throw new RequestError(body?.code ?? ClientErrorCode.NETWORK, message);
}

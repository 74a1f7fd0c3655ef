import { ActivationCodeStatus, ActivationCodeSource, type TActivationCode } from '@kpc/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';

/** `card_application:12` as "Card application #12"; a use the app does not know yet shows as sent. */
function useDescribeUse(): (usedFor: string) => string {
  const { t } = useTranslation();
  return (usedFor) => {
    const [kind = '', reference = ''] = usedFor.split(':');
    return t(`codes.usedFor.${kind}`, { id: reference, defaultValue: usedFor });
  };
}

/**
 * One code. Unused: the whole code to copy ("Copied") and Give. Used: its first and last four, when
 * and for what it was spent. Test ids `code-<id>`, `code-<id>-{value,copy,give,used-at,used-for}`.
 */
export function ActivationCodeItem({
  code,
  onGive,
}: {
  code: TActivationCode;
  onGive: (code: TActivationCode) => void;
}) {
  const { t } = useTranslation();
  const describeUse = useDescribeUse();
  const testId = `code-${code.id}`;
  const isUnused = code.status === ActivationCodeStatus.UNUSED && code.code !== null;

  return (
    <article className="record record--stacked activation-code" data-testid={testId}>
      <div className="activation-code__row">
        <span className="activation-code__value" translate="no" data-testid={`${testId}-value`}>
          {isUnused ? code.code : code.hint}
        </span>
        {isUnused && code.code && <CopyButton text={code.code} testId={`${testId}-copy`} />}
      </div>
      <div className="activation-code__row">
        <span className="record__meta activation-code__meta">
          <span className={isUnused ? 'record__tag record__tag--done' : 'record__tag'} data-testid={`${testId}-status`}>
            {isUnused
              ? t('codes.unused')
              : code.status === ActivationCodeStatus.VOIDED
                ? t('codes.voided')
                : t('codes.used')}
          </span>
          {code.source === ActivationCodeSource.GIFT ? t('codes.sources.gift') : t('codes.sources.purchase')} ·{' '}
          {formatDateTime(code.createdAt)}
        </span>
        {isUnused && (
          <Button
            size="small"
            fill="outline"
            color="primary"
            onClick={() => onGive(code)}
            data-testid={`${testId}-give`}
          >
            {t('codes.give.action')}
          </Button>
        )}
      </div>
      {!isUnused && (
        <dl className="record__facts">
          <div>
            <dt>{t('codes.usedAt')}</dt>
            <dd data-testid={`${testId}-used-at`}>{code.usedAt ? formatDateTime(code.usedAt) : '—'}</dd>
          </div>
          <div>
            <dt>{t('codes.usedForLabel')}</dt>
            <dd data-testid={`${testId}-used-for`}>{code.usedFor ? describeUse(code.usedFor) : '—'}</dd>
          </div>
        </dl>
      )}
    </article>
  );
}

import { WarningCircle } from '@phosphor-icons/react';
import { Button, Popup } from 'antd-mobile';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './review-sheet.css';
import './sheet.css';

export interface ReviewRow {
  /** Names the row; its value carries the test id `<testId>-<key>`. */
  key: string;
  label: ReactNode;
  value: ReactNode;
  /** A value too long to sit beside its label (an address): shown under it, across the sheet. */
  isWide?: boolean;
  /** The figure the member acts on (the amount received): set off from the rest. */
  isEmphasised?: boolean;
}

/** The label/value rows of a review or a receipt. */
export function ReviewRows({ rows, testId }: { rows: readonly ReviewRow[]; testId: string }) {
  return (
    <dl className="review-rows">
      {rows.map((row) => {
        const modifiers = [row.isWide && 'review-rows__row--wide', row.isEmphasised && 'review-rows__row--emphasised'];
        return (
          <div key={row.key} className={['review-rows__row', ...modifiers].filter(Boolean).join(' ')}>
            <dt>{row.label}</dt>
            <dd data-testid={`${testId}-${row.key}`}>{row.value}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * `0x8ba1f109…` as `0x8ba1 f109 …` groups of four: the whole address, in a monospace face, wrapping
 * only between groups, so its first and last characters can be read and compared.
 */
export function groupAddress(address: string): string[] {
  const prefix = address.startsWith('0x') ? '0x' : '';
  const groups = address.slice(prefix.length).match(/.{1,4}/g) ?? [];
  return groups.length > 0 ? [prefix + groups[0], ...groups.slice(1)] : [address];
}

/** A full address for checking by eye; the text (copied or read by a test) is the address itself. */
export function ReviewAddress({ address }: { address: string }) {
  const groups = groupAddress(address);
  return (
    <span className="review-address" translate="no">
      {groups.map((group, index) => (
        <span
          // Groups may repeat ("0000"): their place is their identity.
          key={index}
          className={
            index === 0 || index === groups.length - 1
              ? 'review-address__group review-address__group--edge'
              : 'review-address__group'
          }
        >
          {group}
        </span>
      ))}
    </span>
  );
}

interface ReviewSheetProps {
  isOpen: boolean;
  title: ReactNode;
  rows: readonly ReviewRow[];
  /** Under the rows: a note such as where the fee comes from, or the time a quote holds. */
  children?: ReactNode;
  /** A caution shown above the buttons (e.g. a wrong address cannot be recovered). */
  warning?: ReactNode;
  /** The rows no longer hold (an expired quote): shown faded. */
  isStale?: boolean;
  confirmLabel: ReactNode;
  /**
   * Runs the call. Confirm shows loading until it settles and takes no second press meanwhile;
   * Cancel and the mask wait too. It should not reject: the caller reports its own failures.
   */
  onConfirm: () => Promise<void> | void;
  onCancel: () => void;
  /**
   * Test ids: `<testId>` on the sheet, `<testId>-<row key>` on each value, `<testId>-warning`,
   * `<testId>-confirm` (or `confirmTestId`) and `<testId>-cancel`.
   */
  testId: string;
  confirmTestId?: string | undefined;
}

/**
 * The last look before money moves (a withdrawal, an exchange): what will happen, in full, then
 * Confirm or Cancel. One press of Confirm runs the call once.
 */
export function ReviewSheet({
  isOpen,
  title,
  rows,
  children,
  warning,
  isStale = false,
  confirmLabel,
  onConfirm,
  onCancel,
  testId,
  confirmTestId,
}: ReviewSheetProps) {
  const { t } = useTranslation();
  // The ref stops a second press in the same frame, before the state below has re-rendered.
  const isRunningRef = useRef(false);
  const [isRunning, setIsRunning] = useState(false);

  async function handleConfirm() {
    if (isRunningRef.current) return;
    isRunningRef.current = true;
    setIsRunning(true);
    try {
      await onConfirm();
    } finally {
      isRunningRef.current = false;
      setIsRunning(false);
    }
  }

  function handleCancel() {
    if (!isRunningRef.current) onCancel();
  }

  return (
    <Popup visible={isOpen} onMaskClick={handleCancel} onClose={handleCancel} bodyClassName="sheet" destroyOnClose>
      <div
        className={isStale ? 'sheet__content review-sheet review-sheet--stale' : 'sheet__content review-sheet'}
        data-testid={testId}
      >
        <h2 className="sheet__title">{title}</h2>
        <ReviewRows rows={rows} testId={testId} />
        {children}
        {warning && (
          <p className="review-sheet__warning" role="note" data-testid={`${testId}-warning`}>
            <WarningCircle size={18} aria-hidden="true" />
            <span>{warning}</span>
          </p>
        )}
        <div className="review-sheet__actions">
          <Button
            block
            color="primary"
            size="large"
            loading={isRunning}
            onClick={() => void handleConfirm()}
            data-testid={confirmTestId ?? `${testId}-confirm`}
          >
            {confirmLabel}
          </Button>
          <Button block fill="none" disabled={isRunning} onClick={handleCancel} data-testid={`${testId}-cancel`}>
            {t('common.cancel')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}

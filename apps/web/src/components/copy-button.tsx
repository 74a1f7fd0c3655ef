import { Copy } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/copy-text.ts';
import { showToast } from '@/lib/toast.ts';

/** Copies `text` and toasts "Copied" (SPEC §2 Mine, §8). */
export function CopyButton({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation();
  async function handleClick() {
    const isCopied = await copyText(text);
    showToast(isCopied ? t('common.copied') : t('common.copyFailed'));
  }
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={t('common.copy')}
      data-testid={testId}
      onClick={() => void handleClick()}
    >
      <Copy size={18} />
    </button>
  );
}

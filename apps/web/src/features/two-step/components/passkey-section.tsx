import { ZPasskeyName, type TPasskey, type TTwoStepStatus } from '@kpc/shared';
import { Fingerprint, PencilSimple, Trash } from '@phosphor-icons/react';
import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormInput } from '@/components/form-input.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { isPasskeySupported, PasskeyUnavailableError } from '@/lib/passkey.ts';
import { showToast } from '@/lib/toast.ts';
import {
  useAddPasskey,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
} from '@/features/two-step/api/passkey-calls.ts';
import { SecurityChangeForm, type SecurityChangeProof } from './security-change-form.tsx';

type Mode = { kind: 'add' } | { kind: 'remove'; passkey: TPasskey } | null;

/**
 * Passkeys on the two-step page (Step 11 §2): the member's list (name, added, last used), adding one
 * (the codes of a security change, then the browser's prompt), renaming and removing one. Test ids
 * `passkeys`, `passkey-item`, `passkey-add-start`, `passkey-rename`, `passkey-remove`, and the
 * forms' `passkey-add-*` and `passkey-remove-*`.
 */
export function PasskeySection({ status }: { status: TTwoStepStatus }) {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const addMutation = useAddPasskey();
  const renameMutation = useRenamePasskey();
  const removeMutation = useRemovePasskey();
  const [mode, setMode] = useState<Mode>(null);
  const isSupported = isPasskeySupported();
  const list = passkeys.data?.list ?? [];

  async function add(proof: SecurityChangeProof): Promise<boolean> {
    try {
      await addMutation.mutateAsync(proof);
    } catch (error) {
      // Server refusals are toasted by the request client; the browser's are said here.
      if (error instanceof PasskeyUnavailableError) {
        showToast(t(error.reason === 'unsupported' ? 'passkeys.unsupported' : 'passkeys.cancelled'));
      }
      return false;
    }
    showToast(t('passkeys.added'));
    setMode(null);
    return true;
  }

  async function remove(passkey: TPasskey, proof: SecurityChangeProof): Promise<boolean> {
    const isConfirmed = await Dialog.confirm({
      content: t('passkeys.removeConfirm', { name: passkey.name }),
      confirmText: <span data-testid="passkey-remove-confirm">{t('passkeys.remove')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!isConfirmed) return false;
    try {
      await removeMutation.mutateAsync({ id: passkey.id, ...proof });
    } catch {
      return false;
    }
    showToast(t('passkeys.removed'));
    setMode(null);
    return true;
  }

  async function rename(passkey: TPasskey) {
    let name = passkey.name;
    const isConfirmed = await Dialog.confirm({
      title: t('passkeys.renameTitle'),
      content: (
        <FormInput
          testId="passkey-rename-input"
          defaultValue={passkey.name}
          maxLength={40}
          onChange={(value) => (name = value)}
        />
      ),
      confirmText: <span data-testid="passkey-rename-confirm">{t('passkeys.save')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!isConfirmed) return;
    const parsed = ZPasskeyName.safeParse(name);
    if (!parsed.success) {
      showToast(t('validation.invalid'));
      return;
    }
    await renameMutation.mutateAsync({ id: passkey.id, name: parsed.data }).catch(() => undefined);
  }

  return (
    <>
      <h2 className="two-step-heading">{t('passkeys.title')}</h2>
      <section className="two-step-card" data-testid="passkeys">
        <div className="two-step-state">
          <Fingerprint size={28} weight="duotone" aria-hidden="true" />
          <div>
            <p className="two-step-card__text passkeys-intro">{t('passkeys.text')}</p>
          </div>
        </div>
        {!isSupported && (
          <p className="passkeys-unsupported" role="alert" data-testid="passkeys-unsupported">
            {t('passkeys.unsupported')}
          </p>
        )}
        {list.length > 0 ? (
          <ul className="passkeys-list">
            {list.map((passkey) => (
              <li key={passkey.id} className="passkeys-item" data-testid="passkey-item">
                <div className="passkeys-item__text">
                  <span className="passkeys-item__name">{passkey.name}</span>
                  <span className="passkeys-item__meta">
                    {t('passkeys.addedAt', { time: formatDateTime(passkey.createdAt) })}
                  </span>
                  <span className="passkeys-item__meta">
                    {passkey.lastUsedAt
                      ? t('passkeys.lastUsedAt', { time: formatDateTime(passkey.lastUsedAt) })
                      : t('passkeys.neverUsed')}
                  </span>
                </div>
                <Button
                  fill="none"
                  className="passkeys-item__action"
                  aria-label={t('passkeys.renameTitle')}
                  onClick={() => void rename(passkey)}
                  data-testid="passkey-rename"
                >
                  <PencilSimple size={20} aria-hidden="true" />
                </Button>
                <Button
                  fill="none"
                  color="danger"
                  className="passkeys-item__action"
                  aria-label={t('passkeys.remove')}
                  onClick={() => setMode({ kind: 'remove', passkey })}
                  data-testid="passkey-remove"
                >
                  <Trash size={20} aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          passkeys.data && (
            <p className="two-step-card__text" data-testid="passkeys-none">
              {t('passkeys.none')}
            </p>
          )
        )}
        {mode?.kind !== 'add' && isSupported && (
          <Button
            block
            color="primary"
            fill="outline"
            size="large"
            className="two-step-card__action"
            onClick={() => setMode({ kind: 'add' })}
            data-testid="passkey-add-start"
          >
            {t('passkeys.add')}
          </Button>
        )}
      </section>
      {mode?.kind === 'add' && (
        <SecurityChangeForm
          key="add"
          status={status}
          testId="passkey-add"
          submitLabel={t('passkeys.addConfirm')}
          isPending={addMutation.isPending}
          onSubmit={add}
        >
          <p className="passkeys-form-hint">{t('passkeys.addHint')}</p>
        </SecurityChangeForm>
      )}
      {mode?.kind === 'remove' && (
        <SecurityChangeForm
          key={mode.passkey.id}
          status={status}
          testId="passkey-remove"
          submitLabel={t('passkeys.remove')}
          danger
          isPending={removeMutation.isPending}
          onSubmit={(proof) => remove(mode.passkey, proof)}
        >
          <p className="passkeys-form-hint">{t('passkeys.removeHint', { name: mode.passkey.name })}</p>
        </SecurityChangeForm>
      )}
    </>
  );
}

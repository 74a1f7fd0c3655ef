import { maskAddress, maskEmail } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '@/lib/user-store.ts';
import { CopyButton } from './copy-button.tsx';
import './member-identity.css';

/**
 * Who is logged in: masked email (or masked wallet address, SPEC §9), the level label (SPEC §6) and
 * the invite code with a copy button (SPEC §2). `testIdPrefix` keeps ids unique per page.
 */
export function MemberIdentity({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  const userInfo = useUserStore((state) => state.userInfo);
  const address = useUserStore((state) => state.address);
  const identity = userInfo?.email ? maskEmail(userInfo.email) : maskAddress(userInfo?.address || address);

  return (
    <div className="member-identity">
      <div className="member-identity__row">
        <span className="member-identity__name" data-testid={`${testIdPrefix}-identity`}>
          {identity || '—'}
        </span>
        {userInfo && (
          <span className={`level-badge level-badge--${userInfo.level}`} data-testid={`${testIdPrefix}-level`}>
            {t(`levels.${userInfo.level}`)}
          </span>
        )}
      </div>
      {userInfo?.inviteCode && (
        <div className="member-identity__invite">
          <span className="member-identity__label">{t('member.inviteCode')}</span>
          <span className="member-identity__code" data-testid={`${testIdPrefix}-invite-code`}>
            {userInfo.inviteCode}
          </span>
          <CopyButton text={userInfo.inviteCode} testId={`${testIdPrefix}-copy-invite-code`} />
        </div>
      )}
    </div>
  );
}

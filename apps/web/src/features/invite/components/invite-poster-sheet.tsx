import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import '@/components/sheet.css';

interface InvitePosterSheetProps {
  /** The poster as a PNG data URL; null closes the sheet, undefined shows that it could not be drawn. */
  poster: string | null | undefined;
  inviteCode: string;
  onClose: () => void;
}

/**
 * The invitation poster as an image: a long press saves it on a phone, "Save image" downloads the
 * PNG elsewhere. Test ids `invite-poster-sheet`, `invite-poster-image`, `invite-poster-download`,
 * `invite-poster-failed`, `invite-poster-close`.
 */
export function InvitePosterSheet({ poster, inviteCode, onClose }: InvitePosterSheetProps) {
  const { t } = useTranslation();
  return (
    <Popup visible={poster !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet">
      <div className="sheet__content" data-testid="invite-poster-sheet">
        <h2 className="sheet__title">{t('invite.poster')}</h2>
        {poster ? (
          <>
            <p className="sheet__text">{t('invite.posterHint')}</p>
            <img
              className="invite-poster__image"
              src={poster}
              alt={t('invite.posterAlt', { code: inviteCode })}
              data-testid="invite-poster-image"
            />
            <a
              className="invite-poster__download"
              href={poster}
              download={`kpc-invite-${inviteCode}.png`}
              data-testid="invite-poster-download"
            >
              {t('invite.savePoster')}
            </a>
          </>
        ) : (
          <p className="sheet__text" role="alert" data-testid="invite-poster-failed">
            {t('invite.posterFailed')}
          </p>
        )}
        <Button block fill="none" onClick={onClose} data-testid="invite-poster-close">
          {t('common.close')}
        </Button>
      </div>
    </Popup>
  );
}

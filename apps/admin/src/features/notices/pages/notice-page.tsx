import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { DEFAULT_LOCALE, type LocaleCode } from '@kpc/shared';
import type { TOperatorNotice } from '@kpc/shared/operator';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Result, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLoading } from '@/components/page-loading.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { noticePath, ROUTES } from '@/config/routes.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { testId } from '@/lib/test-id.ts';
import { NOTICES_QUERY_KEY, useNoticeActions, useNoticeDetail } from '../api/notices-api.ts';
import { NoticeEditor } from '../components/notice-editor.tsx';
import { NoticePreview } from '../components/notice-preview.tsx';
import { NoticeStateTag } from '../components/notice-state-tag.tsx';
import { NoticeVersions } from '../components/notice-versions.tsx';
import { PublishPanel } from '../components/publish-panel.tsx';
import {
  changedTranslations,
  checkDrafts,
  draftsOf,
  isWritten,
  NEW_NOTICE_ID,
  writtenTranslations,
  type DraftCheck,
  type Drafts,
} from '../lib/drafts.ts';
import '../notices.css';

/**
 * An announcement's editor (`#/notices/:noticeId`, `new` for a new one): a tab per language (English
 * required to publish), the member's page as it will look at 390x844 beside it, publication (now,
 * scheduled, unpublish), and every saved version with who and when. A save sends only the languages
 * changed, and is refused if someone else saved since the editor opened (the version it started from).
 */
export default function NoticePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const { noticeId = NEW_NOTICE_ID } = useParams();
  const isNew = noticeId === NEW_NOTICE_ID;
  const detail = useNoticeDetail(isNew ? null : noticeId);
  const actions = useNoticeActions();
  const [edited, setEdited] = useState<Drafts | null>(null);
  // Once a save was tried, the text is checked again as it is typed, so a fixed field clears at once.
  const [checking, setChecking] = useState<{ publishing: boolean } | null>(null);
  const [language, setLanguage] = useState<LocaleCode>(DEFAULT_LOCALE);
  const [busy, setBusy] = useState(false);

  if (!isNew && detail.isError) {
    return (
      <Result
        status="404"
        title={t('notices.editor.notFound')}
        extra={<Button onClick={() => void navigate(ROUTES.notices)}>{t('notices.editor.back')}</Button>}
      />
    );
  }
  if (!isNew && !detail.data) return <PageLoading />;

  const notice = detail.data;
  const saved = draftsOf(notice);
  const drafts = edited ?? saved;
  const isPublic = notice?.state === 'published' || notice?.state === 'scheduled';
  const isDirty = changedTranslations(saved, drafts) !== undefined;
  const check: DraftCheck | null = checking ? checkDrafts(drafts, checking) : null;

  function show(answer: TOperatorNotice) {
    queryClient.setQueryData([...NOTICES_QUERY_KEY, 'detail', answer.id], answer);
    setEdited(null);
    setChecking(null);
  }

  /** Checks and saves the text; answers the saved announcement, or null when the check or the call failed. */
  async function save(publishing: boolean): Promise<TOperatorNotice | null> {
    const mode = { publishing: publishing || isPublic };
    const result = checkDrafts(drafts, mode);
    setChecking(mode);
    if (!result.ok) {
      const first = Object.keys(result.fields)[0] as LocaleCode | undefined;
      if (first) setLanguage(first);
      return null;
    }
    if (isNew) return actions.create.mutateAsync({ translations: writtenTranslations(drafts) });
    const translations = changedTranslations(saved, drafts);
    if (!translations) return notice!;
    return actions.edit.mutateAsync({ id: notice!.id, expectedVersion: notice!.version, translations });
  }

  async function run(step: () => Promise<TOperatorNotice | null>, done: string) {
    setBusy(true);
    try {
      const answer = await step();
      if (!answer) return;
      show(answer);
      notifySuccess(done);
      if (isNew) void navigate(noticePath(answer.id), { replace: true });
    } catch {
      // The wire client has shown why; the text stays as typed.
    } finally {
      setBusy(false);
    }
  }

  const saveDraft = () => run(() => save(false), t('notices.editor.saved'));
  const publish = (at?: Dayjs) =>
    run(
      async () => {
        const written = await save(true);
        if (!written) return null;
        if (written !== notice) show(written);
        // A new one exists from here on, whatever becomes of the publication.
        if (isNew) void navigate(noticePath(written.id), { replace: true });
        return actions.publish.mutateAsync({ id: written.id, ...(at ? { publishAt: at.toISOString() } : {}) });
      },
      at ? t('notices.publish.scheduled') : t('notices.publish.published'),
    );
  const unpublish = () => {
    modal.confirm({
      title: t('notices.publish.unpublishTitle'),
      content: t('notices.publish.unpublishText'),
      okText: t('notices.publish.unpublish'),
      okButtonProps: { danger: true, ...testId('notice-unpublish-confirm') },
      cancelText: t('common.cancel'),
      onOk: () => run(() => actions.unpublish.mutateAsync(notice!.id), t('notices.publish.unpublished')),
    });
  };

  // The member sees their language, else English: so does the preview.
  const shown = isWritten(drafts[language]) ? language : DEFAULT_LOCALE;
  const title = notice?.translations[0]?.title;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        onClick={() => void navigate(ROUTES.notices)}
        style={{ padding: 0 }}
      >
        {t('notices.editor.back')}
      </Button>
      <PageTitle
        title={
          <Space>
            {isNew ? t('notices.editor.newTitle') : (title ?? `#${noticeId}`)}
            {notice && <NoticeStateTag state={notice.state} />}
          </Space>
        }
      />
      {check?.englishMissing && (
        <Alert type="error" showIcon title={t('notices.editor.englishMissing')} data-testid="english-missing" />
      )}
      {check?.empty && <Alert type="error" showIcon title={t('notices.editor.empty')} />}
      <div className="notice-workspace">
        <Space orientation="vertical" size={16} style={{ width: '100%', minWidth: 0 }}>
          <Card>
            <NoticeEditor
              drafts={drafts}
              onChange={(code, field, value) => setEdited({ ...drafts, [code]: { ...drafts[code], [field]: value } })}
              check={check}
              language={language}
              onLanguageChange={setLanguage}
              disabled={busy}
            />
            <div className="notice-editor-actions">
              <Button
                icon={<SaveOutlined />}
                onClick={() => void saveDraft()}
                loading={busy}
                disabled={!isNew && !isDirty}
                data-testid="notice-save"
              >
                {isPublic ? t('notices.editor.saveLive') : t('notices.editor.save')}
              </Button>
            </div>
          </Card>
          <PublishPanel
            notice={notice}
            busy={busy}
            onPublishNow={() => void publish()}
            onSchedule={(at) => void publish(at)}
            onUnpublish={unpublish}
          />
        </Space>
        <Card title={t('notices.preview.title')} size="small" className="notice-preview-card">
          <NoticePreview
            language={shown}
            title={drafts[shown].title}
            body={drafts[shown].body}
            publishedAt={notice?.publishedAt ?? null}
          />
        </Card>
      </div>
      {notice && <NoticeVersions noticeId={notice.id} />}
    </Space>
  );
}

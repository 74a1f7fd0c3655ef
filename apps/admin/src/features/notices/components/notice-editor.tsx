import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { DEFAULT_LOCALE, type LocaleCode } from '@kpc/shared';
import { NOTICE_TITLE_MAX } from '@kpc/shared/operator';
import { Form, Input, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isWritten, NOTICE_LANGUAGES, type DraftCheck, type Drafts } from '../lib/drafts.ts';
import { languageName } from '../lib/language-name.ts';

interface NoticeEditorProps {
  drafts: Drafts;
  onChange: (language: LocaleCode, field: 'title' | 'body', value: string) => void;
  /** The last check's problems, shown on their fields and tabs (null: not checked yet). */
  check: DraftCheck | null;
  language: LocaleCode;
  onLanguageChange: (language: LocaleCode) => void;
  disabled?: boolean;
}

/**
 * A tab per language, English first and marked required (members read English when their language
 * is missing, so publishing needs it). Each tab: the title and the body, HTML of the tags the
 * member app shows (paragraphs, headings, emphasis, lists, quotes, code, links).
 */
export function NoticeEditor({ drafts, onChange, check, language, onLanguageChange, disabled }: NoticeEditorProps) {
  const { t } = useTranslation();
  const problem = (code: LocaleCode, field: 'title' | 'body') => {
    const key = check?.fields[code]?.[field];
    return key ? t(`notices.editor.${key}`, { max: NOTICE_TITLE_MAX }) : undefined;
  };

  return (
    <Tabs
      activeKey={language}
      onChange={(key) => onLanguageChange(key as LocaleCode)}
      data-testid="notice-language-tabs"
      items={NOTICE_LANGUAGES.map((code) => {
        const hasProblem = Boolean(check?.fields[code]);
        const written = isWritten(drafts[code]);
        return {
          key: code,
          label: (
            <Space size={4} data-testid={`notice-tab-${code}`}>
              {code === DEFAULT_LOCALE && (
                <Typography.Text type="danger" aria-hidden>
                  *
                </Typography.Text>
              )}
              {languageName(code)}
              {hasProblem ? (
                <ExclamationCircleFilled style={{ color: 'var(--ant-color-error)' }} />
              ) : written ? (
                <CheckCircleFilled style={{ color: 'var(--ant-color-success)' }} />
              ) : null}
            </Space>
          ),
          children: (
            <Form layout="vertical" disabled={disabled === true} component="div">
              {code === DEFAULT_LOCALE && (
                <Tag color="red" style={{ marginBottom: 12 }} data-testid="english-required">
                  {t('notices.editor.englishRequired')}
                </Tag>
              )}
              <Form.Item
                label={t('notices.editor.title')}
                required={code === DEFAULT_LOCALE}
                validateStatus={problem(code, 'title') ? 'error' : ''}
                help={problem(code, 'title')}
              >
                <Input
                  value={drafts[code].title}
                  onChange={(event) => onChange(code, 'title', event.target.value)}
                  maxLength={NOTICE_TITLE_MAX}
                  showCount
                  placeholder={t('notices.editor.titlePlaceholder')}
                  data-testid={`notice-title-${code}`}
                />
              </Form.Item>
              <Form.Item
                label={t('notices.editor.body')}
                required={code === DEFAULT_LOCALE}
                validateStatus={problem(code, 'body') ? 'error' : ''}
                help={problem(code, 'body') ?? t('notices.editor.bodyHelp')}
              >
                <Input.TextArea
                  value={drafts[code].body}
                  onChange={(event) => onChange(code, 'body', event.target.value)}
                  autoSize={{ minRows: 10, maxRows: 22 }}
                  placeholder={t('notices.editor.bodyPlaceholder')}
                  className="mono"
                  data-testid={`notice-body-${code}`}
                />
              </Form.Item>
            </Form>
          ),
        };
      })}
    />
  );
}

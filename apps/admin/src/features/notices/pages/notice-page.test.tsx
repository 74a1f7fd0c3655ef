import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConsole, renderConsole, sessionFor, stubOperatorApi } from '@/testing/console-test.tsx';
import { checkDrafts, draftsOf } from '../lib/drafts.ts';
import { previewHtml } from '../lib/preview-html.ts';

afterEach(resetConsole);

const NOTICE = {
  id: '12',
  status: 'draft',
  state: 'draft',
  version: 1,
  translations: [{ language: 'zh-Hans', title: '维护', body: '<p>今晚</p>' }],
  publishedAt: null,
  publishedBy: null,
  unpublishedAt: null,
  unpublishedBy: null,
  createdBy: 'Ops Person',
  createdAt: '2026-05-03T10:00:00.000Z',
  updatedBy: 'Ops Person',
  updatedAt: '2026-05-03T10:00:00.000Z',
};

function openNew() {
  const api = stubOperatorApi({
    '/auth/me': () => ({ data: sessionFor(['content']) }),
    '/notice/create': (body) => ({
      data: { ...NOTICE, translations: [{ language: 'en', ...(body.translations as { en: object }).en }] },
    }),
    '/notice/publish': () => ({ data: { ...NOTICE, status: 'published', state: 'published', version: 2 } }),
    '/notice/detail': () => ({ data: NOTICE }),
    '/notice/versions': () => ({ data: { list: [] } }),
  });
  return api;
}

describe('the announcement editor', () => {
  it('refuses to publish without English, marking the English tab, and sends nothing', async () => {
    const api = openNew();
    await renderConsole('/notices/new');
    await screen.findByTestId('english-required', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('notice-tab-zh-Hans'));
    fireEvent.change(await screen.findByTestId('notice-title-zh-Hans'), { target: { value: '维护' } });
    fireEvent.change(screen.getByTestId('notice-body-zh-Hans'), { target: { value: '<p>今晚</p>' } });
    fireEvent.click(screen.getByTestId('notice-publish-now'));

    expect(await screen.findByTestId('english-missing')).toBeTruthy();
    // Back on the English tab, its fields say what is missing.
    expect(await screen.findByText('Enter a title.')).toBeTruthy();
    expect(screen.getByText('Enter the text.')).toBeTruthy();
    expect(api.sent('/notice/create')).toEqual([]);
    expect(api.sent('/notice/publish')).toEqual([]);
  }, 90_000);

  it('creates then publishes once English is written, sending every written language', async () => {
    const api = openNew();
    await renderConsole('/notices/new');
    fireEvent.change(await screen.findByTestId('notice-title-en', {}, { timeout: 15_000 }), {
      target: { value: '  Maintenance ' },
    });
    fireEvent.change(screen.getByTestId('notice-body-en'), { target: { value: '<p>Tonight</p>' } });
    fireEvent.click(screen.getByTestId('notice-tab-zh-Hans'));
    fireEvent.change(await screen.findByTestId('notice-title-zh-Hans'), { target: { value: '维护' } });
    fireEvent.change(screen.getByTestId('notice-body-zh-Hans'), { target: { value: '<p>今晚</p>' } });
    fireEvent.click(screen.getByTestId('notice-publish-now'));

    await waitFor(() => expect(api.sent('/notice/publish')).toEqual([{ id: '12' }]));
    expect(api.sent('/notice/create')).toEqual([
      {
        translations: {
          en: { title: 'Maintenance', body: '<p>Tonight</p>' },
          'zh-Hans': { title: '维护', body: '<p>今晚</p>' },
        },
      },
    ]);
  }, 90_000);
});

describe('the drafts check', () => {
  it('needs both fields of a written language, and English only to publish', () => {
    const drafts = draftsOf(undefined);
    expect(checkDrafts(drafts, { publishing: false })).toMatchObject({ ok: false, empty: true });
    drafts.ja = { title: 'お知らせ', body: '' };
    expect(checkDrafts(drafts, { publishing: false }).fields).toEqual({ ja: { body: 'bodyRequired' } });
    drafts.ja = { title: 'お知らせ', body: '<p>本文</p>' };
    expect(checkDrafts(drafts, { publishing: false }).ok).toBe(true);
    const publishing = checkDrafts(drafts, { publishing: true });
    expect(publishing).toMatchObject({ ok: false, englishMissing: true });
    expect(publishing.fields.en).toEqual({ title: 'titleRequired', body: 'bodyRequired' });
  });
});

describe('the preview', () => {
  it('keeps only what the server keeps', () => {
    expect(
      previewHtml(
        '<script>alert(1)</script><p onclick="x()" style="color:red">Hi <img src=x onerror=alert(1)><b>there</b></p><a href="javascript:alert(1)">js</a><a href="https://kpc.example">ok</a><div>plain</div>',
      ),
    ).toBe(
      '<p>Hi <b>there</b></p><a target="_blank" rel="noopener noreferrer nofollow">js</a><a href="https://kpc.example" target="_blank" rel="noopener noreferrer nofollow">ok</a>plain',
    );
  });
});

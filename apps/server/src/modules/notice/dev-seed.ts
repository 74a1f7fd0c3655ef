import type { TOperatorNoticeCreateRequest } from '@kpc/shared/operator';
import type { FastifyPluginAsync } from 'fastify';
import { settings } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { SYSTEM_ACTOR, type Actor } from '../audit/service.ts';
import { createNotice, publishNotice } from './operator-service.ts';
import type { NoticeContext } from './service.ts';

/** Seeded once per database: the marker is written first, so two processes starting together seed once. */
const SEEDED_SETTING = 'dev.notices_seeded';
/** The name the seed's decisions are kept under, as an operator's would be. */
const SEED_OPERATOR: Actor = { ...SYSTEM_ACTOR, name: 'dev-seed' };
const HOUR_MS = 3_600_000;

/**
 * Announcements a newcomer on `npm start` finds to read (development only: registered with the
 * faucet, never in production): one in all seven languages, one in English and Chinese, and one in
 * English alone, which every other language shows in English. Oldest first.
 */
const SEED_NOTICES: { hoursAgo: number; translations: TOperatorNoticeCreateRequest['translations'] }[] = [
  {
    hoursAgo: 72,
    translations: {
      en: {
        title: 'Welcome to KPC',
        body: '<p>Welcome to the <strong>KPC card programme</strong> and the KLK digital-broker programme.</p><ul><li>Deposit USDT from your wallet or through a channel.</li><li>Join an investment or ESOP plan and watch your income release.</li><li>Apply for a co-branded card and invite your friends.</li></ul><p>Read the <a href="https://example.com/kpc-guide">member guide</a> to get started.</p>',
      },
      'zh-Hans': {
        title: '欢迎加入 KPC',
        body: '<p>欢迎加入 <strong>KPC 卡计划</strong>与 KLK 数字经纪人计划。</p><ul><li>从钱包或通过渠道充值 USDT。</li><li>参与投资计划或 ESOP 计划，查看收益释放。</li><li>申请联名卡并邀请好友。</li></ul><p>阅读<a href="https://example.com/kpc-guide">会员指南</a>开始使用。</p>',
      },
      hi: {
        title: 'KPC में आपका स्वागत है',
        body: '<p><strong>KPC कार्ड कार्यक्रम</strong> और KLK डिजिटल-ब्रोकर कार्यक्रम में आपका स्वागत है।</p><p>अपने वॉलेट से USDT जमा करें, किसी योजना में शामिल हों और अपने मित्रों को आमंत्रित करें।</p>',
      },
      ja: {
        title: 'KPC へようこそ',
        body: '<p><strong>KPC カードプログラム</strong>と KLK デジタルブローカープログラムへようこそ。</p><p>ウォレットから USDT を入金し、プランに参加して、友達を招待しましょう。</p>',
      },
      ko: {
        title: 'KPC에 오신 것을 환영합니다',
        body: '<p><strong>KPC 카드 프로그램</strong>과 KLK 디지털 브로커 프로그램에 오신 것을 환영합니다.</p><p>지갑에서 USDT를 입금하고, 플랜에 참여하고, 친구를 초대하세요.</p>',
      },
      ru: {
        title: 'Добро пожаловать в KPC',
        body: '<p>Добро пожаловать в <strong>карточную программу KPC</strong> и программу цифровых брокеров KLK.</p><p>Пополните USDT из кошелька, присоединитесь к плану и пригласите друзей.</p>',
      },
      vi: {
        title: 'Chào mừng đến với KPC',
        body: '<p>Chào mừng bạn đến với <strong>chương trình thẻ KPC</strong> và chương trình môi giới số KLK.</p><p>Nạp USDT từ ví, tham gia một gói và mời bạn bè của bạn.</p>',
      },
    },
  },
  {
    hoursAgo: 26,
    translations: {
      en: {
        title: 'Co-branded card applications are open',
        body: '<p>Gold eagle and royal black eagle cards can now be requested on <em>Mastercard</em> and <em>VISA</em>.</p><p>Open <strong>Card</strong>, choose a card and network, and follow the steps. Bind your card once it arrives.</p>',
      },
      'zh-Hans': {
        title: '联名卡申请已开放',
        body: '<p>现在可以申请 <em>Mastercard</em> 和 <em>VISA</em> 网络的金鹰卡与皇家黑鹰卡。</p><p>打开<strong>卡片</strong>页面，选择卡种和网络并按步骤操作。收到卡片后请完成绑定。</p>',
      },
    },
  },
  {
    hoursAgo: 2,
    translations: {
      en: {
        title: 'Scheduled maintenance on Sunday',
        body: '<p>Deposits and withdrawals pause for about <strong>30 minutes</strong> on Sunday at 02:00 UTC while we upgrade our nodes. Balances and plans are not affected.</p>',
      },
    },
  },
];

/** Seeds the development announcements on a database that has never had them. */
export async function seedDevelopmentNotices({ db, clock }: NoticeContext): Promise<boolean> {
  const [marker] = await db
    .insert(settings)
    .values({ key: SEEDED_SETTING, value: clock.now().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (!marker) return false;
  const start = clock.now().getTime();
  for (const seed of SEED_NOTICES) {
    // Each is dated as if published that long ago, so the list shows a history.
    const at: Clock = { now: () => new Date(start - seed.hoursAgo * HOUR_MS) };
    const notice = await createNotice({ db, clock: at }, SEED_OPERATOR, { translations: seed.translations });
    await publishNotice({ db, clock: at }, SEED_OPERATOR, { id: notice.id });
  }
  return true;
}

/** The development seed as a module (modules/index.ts registers it with the faucet, never in production). */
export const devNoticeSeed: FastifyPluginAsync<NoticeContext> = async (app, context) => {
  if (await seedDevelopmentNotices(context)) {
    app.log.info({ notices: SEED_NOTICES.length }, 'Seeded development announcements');
  }
};

import { Clock } from '@phosphor-icons/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfigQueryOptions } from '@/lib/api/app-config.ts';
import { request } from '@/lib/request.ts';
import { showToast } from '@/lib/toast.ts';
import './dev-clock.css';

/** What `/api/dev/clock/advance` answers: the plans' clock after the move. */
interface DevClockAnswer {
  now: string;
  offsetDays: number;
}

/** POST /api/dev/clock/advance {days} — development only: moves the plans' clock and releases what fell due. */
export function advanceDevClock(days: number): Promise<DevClockAnswer> {
  return request<DevClockAnswer>('/dev/clock/advance', { days });
}

/** The steps offered: a day (one reward or release), a month (a whole phase). */
const STEPS = [
  { days: 1, labelKey: 'devClock.plusOneDay' },
  { days: 30, labelKey: 'devClock.plusThirtyDays' },
] as const;

/**
 * Development only: "+1 day" and "+30 days" move the server's plan clock forward, so a newcomer on
 * `npm start` watches rewards and releases arrive without waiting for midnight UTC. Then every
 * query is refreshed, so each figure on screen is the server's again. Shown only when the server
 * has the clock (`devClock` of `/api/app/config`, on with the development faucet); never in production.
 */
export function DevClock() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = useQuery(appConfigQueryOptions());
  const [movingDays, setMovingDays] = useState<number | null>(null);
  if (!config.data?.devClock) return null;

  async function advance(days: number) {
    if (movingDays !== null) return;
    setMovingDays(days);
    try {
      const answer = await advanceDevClock(days);
      await queryClient.invalidateQueries();
      showToast(t('devClock.moved', { date: answer.now.slice(0, 10) }));
    } catch {
      // Toasted by the request client.
    } finally {
      setMovingDays(null);
    }
  }

  return (
    <section className="dev-clock" aria-label={t('devClock.title')} data-testid="dev-clock">
      <p className="dev-clock__title">
        <Clock size={16} weight="bold" aria-hidden="true" />
        {t('devClock.title')}
      </p>
      <p className="dev-clock__hint">{t('devClock.hint')}</p>
      <div className="dev-clock__actions">
        {STEPS.map((step) => (
          <Button
            key={step.days}
            size="small"
            fill="outline"
            className="dev-clock__button"
            loading={movingDays === step.days}
            disabled={movingDays !== null && movingDays !== step.days}
            onClick={() => void advance(step.days)}
            data-testid={`dev-clock-${step.days}`}
          >
            {t(step.labelKey)}
          </Button>
        ))}
      </div>
    </section>
  );
}

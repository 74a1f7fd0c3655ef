import { CardApplicationStatus, type TCardApplication } from '@kpc/shared';
import { useEffect, useRef } from 'react';

/**
 * Calls `refresh` when an application the page watched becomes issued (the polled applications say
 * so first): the new card then appears in the card list without a reload. Not on the first answer,
 * which the card list's own first load already covers.
 */
export function useRefreshOnIssue(applications: readonly TCardApplication[] | undefined, refresh: () => void): void {
  const issuedIds = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!applications) return;
    const issued = new Set(
      applications.filter((item) => item.status === CardApplicationStatus.ISSUED).map((item) => item.id),
    );
    const previous = issuedIds.current;
    issuedIds.current = issued;
    if (previous && [...issued].some((id) => !previous.has(id))) refresh();
  }, [applications, refresh]);
}

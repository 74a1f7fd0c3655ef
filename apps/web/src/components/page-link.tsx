import type { MouseEvent, ReactNode } from 'react';
import { navigateTo } from '@/lib/navigation.ts';

interface PageLinkProps {
  to: string;
  children?: ReactNode;
  className?: string;
  testId?: string;
}

/**
 * A link to a non-tab page that follows the navigation rules of SPEC §2 (see lib/navigation). A text
 * link is a small target, so it carries the 44 px `hit-area` (global.css), inside a sentence too.
 */
export function PageLink({ to, children, className, testId }: PageLinkProps) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    navigateTo(to);
  }
  return (
    <a
      href={`#${to}`}
      className={className ? `hit-area ${className}` : 'hit-area'}
      data-testid={testId}
      onClick={handleClick}
    >
      {children}
    </a>
  );
}

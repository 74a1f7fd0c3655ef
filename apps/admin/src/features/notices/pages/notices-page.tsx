import { PageTitle } from '@/components/page-title.tsx';

/** Step 8b: this screen is being built; the section's helper replaces this file. */
export default function NoticesPage() {
  return <PageTitle title="…" />;
}

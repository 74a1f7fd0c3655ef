import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { useLocale } from '@/lib/i18n.ts';
import type { LocalizedTermsDocument } from '@/features/terms/content/types.ts';
import '@/features/terms/terms.css';

/** One legal document in the interface language: title, date, introduction and sections. */
export function TermsDocumentView({ document, navTitle }: { document: LocalizedTermsDocument; navTitle: string }) {
  const { title, updated, intro, sections } = document[useLocale()];
  return (
    <div className="page" data-testid="terms-page">
      <PageNavBar title={navTitle} />
      <article className="terms">
        <h1 className="terms__title" data-testid="terms-title">
          {title}
        </h1>
        <p className="terms__updated">{updated}</p>
        {intro.map((paragraph) => (
          <p key={paragraph} className="terms__paragraph">
            {paragraph}
          </p>
        ))}
        {sections.map((section) => (
          <section key={section.heading} className="terms__section">
            <h2 className="terms__heading">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="terms__paragraph">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </article>
    </div>
  );
}

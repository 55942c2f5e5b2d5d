import { Quote } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LegalDocumentView } from '#client/features/legal/components/legal-document-view.tsx';
import { BlogArticle } from '#client/features/site/components/blog-article.tsx';
import { BlogList } from '#client/features/site/components/blog-list.tsx';
import { ContactForm } from '#client/features/site/components/contact-form.tsx';
import { FaqList } from '#client/features/site/components/faq-list.tsx';
import { PageIntro } from '#client/features/site/components/page-intro.tsx';
import { SITEMAP_GROUPS, TESTIMONIALS } from '#client/features/site/content.ts';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { careers, support, team } from '#common/content/company';

/** The footer's Company and Resources pages. */
const narrow = 'mx-auto max-w-3xl px-4 py-12 sm:px-6';

export const CareersPage = () => <LegalDocumentView document={careers} showUpdated={false} />;
export const TeamPage = () => <LegalDocumentView document={team} showUpdated={false} />;
export const SupportPage = () => <LegalDocumentView document={support} showUpdated={false} />;

export function ContactPage() {
  useDocumentTitle('Contact');
  return (
    <div className={narrow}>
      <PageIntro
        title="Contact us"
        summary="Questions about your account, Premium, a booking or working with us: a person reads every message and answers within two working days."
      >
        <p className="mt-4 text-sm text-muted-foreground">
          Looking for a quick answer? Try the{' '}
          <Link to="/faq" className="underline">
            FAQ
          </Link>{' '}
          first. You can also write to{' '}
          <a href="mailto:hello@crewbase.app" className="underline">
            hello@crewbase.app
          </a>
          .
        </p>
      </PageIntro>
      <ContactForm />
    </div>
  );
}

export function FaqPage() {
  useDocumentTitle('FAQ');
  return (
    <div className={narrow}>
      <PageIntro
        title="Frequently asked questions"
        summary="How CrewBase works for crew and for productions: profiles, reviews, Premium, bookings and your data."
      />
      <FaqList />
    </div>
  );
}

export function BlogPage() {
  useDocumentTitle('Blog');
  return (
    <div className={narrow}>
      <PageIntro
        title="The CrewBase blog"
        summary="How we build CrewBase, and how crew and productions get the most out of it."
      />
      <BlogList />
    </div>
  );
}

export function BlogPostPage() {
  const { slug = '' } = useParams();
  return (
    <div className={narrow}>
      <BlogArticle slug={slug} />
    </div>
  );
}

export function TestimonialsPage() {
  useDocumentTitle('Testimonials');
  return (
    <div className="mx-auto max-w-layout px-4 py-12 sm:px-6">
      <div className="max-w-3xl">
        <PageIntro
          title="What crew and productions say"
          summary="Members who told us how CrewBase changed the way they hire or get hired, in their own words and published with their permission."
        />
      </div>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {TESTIMONIALS.map((item) => (
          <li key={item.name}>
            <figure className="flex h-full flex-col gap-4 rounded-xl border border-border bg-card p-6">
              <Quote aria-hidden="true" className="size-6 text-brand-strong dark:text-brand" />
              <blockquote className="flex-1 leading-relaxed">{item.quote}</blockquote>
              <figcaption className="text-sm">
                <span className="font-semibold">{item.name}</span>
                <span className="block text-muted-foreground">
                  {item.role} · {item.context}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SitemapPage() {
  useDocumentTitle('Sitemap');
  return (
    <div className="mx-auto max-w-layout px-4 py-12 sm:px-6">
      <div className="max-w-3xl">
        <PageIntro
          title="Sitemap"
          summary="Every page of CrewBase in one place. Crew profiles and role pages are reached from Search and Browse Crew."
        />
      </div>
      <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-5">
        {SITEMAP_GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="mb-3 font-semibold">{group.title}</h2>
            <ul className="flex flex-col gap-2 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-muted-foreground hover:text-foreground hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
    </div>
  );
}

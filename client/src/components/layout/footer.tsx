import { Mail, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { firePageEvent, PAGE_EVENTS } from '#client/lib/page-events.ts';
import { Logo } from './logo.tsx';
import { SOCIAL_LINKS } from './social-icons.tsx';

interface FooterLink {
  to: string;
  label: string;
  /** A page the server serves itself (not a route of this app): the browser loads it whole. */
  server?: true;
}

const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/careers', label: 'Careers' },
      { to: '/team', label: 'Team' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: '/blog', label: 'Blog' },
      { to: '/faq', label: 'FAQ' },
      { to: '/support', label: 'Support' },
      { to: '/testimonials', label: 'Testimonials' },
      { to: '/sitemap', label: 'Sitemap' },
      { to: '/api/docs', label: 'API', server: true },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
      { to: '/cookies', label: 'Cookie Policy' },
      { to: '/gdpr', label: 'GDPR' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-layout gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="flex flex-col gap-4">
          <Logo onDark />
          <p className="max-w-xs text-sm text-slate-400">
            The crew directory working film professionals prefer: fast search, honest reviews, nothing fake.
          </p>
          <ul className="flex gap-2" aria-label="Social media">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.label}>
                <a
                  href={social.href}
                  aria-label={social.label}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="inline-flex size-9 items-center justify-center rounded-lg text-slate-400 hover:bg-white/10 hover:text-white"
                >
                  {social.icon}
                </a>
              </li>
            ))}
          </ul>
          <a
            href="mailto:hello@crewbase.app"
            className="inline-flex items-center gap-2 text-sm hover:text-white"
          >
            <Mail aria-hidden="true" className="size-4" /> hello@crewbase.app
          </a>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-3 text-sm font-semibold text-white">{column.title}</h2>
            <ul className="flex flex-col gap-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} reloadDocument={link.server} className="text-slate-400 hover:text-white">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-layout flex-wrap items-center justify-between gap-3 px-4 py-6 text-xs text-slate-400 sm:px-6">
          {/* The server's year may be the browser's last or next one at midnight on 31 December. */}
          <p suppressHydrationWarning>© {new Date().getFullYear()} CrewBase. All rights reserved.</p>
          <button
            type="button"
            onClick={() => firePageEvent(PAGE_EVENTS.replayTour)}
            className="inline-flex items-center gap-1.5 underline-offset-4 hover:text-white hover:underline"
          >
            <RotateCcw aria-hidden="true" className="size-3.5" /> Replay the tour
          </button>
        </div>
      </div>
    </footer>
  );
}

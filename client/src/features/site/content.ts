/** The FAQ, the testimonials and the human sitemap: the site's own words, kept out of the components. */

export interface FaqEntry {
  question: string;
  answer: string;
  topic: 'Getting started' | 'Reviews' | 'Premium' | 'Bookings' | 'Account and privacy';
}

export const FAQ: readonly FaqEntry[] = [
  {
    topic: 'Getting started',
    question: 'Is CrewBase free?',
    answer:
      'Yes. Searching, browsing, keeping a profile, writing reviews and answering messages, connection requests, bookings and team invitations are free. Premium ($19 a month or $190 a year) adds starting conversations, connection requests, the team builder, bookings and holds, every review and the advanced search filters.',
  },
  {
    topic: 'Getting started',
    question: 'How do productions find me?',
    answer:
      'Through search (by name, role, skill or city) and through the role pages under Browse Crew. Add your roles, location, experience and credits to your profile: search ranks complete profiles with good reviews higher.',
  },
  {
    topic: 'Getting started',
    question: 'Can I list more than one role?',
    answer:
      'Yes. Pick every role you are hired for, from 65 roles in four categories: pre-production, production, post-production and cast. You appear on each role page you choose.',
  },
  {
    topic: 'Reviews',
    question: 'Who can review me?',
    answer:
      'Any signed-in member, once, and never yourself. Reviewers can edit their review later. Reviews written after an accepted booking or a shared team on CrewBase are marked "Verified collaboration".',
  },
  {
    topic: 'Reviews',
    question: 'How is the rating calculated?',
    answer:
      'The top-rated list uses a weighted (Bayesian) average, so one five-star review does not outrank forty reviews averaging 4.8. Your profile shows the plain average, the number of reviews and how the stars are spread.',
  },
  {
    topic: 'Reviews',
    question: 'What can I do about an unfair review?',
    answer:
      'Open the review and choose Report. A moderator checks it against our rules; reviews with insults, personal details or no real collaboration behind them are hidden. You can also thank reviewers for kind words.',
  },
  {
    topic: 'Premium',
    question: 'Can I cancel Premium at any time?',
    answer:
      'Yes, from the subscription page. You keep Premium until the end of the period you paid for, and can take the cancellation back until then.',
  },
  {
    topic: 'Premium',
    question: 'Do I get an invoice?',
    answer: 'Yes. Every payment has a PDF invoice on the subscription page and in the payment notification.',
  },
  {
    topic: 'Bookings',
    question: 'What is the difference between a first and a second hold?',
    answer:
      'A first hold means the production gets the dates if it confirms; a second hold is next in line. When a first hold is released, the second moves up automatically and its production is told.',
  },
  {
    topic: 'Bookings',
    question: 'Can other productions see who booked me?',
    answer:
      'No. Your public calendar shows each day as busy, hold, unavailable or free, never which production or what rate. Your private iCal link shows you the details in your own calendar app.',
  },
  {
    topic: 'Account and privacy',
    question: 'How do I delete my account?',
    answer:
      'Write to privacy@crewbase.app from the address on your account, or use the contact page. We delete your account, profile and messages within 30 days; reviews you wrote are removed with it.',
  },
  {
    topic: 'Account and privacy',
    question: 'Does CrewBase work offline?',
    answer:
      'Partly. Install it from your browser menu ("Install app" or "Add to Home Screen") and the profiles you have opened before, and the list of roles, stay readable without a connection, for instance on a location with no signal.',
  },
];

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  context: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'I crewed a six-day commercial in one afternoon. Being able to see who actually worked with whom, not just a showreel, is what made me trust the list.',
    name: 'Hannah Whitfield',
    role: 'Line Producer',
    context: 'Commercials, London',
  },
  {
    quote:
      'The holds finally work the way they do in real life. My second hold moved up on its own when the first production let go, and I did not have to chase anyone.',
    name: 'Marcus Oyelaran',
    role: 'Gaffer',
    context: 'Features and series, Atlanta',
  },
  {
    quote:
      'As a colourist I am usually invisible to productions until post. Verified reviews from two directors got me my first feature grade.',
    name: 'Lucía Fernández',
    role: 'Colorist',
    context: 'Post-production, Madrid',
  },
  {
    quote:
      'We use the team builder for every short we make at school now. The crew sheet is the first thing our AD opens in the morning.',
    name: 'Daniel Kim',
    role: 'Assistant Director',
    context: 'Film school productions, Vancouver',
  },
  {
    quote:
      'Searching for "boom operator Berlin" gives me people who list that role and live there, not a wall of ads. That is all I wanted.',
    name: 'Sophie Wagner',
    role: 'Sound Mixer',
    context: 'Documentary, Berlin',
  },
  {
    quote:
      'Someone left me an unfair review after a job fell through. I reported it, a moderator answered within a day, and it was taken down with an explanation.',
    name: 'Aisha Rahman',
    role: 'Makeup Artist',
    context: 'Music videos, Toronto',
  },
];

export interface SitemapGroup {
  title: string;
  links: { to: string; label: string }[];
}

export const SITEMAP_GROUPS: readonly SitemapGroup[] = [
  {
    title: 'Find crew',
    links: [
      { to: '/', label: 'Home' },
      { to: '/search', label: 'Search crew' },
      { to: '/browse', label: 'Browse crew by role' },
    ],
  },
  {
    title: 'Your account',
    links: [
      { to: '/login', label: 'Log in' },
      { to: '/register', label: 'Sign up' },
      { to: '/dashboard', label: 'Dashboard' },
      { to: '/notifications', label: 'Notifications' },
      { to: '/subscription', label: 'Premium' },
    ],
  },
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

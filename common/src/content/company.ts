import type { LegalDocument } from './legal.ts';

/** The footer's Company and Resources pages that are plain documents (shown by LegalDocumentView). */
const UPDATED = '2026-11-24';

export const careers: LegalDocument = {
  title: 'Careers at CrewBase',
  summary:
    'We are a small team building the directory we wanted when we worked on set. If you care about fast software and fair reviews, we would like to hear from you.',
  updated: UPDATED,
  sections: [
    {
      heading: 'How we work',
      paragraphs: [
        'CrewBase is one TypeScript code base: a React client, a Fastify server and PostgreSQL. Everyone ships to production, reviews code, and talks to the crew and productions who use the site.',
        'We work remotely across European and North American time zones, with two overlapping hours a day and a week together twice a year, usually near a film festival.',
      ],
    },
    {
      heading: 'Open positions',
      paragraphs: ['We hire slowly and on purpose. These are the roles open today:'],
      list: [
        'Senior full-stack engineer (search and PostgreSQL): owns the crew search, its ranking and its speed at a million profiles.',
        'Product designer: the profile, booking and review flows, on phones first, for people who read them between takes.',
        'Community and trust lead: moderation policy, review reports, and the verified-collaboration rules. Industry experience (production office, union or guild work) is a strong plus.',
      ],
    },
    {
      heading: 'What we offer',
      list: [
        'A salary in the top quarter of the market for the role and your location, published in each job post.',
        '30 days of paid leave plus public holidays, and four weeks of paid parental leave on top of what your country provides.',
        'A yearly budget of $1,500 for equipment, courses or festival passes.',
        'Premium on CrewBase, for you and for anyone you hire for your own projects.',
      ],
      paragraphs: [],
    },
    {
      heading: 'How to apply',
      paragraphs: [
        'Send a short note about something you built or shot, and why CrewBase, to careers@crewbase.app or through the contact page with the topic "Working at CrewBase". A person reads every application and answers within ten working days.',
      ],
    },
  ],
};

export const team: LegalDocument = {
  title: 'The team',
  summary:
    'CrewBase is made by people who have worked in production offices, on set and in edit suites, and by engineers who learned what a second hold is the hard way.',
  updated: UPDATED,
  sections: [
    {
      heading: 'Product',
      paragraphs: [
        'Maya Okafor leads product. She spent nine years as a production coordinator on features and series, and started CrewBase after one too many crew lists kept in shared spreadsheets.',
      ],
    },
    {
      heading: 'Engineering',
      paragraphs: [
        'Priya Natarajan leads engineering: search, bookings and the real-time notifications. Before CrewBase she built scheduling software for hospital rotas, which turns out to be a close cousin of a shooting schedule.',
        'Tomás Herrera works on the client and on accessibility; every new page is tested with a keyboard and a screen reader before it ships.',
      ],
    },
    {
      heading: 'Community and trust',
      paragraphs: [
        'Daniel Brenner looks after reviews, reports and moderation. He was a best boy electric for twelve years and knows how much one unfair review can cost a freelancer.',
      ],
    },
    {
      heading: 'Advisers',
      paragraphs: ['A few people from the industry read our plans and tell us when we are wrong:'],
      list: [
        'A line producer of independent features, on budgets, holds and paperwork.',
        'A camera assistant turned union representative, on rates, fair reviews and what crew will not share.',
        'A post-production supervisor, on how edit, sound and VFX teams are actually put together.',
      ],
    },
  ],
};

export const support: LegalDocument = {
  title: 'Support',
  summary:
    'Help with your account, your profile, Premium and bookings. Most answers are on the FAQ page; for anything else, a person answers within two working days.',
  updated: UPDATED,
  sections: [
    {
      heading: 'Start here',
      paragraphs: ['The quickest fixes for the questions we get most:'],
      list: [
        'Cannot log in: use "Forgot your password?" in the login window. The link in the email works for one hour and signs you out everywhere else.',
        'Your profile does not show in search: add at least one role and a location on your profile page; search lists crew by role and place.',
        'A review about you is unfair or false: open it on your profile and choose Report. A moderator reads every report.',
        'Premium did not switch on after paying: reload the subscription page; payments can take a minute to be confirmed by the payment provider.',
      ],
    },
    {
      heading: 'Bookings and holds',
      paragraphs: [
        'A booking or hold is between you and the production. CrewBase records who asked, for which dates and at which rate, and refuses a booking that overlaps one you already accepted. If a production does not pay an accepted booking, contact us with the booking number from its page.',
      ],
    },
    {
      heading: 'Your data',
      paragraphs: [
        'You can download or delete your data at any time; see the GDPR page for how. Requests about personal data go to privacy@crewbase.app and are answered within 30 days at the latest.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [
        'Use the contact page and choose "Help with my account", or write to hello@crewbase.app. Include your username, never your password. We answer in English, Spanish and German, Monday to Friday.',
      ],
    },
  ],
};

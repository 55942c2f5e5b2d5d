export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalDocument {
  title: string;
  summary: string;
  updated: string;
  sections: LegalSection[];
}

const UPDATED = '2026-11-21';

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  summary:
    'What CrewBase stores about you, why we store it, who can see it and how long we keep it. We do not sell your data and we do not run advertising.',
  updated: UPDATED,
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [
        'CrewBase is a directory where film productions find, contact and review film crew and cast. This policy explains how CrewBase handles personal data when you visit the site or use an account.',
        'If you have a question about this policy or about your data, write to privacy@crewbase.app.',
      ],
    },
    {
      heading: 'What we store',
      paragraphs: [
        'We only store what we need to run the directory and the features you use. Depending on how you use CrewBase, that is:',
      ],
      list: [
        'Account: your username, email address and password. The password is stored only as an argon2id hash; we never store or see it in plain text.',
        'Profile: bio, location, contact details, professional roles, experience, credentials, tags, portfolio images and links, and your profile photo.',
        'Reviews: reviews you write and reviews written about you, including their star ratings.',
        'Notifications we send you inside CrewBase.',
        'Premium features: messages, connections, teams and bookings, if you are a Premium member.',
        'Payment records: what you bought, when, and the amount. Card details are handled by our payment processor and are never stored by CrewBase.',
        'Security logs: sign-in events with the IP address and browser user agent used.',
        'Profile view counts: how many times your profile has been viewed.',
      ],
    },
    {
      heading: 'Why we use it',
      paragraphs: [
        'We use your account and profile data to provide the service you signed up for: showing your profile in the directory, letting productions search for you, and letting members review each other.',
        'We use security logs to protect accounts, for example to spot sign-ins you did not make. We use profile view counts to show you how your profile is performing.',
        'We use your email address for messages about your account and about important changes to the service. We do not send marketing email unless you have asked for it.',
      ],
    },
    {
      heading: 'Who can see your data',
      paragraphs: [
        'Your public profile and the reviews about you are visible to people using CrewBase. Reviews you write show your username next to them. Only put contact details on your profile that you are happy for productions to see.',
        'Messages, connections, teams and bookings are visible only to the members taking part in them.',
        'Your email address, password hash, payment records and security logs are never shown to other members.',
        'We do not sell personal data, and we do not share it with advertisers. We share data only with service providers who help us run CrewBase, such as hosting and payment processing, and only as far as they need it to do that work, or where the law requires us to.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Account, profile and review data is kept for as long as your account exists.',
        'When you delete your account, you are signed out everywhere and your profile is hidden at once: it is gone from search, browsing and the sitemap. For 14 days you can restore the account by signing in. After 14 days we erase your personal data: your name, username and e-mail address, your profile, photos and portfolio, roles, experience, credentials and tags, the reviews written about you, your connections, notifications, sign-in history, security log and two-factor settings, and the text of the messages you sent (the other person sees "This message was deleted.").',
        'Reviews you wrote stay, with their rating and text, shown as by "Former member" with no name or link, so the people you reviewed keep their record.',
        'Security logs are kept for 90 days and then deleted.',
        'Payments and invoices are kept for 10 years from the end of the year they were issued in, as tax and accounting law requires (for example § 147 of the German Fiscal Code and § 257 of the German Commercial Code), and then deleted. After your account is erased they keep only what the invoice itself shows (the names and billing details printed on it, never your sign-in e-mail) and are no longer linked to a profile or any other part of your account.',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'Passwords are hashed with argon2id. Sessions use an HttpOnly cookie that page scripts cannot read, and forms are protected against cross-site request forgery.',
        'No system is perfectly secure. If we learn of a breach that affects your data, we will tell you and the relevant authorities as the law requires.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You can see, correct, export and delete your data at any time. The Your GDPR Rights page explains each right and how to use it, including the self-service export and account deletion on your Account settings page.',
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'If we change this policy, we will update the date at the top of this page. If a change materially affects how we use your data, we will tell signed-in members before it takes effect.',
      ],
    },
  ],
};

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  summary:
    'The rules for using CrewBase: keep reviews honest, use the service fairly, and understand what Premium includes and how to cancel it.',
  updated: UPDATED,
  sections: [
    {
      heading: 'Agreeing to these terms',
      paragraphs: [
        'By creating an account or using CrewBase, you agree to these terms. If you do not agree, please do not use the service.',
        'You must be at least 18 years old to create an account, and the information you give us about yourself must be accurate. You are responsible for keeping your password safe and for what happens under your account.',
      ],
    },
    {
      heading: 'Honest reviews',
      paragraphs: [
        'Reviews are what make CrewBase useful, so they must be honest. When you write a review, you confirm that:',
      ],
      list: [
        'It reflects a real collaboration with the person you are reviewing.',
        'It is not fake, and it is not written to retaliate against someone or to damage a competitor.',
        'You were not paid, rewarded or pressured to write it, and you did not offer anything in return for a review.',
        'It is your only review of that person. Each member can review another member once.',
      ],
    },
    {
      heading: 'Reporting and moderation',
      paragraphs: [
        'If you think a review or profile breaks these terms, report it. Reports go to our moderators, who may hide or remove content and may suspend accounts that break the rules.',
        'We do not remove reviews simply because they are negative. A fair, honest review of real work stays up.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['When using CrewBase, you must not:'],
      list: [
        'Impersonate another person or claim credits, roles or experience you do not have.',
        'Harass, threaten or discriminate against other members.',
        'Send spam or unsolicited bulk messages.',
        'Scrape, copy or harvest profiles or contact details in bulk.',
        'Upload content you do not have the right to share, or content that is unlawful.',
        'Try to break, overload or get around the security of the service.',
      ],
    },
    {
      heading: 'Premium subscription',
      paragraphs: [
        'Premium is a paid subscription, billed monthly or yearly. It renews automatically at the end of each period until you cancel.',
        'You can cancel at any time. After cancelling, you keep Premium until the end of the period you have already paid for, and you will not be charged again. We do not refund partly used periods, except where the law requires it.',
        'If we change the Premium price, we will tell you before your next renewal, and the new price will only apply from that renewal.',
      ],
    },
    {
      heading: 'Your content',
      paragraphs: [
        'You keep ownership of everything you post, including your profile, portfolio and reviews.',
        'By posting it, you give CrewBase a non-exclusive, royalty-free licence to store, display and format that content on CrewBase for as long as it is on the service. This licence exists only so we can show your content to other users. It ends when you delete the content or your account.',
      ],
    },
    {
      heading: 'Ending your account',
      paragraphs: [
        'You can delete your account at any time from Account settings. It can be restored by signing in for 14 days, and is then erased.',
        'We may suspend or close an account that seriously or repeatedly breaks these terms, for example by posting fake reviews. Where it is reasonable, we will tell you why and give you a chance to respond first.',
      ],
    },
    {
      heading: 'Limits of our liability',
      paragraphs: [
        'CrewBase is a directory. We do not employ the crew listed on it, and we are not a party to any agreement between productions and crew. Check credentials and agree terms directly with the people you hire or work for.',
        'We work to keep CrewBase available and accurate, but we cannot promise it will always be online or free of errors. Reviews and profiles are written by members, and they are responsible for them.',
        'As far as the law allows, we are not liable for indirect losses, such as lost work or lost profits, arising from your use of CrewBase. Nothing in these terms limits liability that cannot be limited by law, or your rights as a consumer.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        'If we change these terms, we will update the date at the top of this page and tell signed-in members about significant changes before they take effect.',
        'Questions about these terms can be sent to hello@crewbase.app.',
      ],
    },
  ],
};

export const cookiePolicy: LegalDocument = {
  title: 'Cookie Policy',
  summary:
    'CrewBase uses three cookies to keep you signed in, recognise your own browsers and protect forms, plus two kinds of local storage entries for your preferences. No advertising or third-party tracking cookies.',
  updated: '2026-11-27',
  sections: [
    {
      heading: 'Our approach',
      paragraphs: [
        'We use only what the site needs to work. There are no advertising cookies, no third-party tracking cookies and no cross-site tracking on CrewBase.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: ['CrewBase sets the following cookies:'],
      list: [
        'crewbase_session: keeps you signed in. It is HttpOnly, so page scripts cannot read it, and SameSite=Lax, so it is not sent with most cross-site requests. It lasts until you close your browser, or for 30 days if you tick "Stay logged in for 30 days" when signing in. Over https its name starts with __Host-, which tells your browser to accept it only from our own address over a secure connection.',
        'crewbase_device: remembers that this browser has signed in to your account before. Someone trying many wrong passwords from elsewhere cannot then lock you out of your own browser, and we can tell you by email when your account is signed in from a browser we have not seen. It holds your account number and a random number, signed so that it cannot be forged, is HttpOnly, and lasts a year.',
        'crewbase_presession: set for visitors who are not signed in, to protect forms such as sign-in and registration against cross-site request forgery. It expires after 5 minutes.',
      ],
    },
    {
      heading: 'Local storage',
      paragraphs: [
        "We also keep a few small preferences in your browser's local storage. They stay on your device and are not sent to our servers.",
      ],
      list: [
        'theme: whether you prefer the light theme, the dark theme, or to follow your system setting.',
        'tooltip_seen_*: which guided tips you have already dismissed, so they are not shown again.',
      ],
    },
    {
      heading: 'Managing cookies',
      paragraphs: [
        'You can clear cookies and local storage at any time in your browser settings. Clearing crewbase_session signs you out. Clearing local storage resets your theme choice and shows the guided tips again.',
        'If you block cookies entirely, you will not be able to sign in, because CrewBase needs the session cookie to know who you are.',
      ],
    },
    {
      heading: 'Questions',
      paragraphs: ['If you have a question about cookies on CrewBase, write to privacy@crewbase.app.'],
    },
  ],
};

export const gdprRights: LegalDocument = {
  title: 'Your GDPR Rights',
  summary:
    'Under the GDPR you control your personal data. Here is what you can ask of us, how to export or delete your data yourself, and how to reach us.',
  updated: UPDATED,
  sections: [
    {
      heading: 'Your rights',
      paragraphs: [
        'The General Data Protection Regulation gives you the following rights over your personal data:',
      ],
      list: [
        'Access: ask what data we hold about you and get a copy of it.',
        'Rectification: correct data that is wrong or incomplete.',
        'Erasure: have your data deleted.',
        'Portability: receive your data in a structured, machine-readable format.',
        'Objection: object to processing we carry out on the basis of our legitimate interests.',
      ],
    },
    {
      heading: 'Correcting your data',
      paragraphs: [
        'Most of your data can be corrected directly in your dashboard, including your profile, contact details, roles, credentials and portfolio. If something you cannot edit yourself is wrong, write to privacy@crewbase.app.',
      ],
    },
    {
      heading: 'Exporting your data',
      paragraphs: [
        'Go to Account settings → Your data → Download my data. Your browser downloads a zip file holding data.json, with your account, profile, roles, experience, credentials, tags and portfolio, the reviews you wrote and received, your messages, connections, bookings, teams, payments and invoices, notifications, signed-in devices and security events, and the photos you uploaded. Other members appear in it by their public name only, never their e-mail address. You can download it once every 10 minutes.',
        'JSON is a standard format that other services and tools can read, so you can keep the file as a record or take your data elsewhere.',
      ],
    },
    {
      heading: 'Deleting your account',
      paragraphs: [
        'Go to Account settings → Delete my account and confirm with your password (and your authenticator code if two-factor sign-in is on). Export your data first if you want a copy.',
        'At once: you are signed out on every device, your profile disappears from CrewBase (search, browsing and the sitemap), booking requests and holds still waiting for an answer, team invitations and connection requests are cancelled, and a Premium subscription stops renewing (you are not charged again).',
        'For 14 days you can change your mind: sign in with your password and choose "Restore my account".',
        'After 14 days your personal data is erased for good. Reviews you wrote stay, shown as by "Former member". Payments and invoices are kept for 10 years as tax law requires, no longer linked to your profile (see the Privacy Policy).',
      ],
    },
    {
      heading: 'Making a request',
      paragraphs: [
        'For anything you cannot do yourself in the dashboard, including objecting to processing, write to privacy@crewbase.app from the email address on your account. If you write from another address, we may need to confirm your identity first.',
        'We respond within 30 days. Requests are free of charge.',
      ],
    },
    {
      heading: 'If you are not satisfied',
      paragraphs: [
        'If you think we have not handled your request properly, please tell us first so we can try to put it right. You also have the right to complain to the data protection authority in the country where you live or work.',
      ],
    },
  ],
};

export const about: LegalDocument = {
  title: 'About CrewBase',
  summary:
    'CrewBase is the crew directory working film professionals prefer: fast search, honest reviews, nothing fake.',
  updated: UPDATED,
  sections: [
    {
      heading: 'What CrewBase is',
      paragraphs: [
        'CrewBase is a directory of film crew and cast. Productions use it to find the right people quickly, and crew use it to show their work and build a reputation based on real jobs.',
        'We keep it simple: fast search, honest reviews, and nothing fake.',
      ],
    },
    {
      heading: 'Who it is for',
      paragraphs: [
        'CrewBase is for productions hiring crew, and for crew showcasing their work. It covers every stage of a production:',
      ],
      list: [
        'Pre-production: writers, producers, location scouts, casting directors and production designers.',
        'Production: directors, cinematographers, gaffers, grips, sound recordists and everyone else on set.',
        'Post-production: editors, colourists, VFX artists, composers and sound designers.',
        'Cast: actors and performers of every kind.',
      ],
    },
    {
      heading: 'How reviews stay honest',
      paragraphs: [
        'A review should come from someone who actually worked with you. Reviews must reflect a real collaboration, each person can review someone only once, and paid or retaliatory reviews are not allowed.',
        'When two members share an accepted booking or a team on CrewBase, their reviews of each other carry a verified-collaboration badge, so readers know the work really happened.',
        'Anyone can report a review, and reports are checked by our moderators.',
      ],
    },
    {
      heading: 'What Premium adds',
      paragraphs: [
        'A free account gets you listed and reviewed. Premium adds the tools for working with people:',
      ],
      list: [
        'All reviews on every profile.',
        'Advanced search filters.',
        'Direct messaging.',
        'Connections with other members.',
        'The team builder, for putting a crew together.',
        'Bookings, for confirming work with the people you hire.',
      ],
    },
    {
      heading: 'Our principles',
      paragraphs: [
        'No advertising and no third-party tracking. We do not sell your data. Your profile and reviews belong to you, and you can export or delete them whenever you like.',
      ],
    },
    {
      heading: 'Get in touch',
      paragraphs: [
        'Questions, feedback or ideas: hello@crewbase.app. For anything about your personal data: privacy@crewbase.app.',
      ],
    },
  ],
};

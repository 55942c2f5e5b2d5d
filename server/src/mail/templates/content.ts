/**
 * What a mail says, apart from how it looks (issue 32). CONTRACT shared by the issue-32 work:
 * feature code builds a MailContent; `renderMail` (templates/render.tsx) turns it into the HTML and
 * plain-text parts in the product's look. Every URL here is absolute (PUBLIC_URL).
 */
export interface MailContent {
  subject: string;
  /** The line mail clients show after the subject in the inbox list. */
  preheader?: string;
  heading: string;
  /** Plain sentences; no HTML (it is escaped). */
  paragraphs: string[];
  /** The facts, as a two-column table: who, which dates, which role, the rate. */
  facts?: { label: string; value: string }[];
  /** A list (a digest's notifications, a conversation's new messages). */
  items?: { title: string; text: string; url?: string; meta?: string }[];
  /** The one button, to the page that acts on it. */
  button?: { label: string; url: string };
  footer: {
    /** Why this mail came ("You get this because you have a CrewBase account."). */
    reason: string;
    /**
     * Every mail to a member links to their preferences. Absent only where there is nothing to
     * set or a link would do harm: security notices carry no links at all (ADR 005, a notice
     * that asks the reader to open CrewBase themselves is easy to tell from a phishing copy), and
     * mail to a non-member (no-account reset answer) or to the team (contact form).
     */
    preferencesUrl?: string;
    /** Absent on security notices, which cannot be turned off. */
    unsubscribeUrl?: string;
  };
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

import { z } from 'zod';
import { emailSchema } from './auth.ts';

/** The contact form (footer → /contact): who writes, about what, and the message. */
export const CONTACT_TOPICS = ['general', 'support', 'billing', 'press', 'careers'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  general: 'General question',
  support: 'Help with my account',
  billing: 'Billing and Premium',
  press: 'Press and partnerships',
  careers: 'Working at CrewBase',
};

export const CONTACT_LIMITS = { nameMax: 100, messageMin: 20, messageMax: 5000 } as const;

export const contactRequest = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'Please tell us your name')
    .max(CONTACT_LIMITS.nameMax, `Name must be less than ${CONTACT_LIMITS.nameMax} characters`),
  email: emailSchema,
  topic: z.enum(CONTACT_TOPICS, { error: 'Please choose a topic' }),
  message: z
    .string()
    .trim()
    .min(CONTACT_LIMITS.messageMin, `Message must be at least ${CONTACT_LIMITS.messageMin} characters`)
    .max(CONTACT_LIMITS.messageMax, `Message must be less than ${CONTACT_LIMITS.messageMax} characters`),
});
export type ContactRequest = z.infer<typeof contactRequest>;

export const CONTACT_SENT = 'Thanks, your message is on its way. We answer within two working days.';

export const blogPostSummary = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  date: z.string(),
  readingMinutes: z.number().int(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummary>;

export const blogPostListResponse = z.object({ posts: z.array(blogPostSummary) });
export const blogPostResponse = blogPostSummary.extend({ html: z.string() });
export type BlogPost = z.infer<typeof blogPostResponse>;
export const blogSlugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/, 'Unknown post') });

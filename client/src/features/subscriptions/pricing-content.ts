/**
 * /pricing's words (issue 33): Free against Premium feature by feature, and the questions people
 * ask before paying. Prices and limits come from common/, so the page never disagrees with the
 * plan cards, the checkout or the invoices.
 */
import { LIMITS } from '#common/limits';
import { PREMIUM_PAST_DUE_GRACE_DAYS, PREMIUM_PLANS } from '#common/premium';

/**
 * "$19", "$190", "$15.83": US dollars written out, without Intl (whose first formatter loads locale
 * data during a public page's first render, ADR 022). Every plan is in USD.
 */
export function dollars(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

const monthly = PREMIUM_PLANS.monthly;
const yearly = PREMIUM_PLANS.yearly;
/** What a year of monthly payments costs more than the yearly price. */
export const YEARLY_SAVING = Math.max(0, monthly.amount * 12 - yearly.amount);
/** The saving in months of the monthly price ("two months free"), when it is a whole number. */
const monthsFree = YEARLY_SAVING % monthly.amount === 0 ? YEARLY_SAVING / monthly.amount : null;
const MONTH_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];
export const YEARLY_SAVING_TEXT =
  monthsFree !== null && monthsFree > 0 && monthsFree < MONTH_WORDS.length
    ? `${MONTH_WORDS[monthsFree]} month${monthsFree === 1 ? '' : 's'} free`
    : `save ${dollars(YEARLY_SAVING)}`;
export const YEARLY_PER_MONTH = dollars(Math.round(yearly.amount / 12));

/** A cell of the comparison: included, not included, or a few words. */
export type PlanCell = boolean | string;

export interface ComparisonRow {
  feature: string;
  /** A line under the feature's name. */
  detail?: string;
  free: PlanCell;
  premium: PlanCell;
}

export interface ComparisonGroup {
  title: string;
  rows: readonly ComparisonRow[];
}

const freeReviews = LIMITS.reviewsFreeVisible;

export const COMPARISON: readonly ComparisonGroup[] = [
  {
    title: 'Find crew',
    rows: [
      { feature: 'Search crew by name, role, skill and city', free: true, premium: true },
      { feature: 'Browse crew by role', free: true, premium: true },
      {
        feature: 'Advanced search filters',
        detail: 'Minimum rating and reviews, years of experience, portfolio, verified collaborations',
        free: false,
        premium: true,
      },
    ],
  },
  {
    title: 'Your profile',
    rows: [
      {
        feature: 'A profile with your roles, credits, experience and portfolio',
        free: true,
        premium: true,
      },
      { feature: 'Listed in search and on your role pages', free: true, premium: true },
      { feature: 'Premium badge on your profile and search cards', free: false, premium: true },
    ],
  },
  {
    title: 'Reviews',
    rows: [
      { feature: 'Write reviews of the crew you worked with', free: true, premium: true },
      {
        feature: 'Read reviews',
        free: `Newest ${freeReviews}`,
        premium: 'Every review, in any order',
      },
    ],
  },
  {
    title: 'Working together',
    rows: [
      {
        feature: 'Answer messages, connection requests, bookings and team invitations',
        free: true,
        premium: true,
      },
      { feature: 'Start a conversation with any crew member', free: false, premium: true },
      { feature: 'Send connection requests', free: false, premium: true },
      {
        feature: 'Book crew and put holds on their dates',
        detail: 'First and second holds, confirmations and invoices in one place',
        free: false,
        premium: true,
      },
      { feature: 'Team builder for your productions', free: false, premium: true },
    ],
  },
];

/** The Free card's short list. */
export const FREE_HIGHLIGHTS = [
  'Search and browse every crew member',
  'Your profile, credits and portfolio',
  `Write reviews and read the newest ${freeReviews} on any profile`,
  'Answer messages, bookings and team invitations',
] as const;

export interface PricingQuestion {
  question: string;
  answer: string;
}

export const PRICING_FAQ: readonly PricingQuestion[] = [
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes, from the subscription page, with no fee. Premium stays on until the end of the period you paid for, and you can take the cancellation back until then. Nothing renews after that.',
  },
  {
    question: 'What happens to my messages, bookings and teams when Premium ends?',
    answer: `Nothing you made is deleted. Your conversations stay and you can still write in every one you have; starting a new one needs Premium again. Bookings and holds you made stay as they are, and the crew's answers still reach you. Your teams and connections stay; inviting someone new or sending a new request needs Premium. Profiles show the newest ${freeReviews} reviews again.`,
  },
  {
    question: 'How are payments made?',
    answer:
      'By card, through Stripe Checkout. Your card details go to Stripe, never to CrewBase. Prices are in US dollars, and every payment has a PDF invoice on the subscription page and in its notification.',
  },
  {
    question: 'What if a renewal payment fails?',
    answer: `Premium stays on for ${PREMIUM_PAST_DUE_GRACE_DAYS} days while Stripe tries the payment again. If no payment goes through in that time, Premium ends and your account carries on as a free one, with everything in it.`,
  },
  {
    question: 'Monthly or yearly: what is the difference?',
    answer: `Only the price. Monthly is ${dollars(monthly.amount)} a month. Yearly is ${dollars(yearly.amount)} paid once a year, ${YEARLY_PER_MONTH} a month: ${YEARLY_SAVING_TEXT} against paying monthly.`,
  },
  {
    question: 'Do crew need Premium to be found and hired?',
    answer:
      'No. A free profile is listed in search and on your role pages, and you can answer messages, connection requests, booking requests and team invitations without paying. Premium is for reaching out first: productions and crew who hire, book and build teams.',
  },
];

import { asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { personName } from '#common/people';
import { addInterval, PREMIUM_PLANS } from '#common/premium';
import type { Database } from '#server/db/client.ts';
import {
  mailOutbox,
  notifications,
  payments,
  reviews,
  roles,
  subscriptions,
  userRoles,
  users,
} from '#server/db/schema/index.ts';
import { hashPassword } from '#server/features/auth/index.ts';
import { notify } from '#server/features/notifications/index.ts';
import { newReviewNotice, summariseRatings } from '#server/features/reviews/index.ts';

/** The README's demo login: a Premium member, so every part of the product can be tried. */
export const DEMO_ACCOUNT = {
  username: 'demo',
  password: 'crewbase-demo',
  email: 'demo@crewbase.app',
} as const;

/**
 * Reviews the demo account has received from the first demo crew, newest first, so the Reviews tab,
 * its notifications and Thank can be tried at once. The oldest is already thanked.
 */
export const DEMO_ACCOUNT_REVIEWS = [
  {
    daysAgo: 6,
    rating: 5,
    role: 'Director',
    projectName: 'The Salt Road',
    text: 'Alex runs the calmest set I have worked on. A clear shot list every morning, real respect for every department, and we wrapped on schedule even after losing a location in week two.',
  },
  {
    daysAgo: 27,
    rating: 4,
    role: 'Director',
    projectName: 'Harbour Lights',
    text: 'Great collaborator with a strong eye for performance. A couple of late script changes made the turnarounds tight, but Alex owned it, explained why, and made sure the crew was fed.',
  },
  {
    daysAgo: 64,
    rating: 5,
    role: 'Producer',
    projectName: 'Quiet Hours',
    text: 'Produced our documentary on a shoestring and still paid everyone on time, every time. Honest about the budget from the first call. I would work with Alex again tomorrow.',
  },
  {
    daysAgo: 141,
    rating: 5,
    role: 'Director',
    projectName: 'Paper Lanterns',
    text: 'Knows exactly what a scene needs and trusts the crew to get there. Our camera department did some of its best work on this short.',
    thanked: true,
  },
] as const;

export async function insertDemoAccount(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        username: DEMO_ACCOUNT.username,
        email: DEMO_ACCOUNT.email,
        emailVerifiedAt: sql`now()`,
        passwordHash,
        displayName: 'Alex Rivera',
        location: 'Los Angeles, CA',
        bio: 'Director and producer of character-driven indie features and documentaries. Demo account: explore CrewBase as a Premium member.',
        // A member for over a year: old enough to write reviews (new accounts wait 24 hours).
        createdAt: sql`now() - interval '400 days'`,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('could not create the demo account');
    const picked = await tx
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(inArray(roles.name, ['Director', 'Producer']));
    await tx
      .insert(userRoles)
      .values(
        picked
          .sort((a, b) => (a.name === 'Director' ? -1 : b.name === 'Director' ? 1 : 0))
          .map((role, position) => ({ userId: user.id, roleId: role.id, position })),
      );
    // A yearly member for a month already: the subscription page has a payment and an invoice to show.
    const periodStart = new Date(Date.now() - 30 * 86_400_000);
    const plan = PREMIUM_PLANS.yearly;
    const [subscription] = await tx
      .insert(subscriptions)
      .values({
        userId: user.id,
        plan: plan.id,
        status: 'active',
        provider: 'demo',
        currentPeriodStart: periodStart,
        currentPeriodEnd: addInterval(periodStart, plan.interval),
        createdAt: periodStart,
      })
      .returning();
    await tx.insert(payments).values({
      userId: user.id,
      kind: 'subscription',
      description: plan.name,
      amount: plan.amount,
      currency: plan.currency,
      provider: 'demo',
      subscriptionId: subscription?.id,
      periodStart: subscription?.currentPeriodStart,
      periodEnd: subscription?.currentPeriodEnd,
      // The invoice's buyer as they were when it was issued (issue 30).
      buyer: {
        username: DEMO_ACCOUNT.username,
        displayName: 'Alex Rivera',
        fallbackName: null,
        location: 'Los Angeles, CA',
        team: null,
      },
      createdAt: periodStart,
    });

    const reviewers = await tx
      .select({
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        fallbackName: users.fallbackName,
      })
      .from(users)
      .where(ne(users.id, user.id))
      .orderBy(asc(users.id))
      .limit(DEMO_ACCOUNT_REVIEWS.length);
    const roleId = new Map(picked.map((role) => [role.name, role.id]));
    const written = reviewers.flatMap((reviewer, i) => {
      const review = DEMO_ACCOUNT_REVIEWS[i];
      if (!review) return [];
      const at = sql`now() - ${`${review.daysAgo} days`}::interval`;
      return [
        {
          subjectId: user.id,
          reviewerId: reviewer.id,
          rating: review.rating,
          text: review.text,
          projectName: review.projectName,
          roleId: roleId.get(review.role) ?? null,
          createdAt: at,
          updatedAt: at,
          thankedAt: 'thanked' in review ? sql`${at} + interval '1 day'` : null,
        },
      ];
    });
    if (written.length === 0) return;
    const inserted = await tx
      .insert(reviews)
      .values(written)
      .returning({ id: reviews.id, reviewerId: reviews.reviewerId, rating: reviews.rating });
    await summariseRatings(tx, [user.id]);
    // The two newest arrived as notifications, dated when they were written, waiting to be thanked.
    for (const entry of written.slice(0, 2)) {
      const review = inserted.find((row) => row.reviewerId === entry.reviewerId);
      const reviewer = reviewers.find((row) => row.id === entry.reviewerId);
      if (!review || !reviewer) continue;
      const notice = newReviewNotice(personName(reviewer), review.rating);
      const created = await notify(tx, user.id, 'review', notice.title, notice.message, {
        reviewId: review.id,
        rating: review.rating,
      });
      if (created) {
        await tx
          .update(notifications)
          .set({ createdAt: entry.createdAt })
          .where(eq(notifications.id, created.id));
        // Seeded history, not news: nobody is mailed about it (issue 32).
        await tx.delete(mailOutbox).where(eq(mailOutbox.notificationId, created.id));
      }
    }
  });
}

import { inArray } from 'drizzle-orm';
import { hashPassword } from '../../features/auth/passwords.ts';
import type { Database } from '../client.ts';
import { roles, subscriptions, userRoles, users } from '../schema/index.ts';

/** The README's demo login: a Premium member, so every part of the product can be tried. */
export const DEMO_ACCOUNT = {
  username: 'demo',
  password: 'crewbase-demo',
  email: 'demo@crewbase.app',
} as const;

export async function insertDemoAccount(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        username: DEMO_ACCOUNT.username,
        email: DEMO_ACCOUNT.email,
        passwordHash,
        displayName: 'Alex Rivera',
        location: 'Los Angeles, CA',
        bio: 'Director and producer of character-driven indie features and documentaries. Demo account: explore CrewBase as a Premium member.',
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
    await tx.insert(subscriptions).values({
      userId: user.id,
      plan: 'yearly',
      status: 'active',
      provider: 'demo',
      currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000),
    });
  });
}

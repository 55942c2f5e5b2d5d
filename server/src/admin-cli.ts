import { parseArgs } from 'node:util';
import pino from 'pino';
import { USER_ROLES, type UserRole } from '#common/schemas/auth';
import { loadConfig } from '#server/config.ts';
import { connectDatabase } from '#server/db/client.ts';
import { resolveDatabase } from '#server/db/database-url.ts';
import { prepareDatabase } from '#server/db/setup.ts';
import { findUserForRoleChange, insertSecurityEvent, updateUserRole } from '#server/features/auth/index.ts';

/** `npm run admin -- --user NAME [--role admin|moderator|user]`: changes an account's access role. */
const { values } = parseArgs({
  options: { user: { type: 'string' }, role: { type: 'string', default: 'admin' } },
});
if (!values.user || !(USER_ROLES as readonly string[]).includes(values.role)) {
  console.error(`Usage: npm run admin -- --user NAME [--role ${USER_ROLES.join('|')}]`);
  process.exit(2);
}
const role = values.role as UserRole;
const config = loadConfig();
const log = pino({ level: 'warn' });
const database = await resolveDatabase(config, log);
const handle = connectDatabase(database.url, 1);
try {
  await prepareDatabase(handle.db);
  const user = await findUserForRoleChange(handle.db, values.user);
  if (!user) {
    console.error(`No account named ${values.user}`);
    process.exitCode = 1;
  } else {
    await updateUserRole(handle.db, user.id, role);
    await insertSecurityEvent(handle.db, {
      type: 'role_changed',
      userId: user.id,
      detail: { from: user.role, to: role, by: 'cli' },
    });
    console.log(`${user.username} is now ${role} (was ${user.role})`);
    if (role !== 'user' && !user.totpEnabledAt) {
      console.warn(
        `Warning: ${user.username} has no second factor yet. Staff pages answer only after they turn on two-factor sign-in in /account.`,
      );
    }
  }
} finally {
  await handle.close();
  await database.stop();
}

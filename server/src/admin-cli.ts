import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { USER_ROLES, type UserRole } from '#common/schemas/auth';
import { loadConfig } from '#server/config.ts';
import { connectDatabase } from '#server/db/client.ts';
import { resolveDatabase } from '#server/db/database-url.ts';
import { prepareDatabase } from '#server/db/setup.ts';
import { changeRoleAtConsole } from '#server/features/admin/index.ts';

/** `npm run admin -- --user NAME [--role admin|moderator|user]`: changes an account's access role. */
const { values } = parseArgs({
  options: { user: { type: 'string' }, role: { type: 'string', default: 'admin' } },
});
if (!values.user || !(USER_ROLES as readonly string[]).includes(values.role)) {
  console.error(`Usage: npm run admin -- --user NAME [--role ${USER_ROLES.join('|')}]`);
  process.exit(2);
}
const role = values.role as UserRole;

/** Who the audit trail names: the operating-system account at the console (a container may have none). */
function operator(): string {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}
const config = loadConfig();
const log = pino({ level: 'warn' });
const database = await resolveDatabase(config, log);
const handle = connectDatabase(database.url, 1);
try {
  await prepareDatabase(handle.db);
  const user = await changeRoleAtConsole(handle.db, values.user, role, operator());
  if (!user) {
    console.error(`No account named ${values.user}`);
    process.exitCode = 1;
  } else {
    console.log(`${user.username} is now ${role} (was ${user.from}); their sessions have ended`);
    if (role !== 'user' && !user.twoFactorEnabled) {
      console.warn(
        `Warning: ${user.username} has no second factor yet. Staff pages answer only after they turn on two-factor sign-in in /account.`,
      );
    }
  }
} finally {
  await handle.close();
  await database.stop();
}

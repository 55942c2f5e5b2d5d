/**
 * What the OpenAPI document says about each route that its zod schemas cannot (issue 37, ADR 035):
 * which routes are left out, the tag of each feature, one summary per operation, which calls anyone
 * may make, and where a 409 can come back. One table here instead of a line in every routes.ts: a
 * route added without a summary makes the document test fail and point at this file.
 */

/** Per-route facts the document needs and the path alone does not say (route config). */
export const ROUTE_FACTS = 'x-crewbase-route';

/** `GET /api/users/{id}`: a method and an OpenAPI path (`:id` written `{id}`). */
export type OperationKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

/**
 * Routes the document leaves out: staff tools, Stripe's webhook, the demo payment provider's
 * pages, the development-only test notification, the document and its page, and everything that
 * is not the JSON API (pages, media, feeds for crawlers, the metrics scrape, the socket).
 */
export function isUndocumentedRoute(url: string): boolean {
  if (!url.startsWith('/api/')) return true;
  return (
    url.startsWith('/api/admin') ||
    url.startsWith('/api/webhooks/') ||
    url.startsWith('/api/subscription/demo/') ||
    url === '/api/notifications/test' ||
    url === '/api/openapi.json' ||
    url === '/api/docs' ||
    url.startsWith('/api/docs/')
  );
}

/** Tags by feature, the first matching path prefix wins (order matters: /api/users/{id}/reviews). */
const TAG_RULES: [RegExp, string][] = [
  [/^\/api\/(health|ready)$/, 'Health'],
  [/^\/api\/account\/(export|restore)$|^\/api\/account$/, 'Account'],
  [/^\/api\/account\/tokens/, 'Access tokens'],
  [
    /^\/api\/(csrf-token|register|login|logout|auth|password-reset|account\/(password|email|2fa|reauthenticate|sessions))/,
    'Sign-in and security',
  ],
  [/^\/api\/roles/, 'Roles'],
  [/^\/api\/(browse|search|top-rated|users\/top-rated)/, 'Search'],
  [/^\/api\/saved-searches/, 'Saved searches'],
  [/^\/api\/calls|^\/api\/me\/(applications|calls)$/, 'Crew calls'],
  [/^\/api\/users\/\{id\}\/reviews|^\/api\/reviews/, 'Reviews'],
  [/^\/api\/users\/\{id\}\/(availability|calendar\.ics)|^\/api\/me\/|^\/api\/bookings/, 'Bookings'],
  [/^\/api\/users\//, 'Profiles'],
  [/^\/api\/(notifications|email)/, 'Notifications'],
  [/^\/api\/subscription/, 'Premium'],
  [/^\/api\/payments/, 'Payments'],
  [/^\/api\/(connections|blocks)/, 'Connections'],
  [/^\/api\/(conversations|messages)/, 'Messages'],
  [/^\/api\/(teams|team-invites)/, 'Teams'],
  [/^\/api\/(contact|blog)/, 'Site'],
];

export function tagOf(path: string): string | undefined {
  return TAG_RULES.find(([pattern]) => pattern.test(path))?.[1];
}

/** The tags in the order the docs page lists them, with a line each. */
export const TAGS = [
  { name: 'Sign-in and security', description: 'Sessions, CSRF tokens, passwords, e-mail, two-factor.' },
  { name: 'Access tokens', description: 'Personal access tokens for scripts and tools (Bearer cb_pat_…).' },
  { name: 'Account', description: "The member's data export, deletion and restore." },
  { name: 'Roles', description: 'The catalogue of crew roles.' },
  { name: 'Search', description: 'Browsing and searching the crew directory.' },
  { name: 'Saved searches', description: 'Searches a member keeps, with alerts.' },
  { name: 'Crew calls', description: 'Jobs productions post, applications to them, booking an applicant.' },
  { name: 'Profiles', description: 'Crew profiles and their parts: roles, experience, credits, media.' },
  { name: 'Reviews', description: 'Reviews between people who worked together.' },
  { name: 'Bookings', description: 'Availability, holds and bookings, calendar feeds.' },
  { name: 'Connections', description: 'Connections and blocks.' },
  { name: 'Messages', description: 'Conversations and messages.' },
  { name: 'Teams', description: 'Teams, positions and invitations.' },
  { name: 'Notifications', description: 'In-app notifications, preferences, e-mail unsubscribe.' },
  { name: 'Premium', description: 'The Premium subscription.' },
  { name: 'Payments', description: 'Payments and invoices.' },
  { name: 'Site', description: 'The blog and the contact form.' },
  { name: 'Health', description: 'Liveness and readiness.' },
];

/** Routes anyone may call without signing in; every other documented route needs a member. */
export const PUBLIC_OPERATIONS = new Set<OperationKey>([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/csrf-token',
  'POST /api/register',
  'POST /api/login',
  'POST /api/login/2fa',
  'POST /api/logout',
  'GET /api/logout',
  'GET /api/auth/user',
  'GET /api/auth/session',
  'GET /api/auth/check',
  'GET /api/auth/providers',
  'GET /api/auth/{provider}/login',
  'GET /api/auth/{provider}/callback',
  'POST /api/password-reset/request',
  'POST /api/password-reset/confirm',
  'POST /api/account/restore',
  'GET /api/roles',
  'GET /api/roles/crew-counts',
  'GET /api/browse/crew',
  'GET /api/search',
  'GET /api/users/top-rated',
  'GET /api/top-rated',
  'GET /api/calls',
  'GET /api/calls/{id}',
  'GET /api/users/{id}',
  'GET /api/users/{id}/reviews',
  'GET /api/reviews/{id}',
  'GET /api/users/{id}/availability',
  'GET /api/users/{id}/calendar.ics',
  'GET /api/email/unsubscribe',
  'POST /api/email/unsubscribe',
  'POST /api/email/resubscribe',
  'GET /api/subscription/plans',
  'POST /api/contact',
  'GET /api/blog',
  'GET /api/blog/{slug}',
]);

/** Writes whose rules can refuse with 409 Conflict (a state that no longer allows it, a duplicate). */
export function mayConflict(method: string, path: string): boolean {
  if (method === 'GET') return false;
  return /^\/api\/(register|account\/(email|2fa)|account$|users\/\{id\}\/reviews|reviews|connections|blocks|conversations|bookings|teams|team-invites|saved-searches|calls|subscription)/.test(
    path,
  );
}

export const SUMMARIES: Record<OperationKey, string> = {
  'GET /api/health': 'Liveness: the process answers',
  'GET /api/ready': 'Readiness: the database answers',
  'GET /api/csrf-token': 'Get a CSRF token for the next writes',
  'POST /api/register': 'Create an account and sign in',
  'POST /api/login': 'Sign in with username or e-mail and password',
  'POST /api/login/2fa': 'Finish signing in with a two-factor code',
  'POST /api/logout': 'Sign out',
  'GET /api/logout': 'Sign out and go to the home page (browser navigation)',
  'GET /api/auth/me': 'The signed-in member',
  'GET /api/auth/user': 'The signed-in member, or null',
  'GET /api/auth/session': "The session's state and expiry",
  'GET /api/auth/check': 'Whether a session is signed in',
  'GET /api/auth/providers': 'The sign-in providers configured (Google, GitHub…)',
  'GET /api/auth/{provider}/login': 'Start signing in with a provider (redirect)',
  'GET /api/auth/{provider}/callback': "The provider's return after sign-in (redirect)",
  'POST /api/password-reset/request': 'Send a password reset link',
  'POST /api/password-reset/confirm': 'Set a new password with a reset link',
  'POST /api/account/password': 'Change the password',
  'POST /api/account/email': 'Change the e-mail address',
  'POST /api/account/email/verify': 'Confirm the e-mail address with its code',
  'POST /api/account/email/verification': 'Send the e-mail confirmation again',
  'POST /api/account/2fa/setup': 'Start setting up two-factor sign-in',
  'POST /api/account/2fa/enable': 'Turn two-factor sign-in on',
  'POST /api/account/2fa/disable': 'Turn two-factor sign-in off',
  'POST /api/account/reauthenticate': 'Confirm the password before a sensitive change',
  'GET /api/account/sessions': "The member's signed-in sessions",
  'DELETE /api/account/sessions/{id}': 'Sign out one session',
  'DELETE /api/account/sessions': 'Sign out every other session',
  'GET /api/account/tokens': "The member's personal access tokens (without their secrets)",
  'POST /api/account/tokens': 'Create a personal access token (shown once)',
  'DELETE /api/account/tokens/{id}': 'Revoke a personal access token',
  'GET /api/account/export': "Download the member's data (ZIP)",
  'DELETE /api/account': 'Delete the account (restorable for a while)',
  'POST /api/account/restore': 'Restore a deleted account',
  'GET /api/roles': 'The role catalogue',
  'GET /api/roles/crew-counts': 'How many crew list each role',
  'GET /api/browse/crew': 'Browse crew by role and place',
  'GET /api/search': 'Search crew',
  'GET /api/users/top-rated': 'Top-rated crew',
  'GET /api/top-rated': 'Top-rated crew (short address)',
  'GET /api/saved-searches': "The member's saved searches",
  'POST /api/saved-searches': 'Save a search',
  'PATCH /api/saved-searches/{id}': 'Rename a saved search or change its alerts',
  'DELETE /api/saved-searches/{id}': 'Delete a saved search',
  'GET /api/calls': 'Open crew calls, newest first',
  'POST /api/calls': 'Post a crew call (Premium)',
  'GET /api/calls/{id}': 'A crew call',
  'PATCH /api/calls/{id}': 'Edit an open crew call',
  'POST /api/calls/{id}/close': 'Close a crew call, or mark it filled',
  'POST /api/calls/{id}/report': 'Report a crew call',
  'POST /api/calls/{id}/applications': 'Apply to a crew call',
  'GET /api/calls/{id}/applications': "A call's applications (its owner's)",
  'PATCH /api/calls/{id}/applications/{applicationId}': 'Shortlist or decline an applicant',
  'POST /api/calls/{id}/applications/{applicationId}/book': 'Book an applicant (a booking request)',
  'POST /api/calls/{id}/applications/{applicationId}/withdraw': 'Withdraw an application',
  'GET /api/me/applications': "The member's applications to crew calls",
  'GET /api/me/calls': "The member's crew calls",
  'GET /api/users/{id}': 'A crew profile',
  'GET /api/users/{id}/stats': "A profile's statistics",
  'PATCH /api/users/{id}': "Edit a profile's basics",
  'POST /api/users/{id}/roles': 'Add a role to a profile',
  'DELETE /api/users/{id}/roles/{itemId}': 'Remove a role from a profile',
  'POST /api/users/{id}/experiences': 'Add an experience',
  'PUT /api/users/{id}/experiences/order': 'Reorder experiences',
  'PATCH /api/users/{id}/experiences/{itemId}': 'Edit an experience',
  'DELETE /api/users/{id}/experiences/{itemId}': 'Remove an experience',
  'POST /api/users/{id}/credentials': 'Add a credential',
  'PATCH /api/users/{id}/credentials/{itemId}': 'Edit a credential',
  'DELETE /api/users/{id}/credentials/{itemId}': 'Remove a credential',
  'POST /api/users/{id}/tags': 'Add a skill tag',
  'DELETE /api/users/{id}/tags/{itemId}': 'Remove a skill tag',
  'POST /api/users/{id}/avatar': 'Upload a profile photo (multipart)',
  'DELETE /api/users/{id}/avatar': 'Remove the profile photo',
  'POST /api/users/{id}/portfolio': 'Add a portfolio item (multipart upload or video link)',
  'PUT /api/users/{id}/portfolio/order': 'Reorder the portfolio',
  'PATCH /api/users/{id}/portfolio/{itemId}': 'Edit a portfolio item',
  'DELETE /api/users/{id}/portfolio/{itemId}': 'Remove a portfolio item',
  'GET /api/users/{id}/reviews': "A profile's reviews",
  'POST /api/users/{id}/reviews': 'Review someone you worked with',
  'GET /api/reviews/{id}': 'A review',
  'PATCH /api/reviews/{id}': 'Edit your review',
  'DELETE /api/reviews/{id}': 'Delete your review',
  'POST /api/reviews/{id}/thank': 'Thank the reviewer',
  'POST /api/reviews/{id}/report': 'Report a review',
  'GET /api/notifications': "The member's notifications",
  'GET /api/notifications/unread-count': 'How many notifications are unread',
  'PATCH /api/notifications/read-all': 'Mark every notification read',
  'PATCH /api/notifications/{id}/read': 'Mark a notification read',
  'DELETE /api/notifications/clear-all': 'Clear every notification',
  'DELETE /api/notifications/{id}': 'Clear a notification',
  'GET /api/notifications/preferences': 'Notification and e-mail preferences',
  'PATCH /api/notifications/preferences': 'Change notification and e-mail preferences',
  'GET /api/email/unsubscribe': 'The one-click unsubscribe page of an e-mail link',
  'POST /api/email/unsubscribe': 'Unsubscribe with a signed e-mail link (RFC 8058 one-click)',
  'POST /api/email/resubscribe': 'Undo an unsubscribe',
  'GET /api/subscription/plans': 'The Premium plans and prices',
  'GET /api/subscription': "The member's Premium status",
  'POST /api/subscription/checkout': 'Start paying for Premium',
  'POST /api/subscription/cancel': 'Cancel Premium at the end of the period',
  'POST /api/subscription/resume': 'Keep Premium after cancelling',
  'GET /api/payments': "The member's payments",
  'GET /api/payments/{paymentId}': 'A payment',
  'GET /api/payments/{paymentId}/invoice': "A payment's invoice (PDF)",
  'POST /api/connections': 'Ask to connect',
  'POST /api/connections/accept': 'Accept a connection request',
  'POST /api/connections/decline': 'Decline a connection request',
  'GET /api/connections': "The member's connections",
  'GET /api/connections/requests': 'Connection requests waiting',
  'GET /api/connections/status/{userId}': 'The connection with someone',
  'DELETE /api/connections/{userId}': 'Remove a connection or withdraw a request',
  'POST /api/blocks': 'Block someone',
  'DELETE /api/blocks/{userId}': 'Unblock someone',
  'GET /api/conversations': "The member's conversations",
  'POST /api/conversations': 'Start a conversation',
  'GET /api/conversations/{id}': 'A conversation',
  'GET /api/conversations/{id}/messages': "A conversation's messages, newest first",
  'POST /api/conversations/{id}/messages': 'Send a message',
  'POST /api/conversations/{id}/read': 'Mark a conversation read',
  'GET /api/messages/unread-count': 'How many messages are unread',
  'POST /api/bookings': 'Ask to book or hold someone',
  'GET /api/bookings': "The member's bookings and holds",
  'GET /api/bookings/{id}': 'A booking',
  'POST /api/bookings/{id}/accept': 'Accept a booking (crew)',
  'POST /api/bookings/{id}/decline': 'Decline a booking (crew)',
  'POST /api/bookings/{id}/cancel': 'Cancel a booking',
  'POST /api/bookings/{id}/confirm': 'Confirm a hold as a booking',
  'POST /api/bookings/{id}/release': 'Release a hold',
  'POST /api/bookings/{id}/pay': 'Pay for a booking',
  'GET /api/users/{id}/availability': "Someone's booked and unavailable days",
  'GET /api/me/unavailable-days': "The member's unavailable days",
  'PUT /api/me/unavailable-days': "Set the member's unavailable days",
  'GET /api/me/calendar-token': "The member's calendar feed address",
  'POST /api/me/calendar-token': 'Make a new calendar feed address',
  'DELETE /api/me/calendar-token': 'Turn the calendar feed off',
  'GET /api/users/{id}/calendar.ics': "A member's bookings as an iCalendar feed (with its token)",
  'POST /api/teams': 'Create a team',
  'GET /api/teams': "The member's teams",
  'GET /api/teams/{id}': 'A team',
  'PATCH /api/teams/{id}': 'Edit a team',
  'POST /api/teams/{id}/positions': 'Add a position to a team',
  'POST /api/teams/{id}/invites': 'Invite someone to a team',
  'DELETE /api/teams/{id}/members/{userId}': 'Remove someone from a team',
  'POST /api/teams/{id}/leave': 'Leave a team',
  'POST /api/team-invites/{teamId}/accept': 'Accept a team invitation',
  'POST /api/team-invites/{teamId}/decline': 'Decline a team invitation',
  'POST /api/contact': 'Write to CrewBase',
  'GET /api/blog': 'The blog posts',
  'GET /api/blog/{slug}': 'A blog post',
};

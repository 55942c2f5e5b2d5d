import type { OperationKey } from './openapi-operations.ts';

export interface OperationExample {
  /** The JSON body sent. */
  request?: unknown;
  /** Query parameters, by name. */
  query?: Record<string, string | number>;
  /** A status and the JSON body it answers with. */
  response?: [status: string, body: unknown];
}

/**
 * One example for each public call (issue 37), shown on /api/docs. The document test checks each
 * against its schema, so an example cannot drift from what the server says.
 */
const member = {
  id: 42,
  username: 'rosa.gaffer',
  email: 'rosa@example.com',
  displayName: 'Rosa Diaz',
  fallbackName: 'rosa.gaffer',
  profileImage: null,
  isSubscribed: false,
  role: 'user',
  twoFactorEnabled: false,
  emailVerified: true,
};
const signedLink = { token: 'v1.42.digest.2f6c1e…' };

export const OPENAPI_EXAMPLES: Partial<Record<OperationKey, OperationExample>> = {
  'GET /api/health': {
    response: ['200', { status: 'ok', database: { status: 'up', latencyMs: 1.2 }, uptimeSeconds: 86400 }],
  },
  'GET /api/ready': { response: ['200', { status: 'ready', database: 'up', redis: 'not configured' }] },
  'GET /api/csrf-token': {
    response: ['200', { csrfToken: 'k3JY2w…', expiresAt: '2026-11-27T21:00:00.000Z' }],
  },
  'POST /api/register': {
    request: { username: 'rosa.gaffer', email: 'rosa@example.com', password: 'gaffer-tape-42' },
    response: ['201', member],
  },
  'POST /api/login': {
    request: { username: 'rosa.gaffer', password: 'gaffer-tape-42', rememberMe: true },
    response: ['200', member],
  },
  'POST /api/login/2fa': { request: { code: '123456' }, response: ['200', member] },
  'POST /api/logout': {},
  'GET /api/logout': {},
  'GET /api/auth/user': { response: ['200', member] },
  'GET /api/auth/session': {
    response: ['200', { authenticated: true, expiresAt: '2026-12-27T19:00:00.000Z', persistent: true }],
  },
  'GET /api/auth/check': { response: ['200', { authenticated: false }] },
  'GET /api/auth/providers': { response: ['200', { providers: ['google'] }] },
  'GET /api/auth/{provider}/login': { query: { provider: 'google' } },
  'GET /api/auth/{provider}/callback': { query: { provider: 'google' } },
  'POST /api/password-reset/request': {
    request: { email: 'rosa@example.com' },
    response: ['200', { message: 'If that address has an account, a reset link is on its way.' }],
  },
  'POST /api/password-reset/confirm': {
    request: { token: 'q9Xc…', password: 'new-gaffer-tape-43' },
    response: ['200', { message: 'Your password has been changed.' }],
  },
  'POST /api/account/restore': {
    request: { restoreToken: 'r4Tq…', code: '123456' },
    response: ['200', member],
  },
  'GET /api/roles': {
    response: [
      '200',
      [{ id: 12, name: 'Gaffer', category: 'production', icon: 'lightbulb', department: 'Lighting' }],
    ],
  },
  'GET /api/roles/crew-counts': { response: ['200', { counts: { '12': 38, '13': 120 } }] },
  'GET /api/browse/crew': { query: { role: 12, page: 1, limit: 24 } },
  'GET /api/search': { query: { q: 'gaffer', location: 'Berlin', minRating: 4, limit: 20 } },
  'GET /api/users/top-rated': { query: { category: 'production', limit: 12 } },
  'GET /api/top-rated': { query: { role: 12, limit: 6 } },
  'GET /api/calls': {
    query: { role: 12, location: 'Atlanta', from: '2026-12-01', to: '2026-12-20', limit: 20 },
  },
  'GET /api/calls/{id}': { query: { id: 7 } },
  'GET /api/users/{id}': { query: { id: 42 } },
  'GET /api/users/{id}/reviews': { query: { id: 42, sort: 'highest', page: 1, limit: 10 } },
  'GET /api/reviews/{id}': { query: { id: 7 } },
  'GET /api/users/{id}/availability': {
    query: { id: 42, from: '2026-12-01', to: '2026-12-03' },
    response: [
      '200',
      {
        days: [
          { date: '2026-12-01', status: 'free' },
          { date: '2026-12-02', status: 'busy' },
          { date: '2026-12-03', status: 'hold' },
        ],
      },
    ],
  },
  'GET /api/users/{id}/calendar.ics': { query: { id: 42, token: 'cal_8d0f…' } },
  'GET /api/email/unsubscribe': { query: signedLink },
  'POST /api/email/unsubscribe': {
    query: signedLink,
    response: ['200', { category: 'messages', unsubscribed: true }],
  },
  'POST /api/email/resubscribe': { query: signedLink },
  'GET /api/subscription/plans': {
    response: [
      '200',
      {
        plans: [
          { id: 'monthly', amount: 999, currency: 'usd', interval: 'month' },
          { id: 'yearly', amount: 9900, currency: 'usd', interval: 'year' },
        ],
      },
    ],
  },
  'POST /api/contact': {
    request: {
      name: 'Rosa Diaz',
      email: 'rosa@example.com',
      topic: 'support',
      message: 'How do I add a second role to my profile?',
    },
    response: ['200', { message: 'Thanks, we will reply within two working days.' }],
  },
  'GET /api/blog': {
    response: [
      '200',
      {
        posts: [
          {
            slug: 'call-sheets',
            title: 'Call sheets that crews read',
            summary: 'What goes on the first page.',
            author: 'CrewBase',
            date: '2026-10-02',
            readingMinutes: 4,
          },
        ],
      },
    ],
  },
  'GET /api/blog/{slug}': { query: { slug: 'call-sheets' } },
};

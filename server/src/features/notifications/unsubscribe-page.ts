import type { UnsubscribeScope } from '#common/policies/email';
import { UNSUBSCRIBE_MESSAGES, UNSUBSCRIBE_SCOPE_LABELS } from '#common/schemas/email-preferences';
import { escapeHtml } from '#server/mail/html.ts';

/**
 * The pages an unsubscribe link opens: server-rendered and standalone (the member may have no
 * session, and the SPA has no route under /api), in the product's colours, light or dark as the
 * system is. Every value is escaped with the server's one HTML escape (mail/html.ts).
 */

export const PREFERENCES_PATH = '/notifications?tab=preferences';

const STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #0f172a; --muted: #475569; --card: #f8fafc;
  --border: #e2e8f0; --button: #0b1220; --button-fg: #ffffff; --link: #b45309; --ring: #b45309; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0b1220; --fg: #e2e8f0; --muted: #94a3b8; --card: #101828; --border: #1e293b;
    --button: #f59e0b; --button-fg: #0b1220; --link: #fbbf24; --ring: #fbbf24; }
}
body { margin: 0; background: var(--bg); color: var(--fg); font-family: Inter, system-ui, sans-serif; }
main { max-width: 34rem; margin: 0 auto; padding: 4rem 1.5rem; }
.brand { font-weight: 700; font-size: 1.125rem; margin: 0 0 2rem; color: var(--fg); }
.brand span { color: var(--link); }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 0.75rem; padding: 1.5rem;
  display: flex; flex-direction: column; gap: 1rem; }
h1 { font-size: 1.5rem; margin: 0; }
p { line-height: 1.6; margin: 0; color: var(--muted); }
p.lead { color: var(--fg); }
a { color: var(--link); }
form { margin: 0; }
button { font: inherit; font-weight: 600; border: 0; border-radius: 0.5rem; padding: 0.625rem 1rem;
  background: var(--button); color: var(--button-fg); cursor: pointer; }
a:focus-visible, button:focus-visible { outline: 2px solid var(--ring); outline-offset: 2px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(title)} | CrewBase</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <style>${STYLE}</style>
  </head>
  <body>
    <main>
      <p class="brand">Crew<span>Base</span></p>
      <div class="card">
${body}
      </div>
    </main>
  </body>
</html>
`;
}

const preferencesLink = `<p><a href="${escapeHtml(PREFERENCES_PATH)}">See all your notification preferences</a></p>`;

/** After a GET of a valid link: what was turned off, the way back on, and all the preferences. */
export function unsubscribedPage(category: UnsubscribeScope, token: string): string {
  const label = UNSUBSCRIBE_SCOPE_LABELS[category];
  const action = `/api/email/resubscribe?token=${encodeURIComponent(token)}`;
  return page(
    'Unsubscribed',
    `        <h1>You are unsubscribed</h1>
        <p class="lead">${escapeHtml(UNSUBSCRIBE_MESSAGES.done(label))}</p>
        <p>Your other e-mails and the notifications on the site stay as you set them.</p>
        <form method="post" action="${escapeHtml(action)}">
          <button type="submit">Turn e-mails about ${escapeHtml(label.toLowerCase())} back on</button>
        </form>
        ${preferencesLink}`,
  );
}

/** After the page's "back on" button. */
export function resubscribedPage(category: UnsubscribeScope): string {
  return page(
    'E-mails back on',
    `        <h1>E-mails are back on</h1>
        <p class="lead">${escapeHtml(UNSUBSCRIBE_MESSAGES.resubscribed(UNSUBSCRIBE_SCOPE_LABELS[category]))}</p>
        ${preferencesLink}`,
  );
}

/** A link that is not valid (cut short, changed, forged): nothing changed. */
export function invalidLinkPage(): string {
  return page(
    'Link not valid',
    `        <h1>This link does not work</h1>
        <p class="lead">${escapeHtml(UNSUBSCRIBE_MESSAGES.invalidToken)}</p>
        ${preferencesLink}`,
  );
}

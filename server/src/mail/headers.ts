/**
 * The one-click unsubscribe headers (RFC 8058) for a mail that can be turned off: a mail client
 * shows an "Unsubscribe" button that POSTs `List-Unsubscribe=One-Click` to `url`, which must
 * work without a session (its signed token is the authority). Security notices carry none.
 */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

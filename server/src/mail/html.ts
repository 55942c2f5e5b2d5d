/**
 * Text made safe to put between HTML tags or in a quoted attribute. The server's one HTML escape:
 * mails' HTML parts and the pages it renders (features/pages) both use it, so it lives in the kernel.
 */
export function escapeHtml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

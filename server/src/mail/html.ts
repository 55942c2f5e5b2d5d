/** Text made safe to put between HTML tags or in a quoted attribute of a mail's HTML part. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

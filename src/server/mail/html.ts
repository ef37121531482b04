const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes user text for an HTML e-mail body. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]);

/** A minimal, mail-client-safe HTML body around already-escaped paragraphs. */
export function htmlEmail(title: string, paragraphsHtml: string[]): string {
  const body = paragraphsHtml.map((p) => `<p style="margin:0 0 12px">${p}</p>`).join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5"><h2 style="margin:0 0 16px">${escapeHtml(title)}</h2>${body}</body></html>`;
}

import type { OutgoingMail } from '../../kernel/mail-delivery';
import type { SiteUrl } from './mail-links';

/**
 * The store's one mail layout: every mail (order, account, contact, cart reminder, admin notice)
 * is a `Content` written by `render` into an HTML and a plain-text version. Every interpolated
 * value is escaped in the HTML.
 */

export interface MailContext {
  brand: string;
  /** Where links point: PUBLIC_URL, else the address the store listens on (mail-links.ts). */
  siteUrl: SiteUrl;
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** A mail's content as lines of text, some with a link; both versions are written from it. */
export interface Content {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Rows of a small table (label, value): the receipt. */
  rows?: [string, string][];
  action?: { label: string; url: string };
  /** A small link at the foot of the mail (a reminder's unsubscribe). */
  footerLink?: { label: string; url: string };
}

/** The HTML and plain-text versions of a mail, in the store's one layout. */
export function render(to: string, ctx: MailContext, c: Content): OutgoingMail {
  const rowsHtml = c.rows
    ? `<table role="presentation" style="border-collapse:collapse;margin:16px 0">${c.rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const actionHtml = c.action
    ? `<p><a href="${escapeHtml(c.action.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(c.action.label)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#1f2937;background:#f3f4f6">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:700">${escapeHtml(ctx.brand)}</p>
<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(c.heading)}</h1>
${c.paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${rowsHtml}${actionHtml}
<p style="margin:24px 0 0;font-size:12px;color:#6b7280">${escapeHtml(ctx.brand)}${
    c.footerLink
      ? ` · <a href="${escapeHtml(c.footerLink.url)}" style="color:#6b7280">${escapeHtml(c.footerLink.label)}</a>`
      : ''
  }</p>
</div></body></html>`;
  const text = [
    ctx.brand,
    '',
    c.heading,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.rows ? [...c.rows.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    `-- ${ctx.brand}`,
    ...(c.footerLink ? [`${c.footerLink.label}: ${c.footerLink.url}`] : []),
  ].join('\n');
  return { to, subject: c.subject, html, text };
}

/** A visitor's text as paragraphs, one per line, so the HTML keeps its line breaks. */
export const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);

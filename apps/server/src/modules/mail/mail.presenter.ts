import type { OutboxMail } from './mail.repo.ts';
import { escapeHtml } from './templates.ts';

export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  sentAt: string | null;
  headers: Record<string, string>;
}

export function presentDevMail(mail: OutboxMail): DevMail {
  return {
    id: mail.id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    createdAt: mail.createdAt.toISOString(),
    sentAt: mail.sentAt?.toISOString() ?? null,
    headers: mail.headers ?? {},
  };
}

/**
 * Links in a mail open in a new tab: inside the sandboxed frame they would load our own pages,
 * which refuse to be framed (frame-ancestors 'none').
 */
function withLinksInNewTab(html: string): string {
  const base = '<base target="_blank">';
  return /<head(\s[^>]*)?>/i.test(html) ? html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}${base}`) : base + html;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f4f4f5;color:#18181b;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
main{max-width:860px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;margin:8px 0 4px}
.lead{color:#52525b;margin:0 0 16px}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:0 0 16px}
input{font:inherit;padding:6px 10px;border:1px solid #a1a1aa;border-radius:6px;min-width:0;flex:1 1 200px}
button{font:inherit;padding:6px 14px;border:0;border-radius:6px;background:#1d4ed8;color:#fff;cursor:pointer}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
a{color:#1d4ed8}
ol{list-style:none;margin:0;padding:0;display:grid;gap:16px}
article{background:#fff;border:1px solid #e4e4e7;border-radius:12px;padding:16px;overflow-wrap:anywhere}
h2{font-size:1.1rem;margin:0 0 8px}
dl{display:flex;flex-wrap:wrap;gap:4px 20px;margin:0 0 12px;font-size:.9rem;color:#52525b}
dl div{display:flex;gap:6px}
dt{font-weight:600}
dd{margin:0}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fafafa;border:1px solid #e4e4e7;border-radius:8px;padding:12px;margin:0 0 12px;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace}
summary{cursor:pointer;color:#1d4ed8}
iframe{display:block;width:100%;height:480px;margin-top:8px;border:1px solid #e4e4e7;border-radius:8px;background:#fff}
.empty{background:#fff;border:1px dashed #a1a1aa;border-radius:12px;padding:24px;text-align:center;color:#52525b}
`;

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

function mailArticle(mail: OutboxMail, index: number): string {
  const headingId = `mail-${escapeHtml(mail.id)}`;
  const subject = escapeHtml(mail.subject);
  const status = mail.sentAt ? 'Sent' : 'Queued';
  return `<li><article aria-labelledby="${headingId}">
<h2 id="${headingId}">${subject}</h2>
<dl>
<div><dt>To</dt><dd>${escapeHtml(mail.to)}</dd></div>
<div><dt>Time</dt><dd><time datetime="${mail.createdAt.toISOString()}">${escapeHtml(timeFormat.format(mail.createdAt))}</time></dd></div>
<div><dt>Status</dt><dd>${status}</dd></div>
</dl>
<pre>${escapeHtml(mail.text)}</pre>
<details${index === 0 ? ' open' : ''}><summary>HTML version</summary>
<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" loading="lazy" title="HTML version of: ${subject}" srcdoc="${escapeHtml(withLinksInNewTab(mail.html))}"></iframe>
</details>
</article></li>`;
}

/**
 * The dev mailbox page: plain server-rendered HTML without any script (its CSP allows none).
 * Each mail's own HTML is shown in a sandboxed frame so it cannot touch this page; the newest
 * one's is open.
 */
export function devMailboxPage(mails: OutboxMail[], filterTo: string | undefined): string {
  const list = mails.length
    ? `<ol>\n${mails.map((mail, i) => mailArticle(mail, i)).join('\n')}\n</ol>`
    : '<p class="empty">No mail yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev mailbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Dev mailbox</h1>
<p class="lead">Mail the server would have sent, newest first (the latest 50). This page exists only in development, when SMTP_URL is not set.</p>
<form method="get" action="/dev/mailbox" role="search">
<label for="to">Recipient</label>
<input id="to" name="to" type="email" autocomplete="off" value="${escapeHtml(filterTo ?? '')}">
<button type="submit">Filter</button>
${filterTo ? '<a href="/dev/mailbox">Show all</a>' : ''}
</form>
${list}
</main>
</body>
</html>
`;
}

/** Minimal server-rendered pages of the embedded identity provider (German). */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const STYLE = `body{margin:0;font-family:Roboto,system-ui,sans-serif;background:#e3f0f8;color:#1c252b;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;padding:32px 36px;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.15);width:340px}
h1{font-size:1.4rem;margin:0 0 4px;color:#2D3A43}p.sub{margin:0 0 20px;color:#555}
label{display:block;font-size:.9rem;margin:14px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;font-size:1rem;border:1px solid #b0bec5;border-radius:4px}
input:focus{outline:2px solid #1264af;border-color:#1264af}button{margin-top:22px;width:100%;padding:11px;font-size:1rem;background:#2D3A43;color:#fff;border:0;border-radius:4px;cursor:pointer}
button:hover,button:focus{background:#1264af}.error{background:#fdecea;color:#b71c1c;padding:10px;border-radius:4px;margin-bottom:8px}
.hint{font-size:.8rem;color:#555;margin-top:18px;line-height:1.4}`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function loginPage(options: {
  uid: string;
  username?: string;
  error?: string;
  demoHint: boolean;
}): string {
  const error = options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : '';
  const hint = options.demoHint
    ? '<p class="hint">Demo-Zugänge: admin, sachbearbeitung, freigabe, leser, ohne-rechte – das Passwort ist jeweils der Benutzername.</p>'
    : '';
  return page(
    'Anmelden – GewSt Desk',
    `<h1>GewSt Desk</h1><p class="sub">Bitte melden Sie sich an.</p>${error}
<form method="post" action="/idp/interaction/${encodeURIComponent(options.uid)}/login" autocomplete="off">
<label for="username">Benutzername</label><input id="username" name="username" required autofocus value="${escapeHtml(options.username ?? '')}">
<label for="password">Passwort</label><input id="password" name="password" type="password" required>
<button type="submit">Anmelden</button></form>${hint}`,
  );
}

/** Script that submits the provider's end-session form; served as a file because the CSP forbids inline scripts. */
export const LOGOUT_SCRIPT =
  "var f=document.getElementById('op.logoutForm');if(f){var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();}";
export const LOGOUT_SCRIPT_PATH = '/idp-assets/logout.js';

export function logoutPage(form: string): string {
  return page(
    'Abmelden – GewSt Desk',
    `<h1>Abmelden</h1><p class="sub">Sie werden abgemeldet …</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Jetzt abmelden</button>
<script src="${LOGOUT_SCRIPT_PATH}"></script>`,
  );
}

export function loggedOutPage(): string {
  return page(
    'Abgemeldet – GewSt Desk',
    '<h1>Abgemeldet</h1><p class="sub">Sie wurden abgemeldet.</p><p><a href="/">Erneut anmelden</a></p>',
  );
}

export function errorPage(message: string): string {
  return page(
    'Fehler – GewSt Desk',
    `<h1>Anmeldung nicht möglich</h1><div class="error" role="alert">${escapeHtml(message)}</div><p><a href="/">Zur Startseite</a></p>`,
  );
}

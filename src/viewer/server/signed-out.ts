/**
 * The page a browser gets when it is not signed in to the viewer (401): what to open instead. It
 * wears the viewer's own stylesheet (`/viewer/assets/app.css`, light and dark from the system
 * setting), the one file under `/viewer` served without a session, and loads nothing else.
 * @module
 */

/** Why the browser is not signed in. */
export type SignedOutReason = 'no-session' | 'spent-token';

/**
 * The viewer's tab icon, inline (a rounded square in the viewer's accent colour), so that no
 * browser asks the receiver for `/favicon.ico`. `src/viewer/page/index.html` links the same one.
 */
export const ICON_LINK =
  '<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 viewBox=%270 0 16 16%27%3E%3Crect width=%2716%27 height=%2716%27 rx=%274%27 fill=%27%231a73e8%27/%3E%3C/svg%3E">';

/** The signed-out page's policy: the viewer's stylesheet and the inline icon, nothing else. */
export const SIGNED_OUT_POLICY =
  "default-src 'none'; style-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const LEAD: Record<SignedOutReason, string> = {
  'no-session': 'This browser has no viewer session.',
  'spent-token': 'This sign-in link was already used, or <code>agentwire serve</code> has printed a newer one since.',
};

/** The 401 page. */
export function signedOutPage(reason: SignedOutReason): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<title>agentwire: not signed in</title>
${ICON_LINK}
<link rel="stylesheet" href="/viewer/assets/app.css">
</head>
<body>
<main class="signed-out">
<h1>Not signed in</h1>
<p>${LEAD[reason]}</p>
<ol>
<li>Open the viewer URL that <code>agentwire serve</code> printed in its terminal (<code>/viewer?token=…</code>). Its one-time token signs this browser in: the session lasts seven days, or until <code>serve</code> stops.</li>
<li>Each link works once. After a browser signs in, <code>serve</code> prints the next one on standard error, for another browser.</li>
<li>After a restart of <code>serve</code>, sessions are gone: open the URL it printed this time.</li>
</ol>
<p class="note">Scripts and tools read the same data from <code>/viewer/api</code> with the receiver's API key in the <code>X-Session-API-Key</code> header.</p>
</main>
</body>
</html>
`;
}

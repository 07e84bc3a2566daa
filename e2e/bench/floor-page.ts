/**
 * The floor of the first-visit bench: a bare page (one HTML file, no framework) served beside the
 * application, asking the same server for the same token and the same page of users after the same
 * three clicks. Everything but the page is passed to the application, so the browser talks to one origin.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';

const CLIENT = Buffer.from(
  `${process.env.OAUTH_CLIENT_ID ?? 'union-intranet'}:${process.env.OAUTH_CLIENT_SECRET ?? 'union-intranet-secret'}`,
).toString('base64');

/**
 * The floor's page: a form, then two "pages" shown by the script, then the list; the token and the
 * search are the application's own calls (proxied to it, so the browser talks to one origin).
 */
const FLOOR_PAGE = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Plancher</title></head><body>
<main>
<form id="login" aria-label="Connexion">
<label>Identifiant <input name="username"></label>
<label>Mot de passe <input name="password" type="password"></label>
<button>Connecter</button>
</form>
<nav id="portal" aria-label="Modules" hidden><a href="/administration">Administration</a></nav>
<div id="admin" hidden><a href="/utilisateurs">Utilisateurs</a></div>
<table><tbody id="rows"></tbody></table>
</main>
<script>
let token;
const form = document.getElementById('login');
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const body = new URLSearchParams({ grant_type: 'password', username: form.username.value, password: form.password.value });
  const answer = await fetch('/oauth/token', { method: 'POST', body, headers: { authorization: 'Basic ${CLIENT}' } });
  token = (await answer.json()).access_token;
  form.hidden = true;
  document.getElementById('portal').hidden = false;
});
document.querySelector('#portal a').addEventListener('click', (event) => {
  event.preventDefault();
  document.getElementById('portal').hidden = true;
  document.getElementById('admin').hidden = false;
});
document.querySelector('#admin a').addEventListener('click', async (event) => {
  event.preventDefault();
  const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
  const answer = await fetch('/api/user/search', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json', 'x-xsrf-token': xsrf },
    body: JSON.stringify({ tri: 'nom', sens: 'asc', page: 1, taille: 20 }),
  });
  const rows = (await answer.json()).lignes;
  document.getElementById('rows').innerHTML = rows
    .map((u) => '<tr><td>' + u.nom + '</td><td>' + u.prenom + '</td><td>' + u.identifiant + '</td><td>' + u.email + '</td></tr>')
    .join('');
});
</script></body></html>`;

/** Serves the floor's page and passes everything else to the application, over kept-alive connections. */
export async function startFloor(appUrl: string, port: number): Promise<Server> {
  const target = new URL(appUrl);
  const server = createServer((req, res) => {
    if (req.url === '/floor') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(FLOOR_PAGE);
      return;
    }
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

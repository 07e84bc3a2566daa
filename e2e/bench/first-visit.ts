/**
 * The first visit (issue 18), measured in Chromium: open the sign-in page with an empty cache, sign in as
 * `admin`, open Administration → Utilisateurs, and time the moment the list's tenth row is in the page.
 * Then the same journey again in the same browser context (the warm visit: HTTP cache filled, signed
 * out in between), and the floor: a bare page served beside the application (one HTML file, no
 * framework) that asks the same server for the same token and the same page of users after the same
 * three clicks. Numbers only, never asserted: `npm run bench -- cold` (apps/api/bench/cold.bench.ts)
 * builds and starts the application and runs this, or run it against a running server:
 *
 *   npx tsx e2e/bench/first-visit.ts --url http://127.0.0.1:8321 [--runs 7] [--waterfall]
 *
 * Every time is read in the page (`performance.now()`, from the navigation's start) and every request
 * from the Resource Timing entries, so all figures share one clock; the request counts and bytes are
 * Chromium's own (DevTools protocol: bytes on the wire, headers included).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

const PASSWORD = 'Union-Demo-2026!';
const CLIENT = Buffer.from(
  `${process.env.OAUTH_CLIENT_ID ?? 'union-intranet'}:${process.env.OAUTH_CLIENT_SECRET ?? 'union-intranet-secret'}`,
).toString('base64');

/** One request as Chromium saw it. */
interface Request {
  url: string;
  type: string;
  initiator: string;
  /** Milliseconds from the navigation's start (the page's clock). */
  start: number;
  end: number;
  /** Bytes on the wire (headers and compressed body); 0 when served from the cache. */
  bytes: number;
  cached: boolean;
}

export interface Visit {
  /** Milliseconds from the navigation's start until the sign-in form is in the page. */
  form: number;
  /** From the click on « Connecter » until the portal is in the page. */
  signIn: number;
  /** From the click on « Administration » until the administration's home is in the page. */
  admin: number;
  /** From the click on « Utilisateurs » until the list's tenth row is in the page. */
  list: number;
  /** What the person waits: the four above added (their typing and the automation's own time left out). */
  wait: number;
  /** Milliseconds from the navigation's start until the tenth row, everything included. */
  tenthRow: number;
  requestsBeforeForm: number;
  bytesBeforeForm: number;
  requests: number;
  bytes: number;
  waterfall: Request[];
}

/**
 * Marks the moments the journey waits for, in the page itself: a MutationObserver notes `performance.now()`
 * the first time each selector matches, without the polling delay of the automation's own waits.
 */
const MARKS = {
  form: 'form input[name="password"]',
  portal: 'nav[aria-label="Modules"]:not([hidden])',
  admin: 'main a[href$="/utilisateurs"]:not([hidden] *)',
  tenthRow: 'main table tbody tr:nth-child(10)',
};
// A string, not a function: the TypeScript runner's helpers (esbuild's `__name`) do not exist in the page.
const markScript = (marks: Record<string, string>) => `{
  const marks = ${JSON.stringify(marks)};
  const seen = {};
  window.__marks = seen;
  // The moment of each click as the page receives it (the automation's own delays are not the page's).
  window.__clicks = [];
  addEventListener('click', () => window.__clicks.push(performance.now()), true);
  const check = () => {
    for (const [name, selector] of Object.entries(marks))
      if (!(name in seen) && document.querySelector(selector)) seen[name] = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
}`;

/** Chromium's view of the requests of a page: type, initiator, bytes on the wire. */
async function recordNetwork(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map<
    string,
    { url: string; type: string; initiator: string; bytes: number; cached: boolean }
  >();
  cdp.on('Network.requestWillBeSent', (event) => {
    const stack = event.initiator.stack?.callFrames[0]?.url ?? event.initiator.url ?? event.initiator.type;
    byId.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? '',
      initiator: stack.replace(/^https?:\/\/[^/]+/, ''),
      bytes: 0,
      cached: false,
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const entry = byId.get(event.requestId);
    if (entry) entry.cached = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = byId.get(event.requestId);
    if (entry && (event.response.fromDiskCache || event.response.fromPrefetchCache)) entry.cached = true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = byId.get(event.requestId);
    if (entry) entry.bytes = event.encodedDataLength;
  });
  return () => [...byId.values()];
}

interface ResourceEntry {
  name: string;
  startTime: number;
  responseEnd: number;
  initiatorType: string;
  transferSize: number;
}

/** The page's Resource Timing entries (the document first), joined with Chromium's view of each. */
async function waterfall(
  page: Page,
  network: ReturnType<typeof recordNetwork> extends Promise<infer T> ? T : never,
) {
  const entries = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return [nav, ...resources].map((e) => ({
      name: e.name,
      startTime: e.startTime,
      responseEnd: e.responseEnd,
      initiatorType: e.initiatorType,
      transferSize: e.transferSize,
    })) as ResourceEntry[];
  });
  const seen = network();
  const used = new Set<number>();
  return entries.map((entry): Request => {
    const index = seen.findIndex((s, i) => !used.has(i) && s.url === entry.name);
    if (index >= 0) used.add(index);
    const cdp = seen[index];
    return {
      url: entry.name.replace(/^https?:\/\/[^/]+/, ''),
      type: cdp?.type || entry.initiatorType,
      initiator: cdp?.initiator ?? entry.initiatorType,
      start: entry.startTime,
      end: entry.responseEnd,
      bytes: cdp?.bytes ?? entry.transferSize,
      cached: cdp?.cached ?? entry.transferSize === 0,
    };
  });
}

/** The three clicks and the address of the journey, in the application or in the floor's page. */
interface Journey {
  address: string;
  administration: (page: Page) => ReturnType<Page['getByRole']>;
  users: (page: Page) => ReturnType<Page['getByRole']>;
}

const APPLICATION: Journey = {
  address: '/login',
  administration: (page) =>
    page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: /Administration/ }),
  users: (page) => page.getByRole('link', { name: /^Utilisateurs/ }),
};
const FLOOR: Journey = {
  address: '/floor',
  administration: (page) => page.getByRole('link', { name: 'Administration' }),
  users: (page) => page.getByRole('link', { name: 'Utilisateurs' }),
};

/** Sign-in page, sign in as admin, Administration, Utilisateurs, until the tenth row; signed out after. */
async function visit(context: BrowserContext, url: string, journey: Journey): Promise<Visit> {
  const page = await context.newPage();
  await page.addInitScript(markScript(MARKS));
  const network = await recordNetwork(page);
  await page.goto(`${url}${journey.address}`);
  await page.getByLabel('Identifiant').fill('admin');
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Connecter', exact: true }).click();
  await journey.administration(page).click();
  await journey.users(page).click();
  await page.locator(MARKS.tenthRow).waitFor({ timeout: 60_000 });
  const { marks, clicks } = await page.evaluate(() => {
    const w = window as unknown as { __marks: Record<string, number>; __clicks: number[] };
    return { marks: w.__marks, clicks: w.__clicks };
  });
  const [connect, administration, users] = clicks.slice(-3) as [number, number, number];
  const times = {
    form: marks.form!,
    signIn: marks.portal! - connect,
    admin: marks.admin! - administration,
    list: marks.tenthRow! - users,
    tenthRow: marks.tenthRow!,
  };
  const requests = await waterfall(page, network);
  // Signed out for the next visit of this context (the warm one): the cache stays, the session goes.
  await page.evaluate(() => localStorage.clear());
  await page.close();
  const beforeForm = requests.filter((r) => r.start <= times.form);
  const sum = (list: Request[]) => list.reduce((total, r) => total + r.bytes, 0);
  return {
    ...times,
    wait: times.form + times.signIn + times.admin + times.list,
    requestsBeforeForm: beforeForm.length,
    bytesBeforeForm: sum(beforeForm),
    requests: requests.length,
    bytes: sum(requests),
    waterfall: requests,
  };
}

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
async function startFloor(appUrl: string, port: number): Promise<Server> {
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function printWaterfall(title: string, visit: Visit) {
  console.log(`\n### ${title}`);
  for (const r of visit.waterfall)
    console.log(
      `${r.start.toFixed(0).padStart(6)} → ${r.end.toFixed(0).padStart(6)} ms ${(r.bytes / 1024).toFixed(1).padStart(7)} KB ${r.cached ? 'cache' : '     '} ${r.type.padEnd(10)} ${r.url}  ← ${r.initiator}`,
    );
  console.log(
    `formulaire ${visit.form.toFixed(0)} ms ; clic « Connecter » → portail ${visit.signIn.toFixed(0)} ms ; « Administration » → page ${visit.admin.toFixed(0)} ms ; « Utilisateurs » → dixième ligne ${visit.list.toFixed(0)} ms ; dixième ligne à ${visit.tenthRow.toFixed(0)} ms`,
  );
}

export async function measureFirstVisit({
  url,
  compareWith,
  floorPort,
  runs,
  showWaterfall,
}: {
  url: string;
  /** Another server (another build of the web app) measured in the same runs, alternately: « avant ». */
  compareWith?: string;
  floorPort: number;
  runs: number;
  showWaterfall: boolean;
}) {
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const floor = await startFloor(url, floorPort);
  const floorUrl = `http://127.0.0.1:${floorPort}`;
  const newContext = () => browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
  type Run = { cold: Visit; warm: Visit; floor: Visit; before?: { cold: Visit; warm: Visit } };
  const results: Run[] = [];
  const loads: number[] = [];
  /** A cold visit, then a warm one in the same context. */
  const coldThenWarm = async (address: string) => {
    const context = await newContext();
    try {
      return {
        cold: await visit(context, address, APPLICATION),
        warm: await visit(context, address, APPLICATION),
      };
    } finally {
      await context.close();
    }
  };
  try {
    // One untimed journey first: the server's own first requests (JIT, caches) are not the browser's.
    for (const address of [url, compareWith].filter((a) => a !== undefined))
      await visit(await newContext(), address, APPLICATION).catch(() => undefined);
    for (let run = 0; run < runs; run++) {
      loads.push(loadavg()[0]!);
      // Alternated, so that a change in the machine's load hits both builds alike.
      const before = compareWith ? await coldThenWarm(compareWith) : undefined;
      const { cold, warm } = await coldThenWarm(url);
      const floorContext = await newContext();
      const floorVisit = await visit(floorContext, floorUrl, FLOOR);
      await floorContext.close();
      results.push({ cold, warm, floor: floorVisit, before });
      process.stdout.write(
        `  passage ${run + 1} : attente à froid ${cold.wait.toFixed(0)} ms, à chaud ${warm.wait.toFixed(0)} ms, plancher ${floorVisit.wait.toFixed(0)} ms${before ? ` ; avant : à froid ${before.cold.wait.toFixed(0)} ms, à chaud ${before.warm.wait.toFixed(0)} ms` : ''}\n`,
      );
    }
  } finally {
    floor.close();
    await browser.close();
  }
  const row = (name: string, pick: (r: Run) => Visit | undefined) => {
    const visits = results.map(pick).filter((v) => v !== undefined);
    const m = (f: (v: Visit) => number) => median(visits.map(f));
    return {
      visite: name,
      'attente ms': Math.round(m((v) => v.wait)),
      'formulaire ms': Math.round(m((v) => v.form)),
      'connexion ms': Math.round(m((v) => v.signIn)),
      'administration ms': Math.round(m((v) => v.admin)),
      'liste ms': Math.round(m((v) => v.list)),
      'dixième ligne ms': Math.round(m((v) => v.tenthRow)),
      'requêtes avant le formulaire': m((v) => v.requestsBeforeForm),
      'Ko avant le formulaire': Math.round(m((v) => v.bytesBeforeForm) / 1024),
      requêtes: m((v) => v.requests),
      Ko: Math.round(m((v) => v.bytes) / 1024),
    };
  };
  console.log(
    `\n## La première visite (médianes de ${runs} passages ; charge moyenne de la machine ${loads.map((l) => l.toFixed(1)).join(', ')})`,
  );
  console.table([
    ...(compareWith
      ? [row('avant, à froid', (r) => r.before?.cold), row('avant, à chaud', (r) => r.before?.warm)]
      : []),
    row('à froid (cache vide)', (r) => r.cold),
    row('à chaud (même contexte)', (r) => r.warm),
    row('plancher (page nue, à froid)', (r) => r.floor),
  ]);
  if (showWaterfall && results.length) {
    // The run whose cold time is the median's.
    const byCold = [...results].sort((a, b) => a.cold.wait - b.cold.wait);
    const middle = byCold[Math.floor(byCold.length / 2)]!;
    if (middle.before)
      printWaterfall('Avant : cascade de la visite à froid du même passage', middle.before.cold);
    printWaterfall('Cascade de la visite à froid médiane', middle.cold);
    printWaterfall('Cascade de la visite à chaud du même passage', middle.warm);
    printWaterfall('Cascade du plancher du même passage', middle.floor);
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:8080' },
      'compare-with': { type: 'string' },
      'floor-port': { type: 'string', default: '8329' },
      runs: { type: 'string', default: '7' },
      waterfall: { type: 'boolean', default: false },
    },
  });
  await measureFirstVisit({
    url: values.url!.replace(/\/$/, ''),
    compareWith: values['compare-with']?.replace(/\/$/, ''),
    floorPort: Number(values['floor-port']),
    runs: Number(values.runs),
    showWaterfall: values.waterfall!,
  });
}

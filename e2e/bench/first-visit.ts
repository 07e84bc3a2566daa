/**
 * The first visit, measured in Chromium: open the sign-in page with an empty cache, sign in as `admin`,
 * open Administration → Utilisateurs, and time the moment the list's tenth row is in the page. Then the
 * same journey again in the same browser context (the warm visit: HTTP cache filled, signed out in
 * between); the floor (`floor-page.ts`: a bare page asking the same server for the same token and list);
 * and, when given its address, Paheko on its own way to its member list (`journeys.ts`), alternately in
 * the same runs so the machine's load hits all alike. Numbers only, never asserted: `npm run bench --
 * cold` (apps/api/bench/cold.bench.ts) builds and starts the application (and Paheko when asked) and
 * runs this, or run it against running servers:
 *
 *   npx tsx e2e/bench/first-visit.ts --url http://127.0.0.1:8321 [--paheko http://127.0.0.1:18590] [--runs 7] [--waterfall]
 *
 * Every time is on the wall clock, read in the page; the request counts and bytes are Chromium's own
 * (DevTools protocol: bytes on the wire, headers included, across every page the journey opens).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { startFloor } from './floor-page';
import { APPLICATION, FLOOR, PAHEKO, type Journey } from './journeys';
import { recordNetwork, type Request } from './network';

export interface Visit {
  /** Milliseconds from the navigation's start until the sign-in form is in the page. */
  form: number;
  /** From the click on the sign-in button until the signed-in home is in the page. */
  signIn: number;
  /** From the click after signing in until the page before the list (none in Paheko, one click shorter). */
  between: number;
  /** From the last click until the list's tenth row is in the page. */
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
 * Marks the moments the journey waits for, in the page itself: a MutationObserver notes the time the first
 * time each selector matches, without the polling delay of the automation's own waits, and every click as
 * the page receives it. Kept in the tab's sessionStorage on the wall clock (`timeOrigin + now()`), so a
 * journey that navigates (Paheko) keeps its marks from one page to the next; `origin` is the first page's.
 * A string, not a function: the TypeScript runner's helpers (esbuild's `__name`) do not exist in the page.
 */
const markScript = (marks: Record<string, string>) => `{
  const marks = ${JSON.stringify(marks)};
  const now = () => performance.timeOrigin + performance.now();
  const store = JSON.parse(sessionStorage.getItem('__bench') || 'null') || { origin: performance.timeOrigin, marks: {}, clicks: [] };
  const save = () => sessionStorage.setItem('__bench', JSON.stringify(store));
  save();
  addEventListener('click', () => { store.clicks.push(now()); save(); }, true);
  const check = () => {
    for (const [name, selector] of Object.entries(marks))
      if (!(name in store.marks) && document.querySelector(selector)) { store.marks[name] = now(); save(); }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
}`;

/** The sign-in page, signing in, the journey's clicks until the tenth row; signed out after. */
async function visit(context: BrowserContext, url: string, journey: Journey): Promise<Visit> {
  const page = await context.newPage();
  const marks: Record<string, string> = { form: journey.marks.form, home: journey.marks.home };
  journey.steps.forEach((step, index) => (marks[`step${index}`] = step.mark));
  await page.addInitScript(markScript(marks));
  const network = await recordNetwork(page);
  await page.goto(`${url}${journey.address}`);
  await journey.signIn(page);
  for (const step of journey.steps) await step.link(page).click();
  const last = journey.steps.length - 1;
  await page.locator(journey.steps[last]!.mark).waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    (name) => name in (JSON.parse(sessionStorage.getItem('__bench') ?? '{}') as { marks?: object }).marks!,
    `step${last}`,
  );
  const store = await page.evaluate(
    () =>
      JSON.parse(sessionStorage.getItem('__bench')!) as {
        origin: number;
        marks: Record<string, number>;
        clicks: number[];
      },
  );
  // The sign-in button's click, then one per step: the last clicks the page received.
  const clicks = store.clicks.slice(-(journey.steps.length + 1));
  const at = (name: string) => store.marks[name]!;
  const stepTime = (index: number) => at(`step${index}`) - clicks[index + 1]!;
  const times = {
    form: at('form') - store.origin,
    signIn: at('home') - clicks[0]!,
    between: journey.steps.slice(0, last).reduce((total, _, index) => total + stepTime(index), 0),
    list: stepTime(last),
    tenthRow: at(`step${last}`) - store.origin,
  };
  const requests = network().map((r) => ({ ...r, start: r.start - store.origin, end: r.end - store.origin }));
  // Signed out for the next visit of this context (the warm one): the cache stays, the session goes.
  await page.evaluate(() => localStorage.clear());
  await context.clearCookies();
  await page.close();
  const beforeForm = requests.filter((r) => r.start <= times.form);
  const sum = (list: Request[]) => list.reduce((total, r) => total + r.bytes, 0);
  return {
    ...times,
    wait: times.form + times.signIn + times.between + times.list,
    requestsBeforeForm: beforeForm.length,
    bytesBeforeForm: sum(beforeForm),
    requests: requests.length,
    bytes: sum(requests),
    waterfall: requests,
  };
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
    `formulaire ${visit.form.toFixed(0)} ms ; connexion → accueil ${visit.signIn.toFixed(0)} ms ; entre-deux ${visit.between.toFixed(0)} ms ; dernier clic → dixième ligne ${visit.list.toFixed(0)} ms ; dixième ligne à ${visit.tenthRow.toFixed(0)} ms`,
  );
}

export async function measureFirstVisit({
  url,
  compareWith,
  paheko,
  floorPort,
  runs,
  showWaterfall,
}: {
  url: string;
  /** Another server (another build of the web app) measured in the same runs, alternately: « avant ». */
  compareWith?: string;
  /** Paheko's address, measured in the same runs, alternately, on its own journey to its member list. */
  paheko?: string;
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
  type Pair = { cold: Visit; warm: Visit };
  type Run = Pair & { floor: Visit; before?: Pair; paheko?: Pair };
  const results: Run[] = [];
  const loads: number[] = [];
  /** A cold visit, then a warm one in the same context. */
  const coldThenWarm = async (address: string, journey = APPLICATION): Promise<Pair> => {
    const context = await newContext();
    try {
      return {
        cold: await visit(context, address, journey),
        warm: await visit(context, address, journey),
      };
    } finally {
      await context.close();
    }
  };
  try {
    // One untimed journey first: the server's own first requests (JIT, caches) are not the browser's.
    for (const address of [url, compareWith].filter((a) => a !== undefined))
      await visit(await newContext(), address, APPLICATION).catch(() => undefined);
    if (paheko) await visit(await newContext(), paheko, PAHEKO).catch(() => undefined);
    for (let run = 0; run < runs; run++) {
      loads.push(loadavg()[0]!);
      // Alternated, so that a change in the machine's load hits both builds alike.
      const before = compareWith ? await coldThenWarm(compareWith) : undefined;
      const { cold, warm } = await coldThenWarm(url);
      const floorContext = await newContext();
      const floorVisit = await visit(floorContext, floorUrl, FLOOR);
      await floorContext.close();
      const peer = paheko ? await coldThenWarm(paheko, PAHEKO) : undefined;
      results.push({ cold, warm, floor: floorVisit, before, paheko: peer });
      process.stdout.write(
        `  passage ${run + 1} : attente à froid ${cold.wait.toFixed(0)} ms, à chaud ${warm.wait.toFixed(0)} ms, plancher ${floorVisit.wait.toFixed(0)} ms${before ? ` ; avant : à froid ${before.cold.wait.toFixed(0)} ms, à chaud ${before.warm.wait.toFixed(0)} ms` : ''}${peer ? ` ; Paheko : à froid ${peer.cold.wait.toFixed(0)} ms, à chaud ${peer.warm.wait.toFixed(0)} ms` : ''}\n`,
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
      'entre-deux ms': Math.round(m((v) => v.between)),
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
    ...(paheko
      ? [row('Paheko, à froid', (r) => r.paheko?.cold), row('Paheko, à chaud', (r) => r.paheko?.warm)]
      : []),
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
    if (middle.paheko) printWaterfall('Cascade de Paheko à froid, même passage', middle.paheko.cold);
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:8080' },
      'compare-with': { type: 'string' },
      paheko: { type: 'string' },
      'floor-port': { type: 'string', default: '8329' },
      runs: { type: 'string', default: '7' },
      waterfall: { type: 'boolean', default: false },
    },
  });
  await measureFirstVisit({
    url: values.url!.replace(/\/$/, ''),
    compareWith: values['compare-with']?.replace(/\/$/, ''),
    paheko: values.paheko?.replace(/\/$/, ''),
    floorPort: Number(values['floor-port']),
    runs: Number(values.runs),
    showWaterfall: values.waterfall!,
  });
}

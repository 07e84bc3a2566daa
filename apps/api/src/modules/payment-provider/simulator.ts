/**
 * The built-in payment simulator: without real provider credentials (the embedded default, never in
 * production), a payment form (a card top-up, a lodge's invoice) posts here instead of to Lyra. It plays the provider with the same
 * protocol and key: checks the form's signature, shows the amount, offers Payer / Refuser / Abandonner,
 * sends the signed notification to our own IPN (server side, through the full HTTP pipeline) and returns
 * the browser to the page it came from. A small server-rendered page: it must work without the SPA's session.
 */
import { API, euros } from '@union/contract';
import type { App } from '../../types';
import { simulatorEnabled } from './provider';
import { hasValidSignature, sign, type Fields } from './signature';

const OUTCOMES = {
  PAYER: { status: 'AUTHORISED', result: '00' },
  REFUSER: { status: 'REFUSED', result: '05' },
  ABANDONNER: { status: 'ABANDONED', result: '17' },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
h1{font-size:1.4rem}.montant{font-size:2.2rem;font-weight:700;margin:1rem 0}
.note{background:#fff4e6;border:1px solid #d9480f;padding:.75rem;border-radius:.4rem;color:#7a2e0b}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
button{font-size:1rem;padding:.7rem 1.2rem;border-radius:.4rem;border:1px solid #495057;background:#fff;cursor:pointer;color:#1a1b1e}
button.payer{background:#1864ab;border-color:#1864ab;color:#fff}
button:focus-visible{outline:3px solid #fab005;outline-offset:2px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** Only vads_ fields and the signature travel from the form to the answer. */
function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [name, value] of Object.entries(body)) {
      if ((name.startsWith('vads_') || name === 'signature') && typeof value === 'string')
        fields[name] = value;
    }
  }
  return fields;
}

/** The return address's path only: the browser goes back to this site, whatever the form said. */
function returnPath(fields: Fields): string {
  try {
    const url = new URL(fields.vads_url_return ?? '', 'http://localhost');
    return url.pathname.startsWith('/app/') ? `${url.pathname}${url.search}` : '/app/account/payments';
  } catch {
    return '/app/account/payments';
  }
}

export default async function simulatorRoutes(app: App) {
  if (!simulatorEnabled(app.config)) return;
  const key = app.config.SYSTEMPAY_KEY;
  const refused = (reply: {
    status: (n: number) => { type: (t: string) => { send: (b: string) => unknown } };
  }) =>
    reply
      .status(412)
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Paiement refusé',
          '<h1>Formulaire de paiement invalide</h1><p>La signature du formulaire ne correspond pas. Revenez à <a href="/app/account/payments">votre carte Union</a> et recommencez.</p>',
        ),
      );

  app.post(
    API.payments.simulator,
    { config: { noXsrf: true }, schema: { hide: true } },
    async (request, reply) => {
      const fields = formFields(request.body);
      if (!hasValidSignature(fields, key) || fields.vads_site_id !== app.config.SYSTEMPAY_SITE_ID)
        return refused(reply);
      const amount = Number(fields.vads_amount);
      // An invoice paid online carries its number (compta's online payment); a top-up carries none.
      const what = fields.vads_order_info
        ? `Paiement de la facture ${escapeHtml(fields.vads_order_info)}`
        : 'Rechargement de la carte Union';
      const hidden = Object.entries(fields)
        .map(
          ([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
        )
        .join('');
      return reply.type('text/html; charset=utf-8').send(
        page(
          'Simulateur de paiement',
          `<h1>Simulateur de paiement par carte bancaire</h1>
<p class="note">Simulation : aucune carte n'est débitée. Cette page remplace la plateforme de paiement tant qu'aucun compte Systempay n'est configuré.</p>
<p>${what}, transaction n° ${escapeHtml(fields.vads_trans_id ?? '')}</p>
<p class="montant">${escapeHtml(Number.isFinite(amount) ? euros(amount) : '')}</p>
<form method="post" action="${API.payments.simulatorAnswer}">${hidden}
<div class="actions"><button class="payer" type="submit" name="issue" value="PAYER">Payer</button>
<button type="submit" name="issue" value="REFUSER">Refuser</button>
<button type="submit" name="issue" value="ABANDONNER">Abandonner</button></div></form>`,
        ),
      );
    },
  );

  app.post(
    API.payments.simulatorAnswer,
    { config: { noXsrf: true }, schema: { hide: true } },
    async (request, reply) => {
      const fields = formFields(request.body);
      const issue = (request.body as Record<string, unknown> | undefined)?.issue;
      const outcome = OUTCOMES[issue as keyof typeof OUTCOMES];
      if (!outcome || !hasValidSignature(fields, key)) return refused(reply);
      // What a provider sends back: the form's fields (without the addresses), the verdict, signed again.
      const notification: Record<string, string> = {};
      for (const [name, value] of Object.entries(fields)) {
        if (name.startsWith('vads_') && name !== 'vads_url_return' && name !== 'vads_url_check') {
          notification[name] = value;
        }
      }
      Object.assign(notification, {
        vads_trans_status: outcome.status,
        vads_result: outcome.result,
        vads_operation_type: 'DEBIT',
        vads_url_check_src: 'PAY',
        vads_effective_amount: notification.vads_amount ?? '',
      });
      notification.signature = sign(notification, key);
      const answer = await app.inject({
        method: 'POST',
        url: API.payments.ipn,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(notification).toString(),
      });
      if (answer.statusCode !== 200) request.log.warn({ body: answer.body }, 'simulated IPN refused');
      return reply.redirect(returnPath(fields), 303);
    },
  );
}

import { describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { createMetrics } from './metrics';

const db = { connections: () => ({ total: 1, idle: 1, waiting: 0 }) } as unknown as DbHandle;
const metrics = (mailSending: boolean, oldest: Date | null) =>
  createMetrics({
    db,
    outbox: async () => ({ pending: oldest ? 1 : 0, oldest }),
    lastBackupAt: () => async () => null,
    mailSending,
  });

/**
 * The rules `promtool check metrics` applies to an exposition (its parser and its lint), read from
 * Prometheus' promlint: every family declared once with HELP and TYPE before its samples, only
 * samples of a declared family, snake_case names, counters named `_total` and nothing else so named.
 */
function promtoolProblems(text: string): string[] {
  const problems: string[] = [];
  const help = new Map<string, number>();
  const type = new Map<string, string>();
  for (const line of text.split('\n')) {
    const declared = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (declared) {
      const [, kind, name, rest] = declared as unknown as [string, string, string, string];
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) problems.push(`${name}: not snake_case`);
      if (kind === 'HELP') {
        if (help.has(name)) problems.push(`${name}: HELP twice`);
        if (!rest.trim()) problems.push(`${name}: empty HELP`);
        help.set(name, 1);
      } else {
        if (type.has(name)) problems.push(`${name}: TYPE twice`);
        type.set(name, rest);
        if (rest === 'counter' && !name.endsWith('_total')) problems.push(`${name}: counter without _total`);
        if (rest !== 'counter' && name.endsWith('_total')) problems.push(`${name}: ${rest} named _total`);
      }
      continue;
    }
    if (!line || line.startsWith('#')) continue;
    const name = /^([a-zA-Z_:][a-zA-Z0-9_:]*)/.exec(line)![1]!;
    const family = [name, name.replace(/_(bucket|sum|count)$/, '')].find((n) => type.has(n));
    if (!family) problems.push(`${name}: sample of no declared family`);
    else if (!help.has(family)) problems.push(`${family}: no HELP`);
    if (!/ (-?[\d.e+-]+|[+-]?inf|nan)$/i.test(line)) problems.push(`${line}: unreadable value`);
  }
  return problems;
}

describe('the metrics', () => {
  it('pass promtool check metrics', async () => {
    const m = metrics(true, new Date());
    m.observe('GET', '/api/health', 200, 3);
    expect(promtoolProblems(await m.text())).toEqual([]);
  });

  it('count the requests being answered', async () => {
    const m = metrics(true, new Date());
    m.began();
    m.began();
    m.ended();
    expect(await m.text()).toMatch(/^http_requests_in_progress 1$/m);
  });

  it('leave out the outbox age when no SMTP server is set (nothing would ever lower it)', async () => {
    const sending = await metrics(true, new Date(Date.now() - 7200_000)).text();
    expect(sending).toMatch(/^union_outbox_oldest_pending_age_seconds 7\d{3}(\.\d+)?$/m);
    expect(sending).toMatch(/^union_mail_sending_enabled 1$/m);
    const notSending = await metrics(false, new Date(Date.now() - 7200_000)).text();
    expect(notSending).not.toMatch(/^union_outbox_oldest_pending_age_seconds /m);
    expect(notSending).toMatch(/^union_outbox_pending_messages 1$/m);
    expect(notSending).toMatch(/^union_mail_sending_enabled 0$/m);
    expect(await metrics(true, null).text()).toMatch(/^union_outbox_oldest_pending_age_seconds 0$/m);
  });
});

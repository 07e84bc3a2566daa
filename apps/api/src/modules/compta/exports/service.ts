/**
 * The Union's views of every account (issue 20), for COMPTA_LECTURE: aged receivables (screen and
 * Excel) and the FEC of a period.
 */
import type { AgedReceivables, PeriodQuery } from '@union/contract';
import { authorize } from '../../../lib/authorize';
import type { RequestContext } from '../../../lib/context';
import { bookkeepingRepository } from '../../bookkeeping/repository';
import { unionSettings } from '../../settings/service';
import { accountsRepository } from '../accounts/repository';
import { checkPeriod } from '../accounts/service';
import { may } from '../policy';
import { agedWorkbook, presentAged } from './aged';
import { fecText, latin9 } from './fec';

/** A FEC covers an accounting year; allow up to two (a first year of 23 months is legal). */
const FEC_MAX_DAYS = 731;

export const exportsService = {
  async aged(ctx: RequestContext): Promise<AgedReceivables> {
    authorize(may(ctx, 'READ', null));
    return presentAged(await accountsRepository.unpaidInvoices(ctx.db), ctx.clock.today());
  },

  async agedExcel(ctx: RequestContext): Promise<Buffer> {
    return agedWorkbook(await exportsService.aged(ctx));
  },

  /** The FEC file: its legal name (SIREN, « FEC », the period's last day) and its bytes. */
  async fec(ctx: RequestContext, period: PeriodQuery): Promise<{ nom: string; contenu: Buffer }> {
    authorize(may(ctx, 'READ', null));
    checkPeriod(period, FEC_MAX_DAYS);
    const entries = await bookkeepingRepository.entries(ctx.db, period.du, period.au);
    const siren = ((await unionSettings(ctx.db)).identite.siret ?? '').replace(/\D/g, '').slice(0, 9);
    return {
      nom: `${siren || 'UNION'}FEC${period.au.replaceAll('-', '')}.txt`,
      contenu: latin9(fecText(entries)),
    };
  },
};

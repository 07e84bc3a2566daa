/**
 * The dashboards of issue 33 for lodge officers and administrators: authorize in the module's policy
 * (403 before anything is said of the lodge, then 404), then each figure from its owner's repository,
 * computed in SQL, read together, shaped by the presenter.
 */
import { BACKUP_WARNING_AFTER_HOURS, type AdminDashboard, type LodgeDashboard } from '@union/contract';
import { authorize } from '../../lib/authorize';
import type { RequestContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { backupsRepository } from '../backups/repository';
import { loadAccountContext } from '../compta/accounts/service';
import { accountsRepository } from '../compta/accounts/repository';
import { paymentsRepository } from '../compta/payments/repository';
import { currentMembersOf, headcountRepository } from '../entities/current-members-repository';
import { entityRepository } from '../entities/entity-repository';
import { mailRepository } from '../mail/repository';
import { cardsRepository } from '../restaurant/cards/repository';
import { mealsRepository } from '../restaurant/repository';
import { signInAttemptsRepository } from '../sign-in-attempts/repository';
import { adminWorkbook, lodgeWorkbook } from './excel';
import { may } from './policy';
import { dashboardDays, presentAdminDashboard, presentLodgeDashboard } from './presenter';
import { dashboardsRepository } from './repository';

/** The sessions ahead a lodge's dashboard lists. */
export const SESSIONS_AHEAD = 10;

export const peopleDashboardsService = {
  /** GET /api/loge/{idEntite}/tableau-de-bord. */
  async lodge(ctx: RequestContext, entityId: number): Promise<LodgeDashboard> {
    const { officerOf } = await loadAccountContext(ctx);
    authorize(may({ caller: ctx.caller, officerOf }, 'READ_LODGE', { entityId }));
    const entity = await entityRepository.find(ctx.db, entityId);
    if (!entity) throw notFound("Cette loge ou association n'existe pas.");
    const today = ctx.clock.today();
    const [balance, nextDue, lodgeCards, holders, membres, sessions] = await Promise.all([
      paymentsRepository.balance(ctx.db, entityId),
      accountsRepository.nextDue(ctx.db, entityId),
      cardsRepository.balancesOf(ctx.db, [], [entityId]),
      cardsRepository.totalOfHolders(ctx.db, currentMembersOf(ctx.db, entityId, today)),
      headcountRepository.membersOn(ctx.db, entityId, today),
      mealsRepository.sessionsAheadWithAgapes(ctx.db, entityId, today, SESSIONS_AHEAD),
    ]);
    return presentLodgeDashboard({
      entite: { id: entity.id, code: entity.code, nom: entity.nom },
      today,
      balance,
      nextDue,
      carteLoge: lodgeCards.entities.get(entityId) ?? 0,
      members: { ...holders, membres },
      sessions,
    });
  },

  /** GET /api/admin/tableau-de-bord. */
  async admin(ctx: RequestContext): Promise<AdminDashboard> {
    authorize(may({ caller: ctx.caller, officerOf: new Set() }, 'READ_ADMIN', null));
    const today = ctx.clock.today();
    const from = dashboardDays(today)[0]!;
    const [signIns, factors, outbox, lastGood, [last]] = await Promise.all([
      signInAttemptsRepository.perDay(ctx.db, from),
      dashboardsRepository.secondFactorsByGroup(ctx.db, today),
      mailRepository.glance(ctx.db, from),
      backupsRepository.lastSuccessfulBackupAt(ctx.db),
      backupsRepository.latest(ctx.db, 1),
    ]);
    return presentAdminDashboard({
      today,
      now: ctx.clock.now(),
      signIns,
      factors,
      outbox,
      lastGood,
      lastFailed: last !== undefined && !last.reussie,
      warnAfterHours: BACKUP_WARNING_AFTER_HOURS,
    });
  },

  /** GET /api/loge/{idEntite}/tableau-de-bord/excel: the lodge's figures, a sheet per chart. */
  async lodgeExcel(ctx: RequestContext, entityId: number): Promise<Buffer> {
    return lodgeWorkbook(await this.lodge(ctx, entityId));
  },

  /** GET /api/admin/tableau-de-bord/excel. */
  async adminExcel(ctx: RequestContext): Promise<Buffer> {
    return adminWorkbook(await this.admin(ctx));
  },
};

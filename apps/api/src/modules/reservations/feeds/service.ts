/**
 * Calendar feeds (docs/decisions/reservations-and-planning.md): each user's private address for the confirmed
 * reservations of their entities; Union staff also get one per room and one for the building. The secret in
 * the address is the only credential, so anything wrong (unknown or renewed secret, inactive or deleted
 * owner, a room feed asked by someone who is not staff) answers the same 404.
 */
import type { CalendarFeedState } from '@union/contract';
import { API, pathTo, addDays } from '@union/contract';
import type { Executor } from '../../../db/client';
import type { Caller } from '../../../lib/authorize';
import { inTransaction, type PublicContext, type RequestContext } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { newToken, tokenHash } from '../../../lib/secrets';
import { audit } from '../../audit/audit';
import { settingsRepository } from '../../settings/repository';
import { may } from '../policy';
import { feedsRepository, type FeedScope } from '../repository';
import { loadPlanningContext } from '../context';
import { feedText } from './ics';
import { calendarFeedsRepository } from './repository';

export type FeedRequest = { kind: 'personal' } | { kind: 'room'; roomId: number } | { kind: 'building' };

/** What a feed keeps of the past: enough to look back on the last term. */
const PAST_DAYS = 92;

/** A secret as newToken() writes it: 32 bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const gone = () => notFound("Cet agenda n'existe pas ou son adresse a été renouvelée.");

/** The room and building feeds are staff's (MANAGE, which asks PLANNING too), judged by the planning's policy. */
async function mayFollowRooms(ctx: RequestContext<Executor>): Promise<boolean> {
  return may(await loadPlanningContext(ctx), 'MANAGE', null);
}

async function addresses(ctx: RequestContext<Executor>, jeton: string) {
  const base = ctx.publicUrl.replace(/\/$/, '');
  const staff = await mayFollowRooms(ctx);
  const rooms = staff ? await settingsRepository.listRooms(ctx.db) : [];
  return {
    personnel: base + pathTo(API.calendar.personal, { fichier: `${jeton}.ics` }),
    batiment: staff ? base + pathTo(API.calendar.building, { jeton }) : null,
    salles: rooms.map((r) => ({
      id: r.id,
      nom: r.nom,
      url: base + pathTo(API.calendar.room, { jeton, fichier: `${r.id}.ics` }),
    })),
  };
}

export const feedsService = {
  async state(ctx: RequestContext): Promise<CalendarFeedState> {
    const row = await calendarFeedsRepository.findByUser(ctx.db, ctx.caller.id);
    return {
      actif: row !== undefined,
      creeLe: row?.createdAt.toISOString() ?? null,
      gestion: await mayFollowRooms(ctx),
      adresses: null,
    };
  },

  /** Creates or renews the secret; the answer is the one moment its addresses can be shown. */
  async renew(ctx: RequestContext): Promise<CalendarFeedState> {
    const { caller } = ctx;
    return inTransaction(ctx, async (tx) => {
      const jeton = newToken();
      const before = await calendarFeedsRepository.findByUser(tx.db, caller.id);
      const row = await calendarFeedsRepository.replace(tx.db, caller.id, tokenHash(jeton), tx.clock.now());
      await audit.record(tx, {
        action: before ? 'calendar_feed_renewed' : 'calendar_feed_created',
        recordType: 'user',
        recordId: caller.id,
      });
      const adresses = await addresses(tx, jeton);
      return {
        actif: true,
        creeLe: row.createdAt.toISOString(),
        gestion: adresses.batiment !== null,
        adresses,
      };
    });
  },

  /** The iCalendar text of a feed, or 404. */
  async feed(pub: PublicContext, jeton: string, request: FeedRequest) {
    if (!TOKEN.test(jeton)) throw gone();
    const { db } = pub;
    const owner = await calendarFeedsRepository.ownerOf(db, tokenHash(jeton));
    if (!owner || owner.etat !== 'A' || !owner.habilitations.includes('USER')) throw gone();
    // The secret stands for its owner: the feed shows what the owner would see, signed in.
    const caller: Caller = { id: owner.id, habilitations: owner.habilitations };
    const ctx = { ...pub, caller };
    const today = pub.clock.today();
    let scope: FeedScope;
    let name: string;
    if (request.kind === 'personal') {
      scope = { kind: 'personal', userId: owner.id, today };
      name = 'Union – mes loges';
    } else {
      if (!(await mayFollowRooms(ctx))) throw gone();
      if (request.kind === 'room') {
        const room = await settingsRepository.findRoomById(db, request.roomId);
        if (!room) throw gone();
        scope = { kind: 'room', roomId: room.id };
        name = `Union – ${room.nom}`;
      } else {
        scope = { kind: 'building' };
        name = 'Union – toutes les salles';
      }
    }
    const rows = await feedsRepository.confirmedFor(db, scope, addDays(today, -PAST_DAYS));
    return feedText(name, new URL(pub.publicUrl).hostname, rows, pub.clock.now());
  },
};

/** Every module's authorization rows: a new module adds its file in this folder and one line here. */
import { rows as accounts } from './accounts';
import { rows as auth } from './auth';
import { rows as backups } from './backups';
import { rows as bank } from './bank';
import { rows as bankReconciliation } from './bank-reconciliation';
import { rows as sepa } from './sepa';
import { rows as calendar } from './calendar';
import { rows as compta } from './compta';
import { rows as desk } from './desk';
import { rows as docs } from './docs';
import { rows as documents } from './documents';
import { rows as entities } from './entities';
import { rows as imports } from './imports';
import { rows as operations } from './operations';
import { rows as passkeys } from './passkeys';
import { rows as peopleDashboards } from './people-dashboards';
import { rows as portal } from './portal';
import { rows as reservations } from './reservations';
import { rows as restaurant } from './restaurant';
import type { AuthzRow } from './rows';
import { rows as search } from './search';
import { rows as secondFactor } from './second-factor';
import { rows as settings } from './settings';
import { rows as users } from './users';

export const ALL_ROWS: AuthzRow[] = [
  ...auth,
  ...docs,
  ...users,
  ...entities,
  ...imports,
  ...settings,
  ...reservations,
  ...calendar,
  ...compta,
  ...accounts,
  ...bank,
  ...bankReconciliation,
  ...sepa,
  ...restaurant,
  ...desk,
  ...documents,
  ...operations,
  ...backups,
  ...secondFactor,
  ...passkeys,
  ...peopleDashboards,
  ...portal,
  ...search,
];

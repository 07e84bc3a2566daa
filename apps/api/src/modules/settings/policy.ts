/** Rooms and the Union's settings are managed by administrators (ADMIN); reading rooms is for everyone. */
import { requireHabilitation, type Caller } from '../../lib/authorize';

export const settingsPolicy = {
  administer(caller: Caller): void {
    requireHabilitation(caller, 'ADMIN');
  },
};

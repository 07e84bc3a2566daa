/** Rooms and the Union's settings are managed by administrators (ADMIN); reading rooms is for everyone. */
import { hasHabilitation, type Caller } from '../../lib/authorize';
import type { May } from '../../lib/policy';

export interface SettingsPolicyContext {
  caller: Caller;
}

/** ADMINISTER (on no record): creating and editing rooms, reading and saving the Union's settings. */
export type SettingsAction = 'ADMINISTER';

export const may: May<SettingsPolicyContext, null, SettingsAction> = ({ caller }) =>
  hasHabilitation(caller, 'ADMIN');

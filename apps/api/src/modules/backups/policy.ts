/** The backups' history is the administrators' (files of every member's data, on the server). */
import { hasHabilitation, type Caller } from '../../lib/authorize';
import type { May } from '../../lib/policy';

export interface BackupsPolicyContext {
  caller: Caller;
}

export type BackupsAction = 'READ';

export const may: May<BackupsPolicyContext, null, BackupsAction> = ({ caller }) =>
  hasHabilitation(caller, 'ADMIN');

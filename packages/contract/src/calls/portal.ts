/** The portal (issue 33): what awaits the signed-in user. */
import { API } from '../routes';
import { PortalSummarySchema } from '../portal';
import { defineCall } from './define';

export const PORTAL_CALLS = {
  summary: defineCall({ method: 'GET', path: API.portal.summary, responses: { 200: PortalSummarySchema } }),
} as const;

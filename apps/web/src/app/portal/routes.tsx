import type { RouteObject } from 'react-router';
import { PortalPage } from './PortalPage';

export const portalRoutes: RouteObject[] = [{ index: true, element: <PortalPage /> }];

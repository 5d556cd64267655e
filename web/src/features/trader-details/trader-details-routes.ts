import type { RouteObject } from 'react-router-dom';

/**
 * A trader's details and account lists, and the Account Summary Dashboard (issue 11; spec 000 §2,
 * spec 001 §2.6–2.8).
 */
export const traderDetailsRoutes: RouteObject[] = [];

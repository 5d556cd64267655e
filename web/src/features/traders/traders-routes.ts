import type { RouteObject } from 'react-router-dom';

/**
 * The traders area (issue 11): the trader list, a trader's dashboard, the trader status page and the
 * trader summary (spec 000 §2).
 */
export const tradersRoutes: RouteObject[] = [];

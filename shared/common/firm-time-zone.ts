/**
 * The firm's time zone, the CME's: a sync's "today" is the date here, the nightly schedule runs on
 * its clock, and every time a screen shows is read on it (with the zone named), so staff in any
 * country see the same 4:30 PM CST the trading day closed at.
 */
export const FIRM_TIME_ZONE = 'America/Chicago';

/** Shell dimensions from spec 000 §9. */
export const SIDEBAR_WIDTH = 250;
export const SIDEBAR_COLLAPSED_WIDTH = 60;
export const HEADER_HEIGHT = 60;
/** At this width and below the sidebar moves behind the hamburger menu. */
export const MOBILE_QUERY = '(max-width: 768px)';

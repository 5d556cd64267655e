import { createToaster } from '@chakra-ui/react';
import { HEADER_HEIGHT } from '@/app/layouts/layout-sizes';

/**
 * The app's single toast queue; `toaster.create(...)` works from anywhere, the Toaster renders it.
 * Toasts open below the header so they never cover the signed-in user's name and Logout.
 */
export const toaster = createToaster({
  placement: 'top-end',
  pauseOnPageIdle: true,
  offsets: { top: `${HEADER_HEIGHT + 12}px`, right: '16px', bottom: '16px', left: '16px' },
});

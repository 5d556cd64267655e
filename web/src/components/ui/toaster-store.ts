import { createToaster } from '@chakra-ui/react';

/** The app's single toast queue; `toaster.create(...)` works from anywhere, the Toaster renders it. */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true });

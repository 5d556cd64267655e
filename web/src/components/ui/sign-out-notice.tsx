import { Alert } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { clearSignOutNotice, readSignOutNotice } from '@/lib/session';

/**
 * Why the app signed the user out (decision 39: 'Authentication failed - please log in again'
 * after a 401), on the staff and trader sign-in screens. Shown once: read on mount, then forgotten,
 * so a later visit to the sign-in screen does not repeat it.
 */
export function SignOutNotice() {
  const [notice] = useState(readSignOutNotice);
  useEffect(() => {
    if (notice !== null) clearSignOutNotice();
  }, [notice]);
  if (notice === null) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{notice}</Alert.Title>
    </Alert.Root>
  );
}

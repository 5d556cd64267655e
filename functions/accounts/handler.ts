import type { ForceProgramUpdateResult } from '../../shared/accounts/account';
import { createHttpHandler, route } from '../lib/http-handler';
import { forceProgramUpdate } from './program-upgrade';

export const handler = createHttpHandler('accounts', {
  'POST /api/accounts/force-program-update': route({
    async handle(): Promise<ForceProgramUpdateResult> {
      const result = await forceProgramUpdate();
      return {
        success: true,
        message:
          `Updated ${result.updated} of ${result.total} accounts to the latest program version, ` +
          `assigned ${result.assigned}, skipped ${result.skipped}, errors ${result.errors}`,
        result,
      };
    },
  }),
});

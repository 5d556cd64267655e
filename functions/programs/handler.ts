import type { ProgramList } from '../../shared/programs/program';
import { createHttpHandler, route } from '../lib/http-handler';
import { programRepository } from '../lib/repositories/program-repository';

export const handler = createHttpHandler('programs', {
  'GET /api/programs': route({
    async handle(): Promise<ProgramList> {
      const programs = await programRepository.listCurrent();
      return programs.sort((a, b) => a.prefix.localeCompare(b.prefix));
    },
  }),
});

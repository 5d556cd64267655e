import {
  firmListQuerySchema,
  firmSaveBodySchema,
  firmSearchQuerySchema,
  type FirmSaveResult,
} from '@shared/firms/firm';
import {
  firmPathSchema,
  type FirmDeleteResult,
  type FirmListResponse,
  type FirmResponse,
  type FirmStatsResponse,
} from '@shared/firms/firm-requests';
import { firmsRoutes } from '@shared/api/routes/firms';
import { ConflictError, HttpError, NotFoundError, ValidationError } from '../lib/errors';
import { createHttpHandler, Reply, route } from '../lib/http-handler';
import { firmRepository } from '../lib/repositories/firm-repository';

/**
 * Firms (spec 001 §2.21, §7), staff only. Lists and searches answer firms without their secrets (the
 * repository does not even open them); only the single-firm read answers them. Secrets are sealed
 * at rest with a key only this function may use. Nothing here logs a firm or a body: the
 * factory logs the route and the status only.
 */
export const handler = createHttpHandler(firmsRoutes, {
  'GET /api/firms': route({
    query: firmListQuerySchema,
    async handle({ query }): Promise<FirmListResponse> {
      return {
        data: await firmRepository.list(query.status ? { status: query.status } : {}),
      };
    },
  }),

  'GET /api/firms/stats': route({
    async handle(): Promise<FirmStatsResponse> {
      return { data: await firmRepository.countByStatus() };
    },
  }),

  'GET /api/firms/search': route({
    query: firmSearchQuerySchema,
    async handle({ query }): Promise<FirmListResponse> {
      return { data: await firmRepository.search(query.q) };
    },
  }),

  'GET /api/firms/{id}': route({
    params: firmPathSchema,
    async handle({ params }): Promise<FirmResponse> {
      const firm = await firmRepository.get(params.id);
      if (!firm) throw new NotFoundError(`Firm ${params.id} not found`);
      return { data: firm };
    },
  }),

  'POST /api/firms': route({
    body: firmSaveBodySchema,
    async handle({ body }): Promise<Reply> {
      const firm = await firmRepository.create(body).catch((error: unknown) => {
        // A taken id is the Firm ID field's error: the form marks the field and moves to it.
        if (!(error instanceof ConflictError)) throw error;
        throw new HttpError(error.statusCode, error.code, error.message, [
          { field: 'id', message: error.message },
        ]);
      });
      return new Reply(201, {
        data: { id: firm.id },
        message: 'Firm created successfully!',
      } satisfies FirmSaveResult & { message: string });
    },
  }),

  'PUT /api/firms/{id}': route({
    params: firmPathSchema,
    body: firmSaveBodySchema,
    async handle({ params, body }): Promise<FirmSaveResult & { message: string }> {
      // The id names the firm's item and pages; the edit form shows it disabled (spec 001 §2.21).
      if (body.id !== params.id) {
        const message = 'Firm ID cannot be changed';
        throw new ValidationError(message, [{ field: 'id', message }]);
      }
      const firm = await firmRepository.replace(params.id, body);
      return { data: { id: firm.id }, message: 'Firm updated successfully!' };
    },
  }),

  'DELETE /api/firms/{id}': route({
    params: firmPathSchema,
    async handle({ params }): Promise<FirmDeleteResult> {
      await firmRepository.delete(params.id);
      return { success: true, message: 'Firm deleted successfully' };
    },
  }),
});

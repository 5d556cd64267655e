import type { AdminRelease, ReleaseStats, WhatsNew } from '@shared/whats-new/release';
import { markShownBodySchema, releaseBodySchema } from '@shared/whats-new/release';
import {
  releasePathSchema,
  type AdminReleaseListResponse,
  type ReleaseActionResult,
  type ReleaseResponse,
  type ReleaseStatsResponse,
  type WhatsNewResponse,
} from '@shared/whats-new/release-requests';
import { whatsNewRoutes } from '@shared/api/routes/whats-new';
import type { Caller } from '../lib/auth-context';
import { UnauthorizedError } from '../lib/errors';
import { createHttpHandler, Reply, route } from '../lib/http-handler';
import { releaseRepository } from '../lib/repositories/release-repository';

/**
 * The caller of a route open to every signed-in user (access `trader-self`): the factory has
 * checked that one exists; what the route reads or writes is always the caller's own.
 */
function self(caller: Caller | undefined): Caller {
  if (!caller) throw new UnauthorizedError();
  return caller;
}

/** Spec 001 §3 "Stats", counted over every release. */
export function releaseStatsOf(releases: readonly AdminRelease[]): ReleaseStats {
  return {
    totalReleases: releases.length,
    activeReleases: releases.filter((release) => release.isActive).length,
    publishedReleases: releases.filter((release) => release.isPublished).length,
    totalItems: releases.reduce((sum, release) => sum + release.items.length, 0),
  };
}

export const handler = createHttpHandler(whatsNewRoutes, {
  'GET /api/whats-new': route({
    async handle({ caller }): Promise<WhatsNewResponse> {
      const { userId } = self(caller);
      const [current, seen] = await Promise.all([
        releaseRepository.current(),
        releaseRepository.seenBy(userId),
      ]);
      const data: WhatsNew = {
        currentRelease: current
          ? {
              version: current.version,
              releaseDate: current.releaseDate,
              title: current.title,
              summary: current.summary,
              items: current.items,
            }
          : null,
        hasUnreadUpdates: current !== undefined && seen !== current.version,
        // No screen sets this preference (spec 001 §6 shows none): every user gets the modal.
        userPreferences: { preferences: { autoShowModal: true } },
      };
      return { data };
    },
  }),

  'POST /api/whats-new/mark-shown': route({
    body: markShownBodySchema,
    async handle({ body, caller }): Promise<ReleaseActionResult> {
      await releaseRepository.markSeen(self(caller).userId, body.version);
      return { success: true, message: `Marked version ${body.version} as shown` };
    },
  }),

  'GET /api/whats-new/admin/releases': route({
    async handle(): Promise<AdminReleaseListResponse> {
      return { data: { releases: await releaseRepository.list() } };
    },
  }),

  'GET /api/whats-new/admin/stats': route({
    async handle(): Promise<ReleaseStatsResponse> {
      return { data: releaseStatsOf(await releaseRepository.list()) };
    },
  }),

  'POST /api/whats-new/admin/releases': route({
    body: releaseBodySchema,
    async handle({ body }): Promise<Reply> {
      const data = await releaseRepository.create(body);
      return new Reply(201, { data } satisfies ReleaseResponse);
    },
  }),

  'PUT /api/whats-new/admin/releases/{id}': route({
    params: releasePathSchema,
    body: releaseBodySchema,
    async handle({ params, body }): Promise<ReleaseResponse> {
      return { data: await releaseRepository.replace(params.id, body) };
    },
  }),

  'POST /api/whats-new/admin/releases/{id}/publish': route({
    params: releasePathSchema,
    async handle({ params }): Promise<ReleaseResponse> {
      return { data: await releaseRepository.setPublished(params.id, true) };
    },
  }),

  'POST /api/whats-new/admin/releases/{id}/unpublish': route({
    params: releasePathSchema,
    async handle({ params }): Promise<ReleaseResponse> {
      return { data: await releaseRepository.setPublished(params.id, false) };
    },
  }),

  'DELETE /api/whats-new/admin/releases/{id}': route({
    params: releasePathSchema,
    async handle({ params }): Promise<ReleaseActionResult> {
      await releaseRepository.delete(params.id);
      return { success: true, message: `Release ${params.id} deleted` };
    },
  }),
});

import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { PREFETCHED_QUERY } from '@/lib/query-client';
import type {
  ProgramCopyBody,
  ProgramCreateBody,
  ProgramUpdateBody,
} from '@shared/programs/program-body';
import {
  deleteResultSchema,
  programSaveResultSchema,
  programVersionsSchema,
} from '@shared/programs/program-requests';
import { programListSchema, programSchema } from '@shared/programs/program';
import { programRulesResponseSchema } from '@shared/programs/program-rules';
import { apiClient } from '@/lib/api-client';
import { programRulesUpgradeResultSchema } from '@shared/programs/rule-versions';
import { impactPreviewSchema, programRevertResultSchema } from '@shared/programs/program-impact';
import { jobSchema } from '@shared/jobs/job';
import { followJob, resumeJob, upgradeResultOf } from './jobs';

import { rulesQueryKey } from '@/api/rules';

/** Every query of programs starts with this key, so a program change refreshes them all. */
export const programsQueryKey = ['programs'] as const;

const programQueryKey = (prefix: string) => ['programs', 'one', prefix] as const;

const versionsQueryKey = (prefix: string) => ['programs', 'versions', prefix] as const;

/** The current version of every program. */
export function usePrograms() {
  return useQuery(programsQuery());
}

/** The query of `usePrograms`, which the screen's route loader starts. */
export function programsQuery() {
  return queryOptions({
    queryKey: [...programsQueryKey, 'list'],
    ...PREFETCHED_QUERY,
    queryFn: ({ signal }) => apiClient.get('/api/programs', { schema: programListSchema, signal }),
  });
}

/** One program's current version; `undefined` waits (the create screen has none). */
export function useProgram(prefix: string | undefined) {
  return useQuery({
    queryKey: programQueryKey(prefix ?? ''),
    queryFn:
      prefix === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/programs/{prefix}', {
              schema: programSchema,
              params: { prefix },
              signal,
            }),
  });
}

/** Every stored version of a program, newest first. */
export function useProgramVersions(prefix: string | undefined) {
  return useQuery({
    queryKey: versionsQueryKey(prefix ?? ''),
    queryFn:
      prefix === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/programs/{prefix}/versions', {
              schema: programVersionsSchema,
              params: { prefix },
              signal,
            }),
  });
}

/** One past version, read-only. */
export function useProgramVersion(prefix: string, version: number | undefined) {
  return useQuery({
    queryKey: [...versionsQueryKey(prefix), version],
    queryFn:
      version === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/programs/{prefix}/versions/{version}', {
              schema: programSchema,
              params: { prefix, version },
              signal,
            }),
    // A stored version never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCreateProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProgramCreateBody) =>
      apiClient.post('/api/programs', { schema: programSaveResultSchema, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programsQueryKey }),
  });
}

/** Saves the program as a new version; the body carries the loaded version + 1 (decision 16). */
export function useUpdateProgram(prefix: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProgramUpdateBody) =>
      apiClient.put('/api/programs/{prefix}', {
        schema: programSaveResultSchema,
        params: { prefix },
        body,
      }),
    // The saved version is the program now; the lists and the history are read again.
    onSuccess: (saved) => {
      queryClient.setQueryData(programQueryKey(prefix), programSchema.parse(saved));
      return queryClient.invalidateQueries({
        queryKey: programsQueryKey,
        predicate: (query) => query.queryKey[1] !== 'one',
      });
    },
  });
}

export function useDeleteProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefix: string) =>
      apiClient.delete('/api/programs/{prefix}', {
        schema: deleteResultSchema,
        params: { prefix },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programsQueryKey }),
  });
}

export function useCopyProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ prefix, ...body }: { prefix: string } & ProgramCopyBody) =>
      apiClient.post('/api/programs/{prefix}/copy', {
        schema: programSaveResultSchema,
        params: { prefix },
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programsQueryKey }),
  });
}

/**
 * Moves every account of the program to its latest version (spec 001 §2.3, §7): a background job,
 * followed (with its progress in a toast) until it ends; answers what it did. With `resume`, the job
 * of that id that stopped part-way continues where it stopped instead.
 */
export function useForceUpdateProgramAccounts() {
  return useMutation({
    mutationFn: async (input: string | { prefix: string; resume: string }) => {
      const prefix = typeof input === 'string' ? input : input.prefix;
      const job =
        typeof input === 'string'
          ? await apiClient.post('/api/programs/{prefix}/force-update-accounts', {
              schema: jobSchema,
              params: { prefix },
            })
          : await resumeJob(input.resume);
      return {
        result: upgradeResultOf(await followJob(job, `Updating the accounts of ${prefix}`)),
      };
    },
  });
}

/**
 * `POST /api/programs/{prefix}/upgrade-rules` (decision 36): the program's next version, pinning the
 * latest rule versions. Programs and rules (Used By, usage) are read again after it.
 */
export function useUpgradeProgramRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefix: string) =>
      apiClient.post('/api/programs/{prefix}/upgrade-rules', {
        schema: programRulesUpgradeResultSchema,
        params: { prefix },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['programs'] }),
        queryClient.invalidateQueries({ queryKey: rulesQueryKey }),
      ]),
  });
}

/** Under the programs key: a program change refreshes the assignments too. */
const programRulesQueryKey = ['programs', 'rules'] as const;

/** `GET /api/programs/rules`: every program's rule configuration by program id. */
export function useProgramRules() {
  return useQuery({
    queryKey: programRulesQueryKey,
    queryFn: ({ signal }) =>
      apiClient.get('/api/programs/rules', { schema: programRulesResponseSchema, signal }),
    select: (data) => data.programRules,
  });
}

/** How often the edit screen asks how far a running impact preview is. */
export const IMPACT_PREVIEW_POLL_MS = 1_000;

/**
 * `POST /api/programs/{prefix}/impact-preview`: starts re-judging the program's accounts under the
 * edit form's unsaved version (validated as a save is; nothing is saved).
 */
export function useStartImpactPreview(prefix: string) {
  return useMutation({
    mutationFn: (body: ProgramUpdateBody) =>
      apiClient.post('/api/programs/{prefix}/impact-preview', {
        schema: impactPreviewSchema,
        params: { prefix },
        body,
      }),
  });
}

/** One impact preview, asked again every second while it runs. */
export function useImpactPreview(prefix: string, previewId: string | undefined) {
  return useQuery({
    queryKey: ['programs', 'impact-preview', prefix, previewId],
    queryFn:
      previewId === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/programs/{prefix}/impact-preview/{previewId}', {
              schema: impactPreviewSchema,
              params: { prefix, previewId },
              signal,
            }),
    refetchInterval: (query) =>
      query.state.data?.status === 'running' ? IMPACT_PREVIEW_POLL_MS : false,
  });
}

/**
 * `POST /api/programs/{prefix}/versions/{version}/revert`: a new version with version N's rules,
 * the program's accounts upgraded to it (a background job, followed until it ends). Programs and
 * their history are read again after it.
 */
export function useRevertProgram(prefix: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // `resume`: the upgrade job of a revert that stopped part-way, continued where it stopped (the
    // new version is saved already).
    mutationFn: async (input: number | { version: number; resume: string }) => {
      const job =
        typeof input === 'number'
          ? (
              await apiClient.post('/api/programs/{prefix}/versions/{version}/revert', {
                schema: programRevertResultSchema,
                params: { prefix, version: input },
              })
            ).job
          : await resumeJob(input.resume);
      const ended = await followJob(job, `Updating the accounts of ${prefix}`);
      return { result: upgradeResultOf(ended) };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programsQueryKey }),
  });
}

import {
  queryOptions,
  useMutation,
  useQueryClient,
  skipToken,
  useQuery,
} from '@tanstack/react-query';
import { PREFETCHED_QUERY } from '@/lib/query-client';
import { ruleUsageResponseSchema } from '@shared/programs/rule-versions';
import { apiClient } from '@/lib/api-client';
import { useMemo } from 'react';
import type {
  PhaseRuleReferenceBody,
  PhaseRuleReferenceUpdateBody,
} from '@shared/programs/program-body';
import {
  deleteResultSchema,
  phaseRulesChangeResultSchema,
  programRuleAssignmentsSchema,
  ruleListResponseSchema,
} from '@shared/programs/program-requests';

import type { RuleBody } from '@shared/programs/rule-body';
import { ruleDefinitionSchema, type RuleDefinition } from '@shared/rules/rule-definition';

/** `GET /api/rules/{ruleId}/usage`: read fresh each time (an edit asks just before it saves). */
export const ruleUsageQuery = (ruleId: string) => ({
  queryKey: [...rulesQueryKey, 'usage', ruleId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.get('/api/rules/{ruleId}/usage', {
      schema: ruleUsageResponseSchema,
      params: { ruleId },
      signal,
    }),
  staleTime: 0,
});

export const rulesQueryKey = ['rules'] as const;

const ruleQueryKey = (ruleId: string) => ['rules', 'one', ruleId] as const;

const programAssignmentsQueryKey = (prefix: string) =>
  ['programs', 'rule-assignments', prefix] as const;

/**
 * The whole rules catalogue with where each rule is used. The screens filter it in the browser
 * with the API's own semantics (rule-filters.ts): one cached list serves every screen.
 */
export function useRules() {
  return useQuery(rulesQuery());
}

/** The query of `useRules`, which the rule and program screens' route loaders start. */
export function rulesQuery() {
  return queryOptions({
    queryKey: [...rulesQueryKey, 'list'],
    ...PREFETCHED_QUERY,
    queryFn: ({ signal }) =>
      apiClient.get('/api/rules', { schema: ruleListResponseSchema, signal }),
  });
}

/** Definitions by id, for screens that show rule references. */
export function useRuleCatalogue() {
  const rules = useRules();
  const catalogue = useMemo(
    () =>
      new Map<string, RuleDefinition>((rules.data?.rules ?? []).map((rule) => [rule.ruleId, rule])),
    [rules.data],
  );
  return { ...rules, catalogue };
}

/** One rule's definition, shared by the rules screens and the rule details modal. */
export function useRule(ruleId: string | undefined, options: { retry?: boolean } = {}) {
  return useQuery({
    ...options,
    queryKey: ruleQueryKey(ruleId ?? ''),
    queryFn:
      ruleId === undefined
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/rules/{ruleId}', {
              schema: ruleDefinitionSchema,
              params: { ruleId },
              signal,
            }),
  });
}

export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, rule }: { mode: 'create' | 'edit'; rule: RuleBody }) =>
      mode === 'create'
        ? apiClient.post('/api/rules', { schema: ruleDefinitionSchema, body: rule })
        : apiClient.put('/api/rules/{ruleId}', {
            schema: ruleDefinitionSchema,
            params: { ruleId: rule.ruleId },
            body: rule,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesQueryKey }),
  });
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) =>
      apiClient.delete('/api/rules/{ruleId}', { schema: deleteResultSchema, params: { ruleId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesQueryKey }),
  });
}

/** `GET /api/rules/programs/{prefix}`: each phase's rules with their definitions. */
export function useProgramRuleAssignments(prefix: string | undefined) {
  return useQuery({
    queryKey: programAssignmentsQueryKey(prefix ?? ''),
    queryFn:
      prefix === undefined || prefix === ''
        ? skipToken
        : ({ signal }) =>
            apiClient.get('/api/rules/programs/{prefix}', {
              schema: programRuleAssignmentsSchema,
              params: { prefix },
              signal,
            }),
  });
}

interface PhaseTarget {
  prefix: string;
  phaseId: string;
}

/** Invalidates what a change of a phase's rules touches: programs, assignments, Used By. */
function useInvalidateAssignments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['programs'] }),
      queryClient.invalidateQueries({ queryKey: rulesQueryKey }),
    ]);
}

/** Adds a rule reference to a program phase (the Assign modal and the program-rule form). */
export function useAssignRule() {
  const invalidate = useInvalidateAssignments();
  return useMutation({
    mutationFn: ({
      prefix,
      phaseId,
      reference,
    }: PhaseTarget & { reference: PhaseRuleReferenceBody }) =>
      apiClient.post('/api/rules/programs/{prefix}/phases/{phaseId}/rules', {
        schema: phaseRulesChangeResultSchema,
        params: { prefix, phaseId },
        body: reference,
      }),
    onSuccess: invalidate,
  });
}

export function useUpdatePhaseRule() {
  const invalidate = useInvalidateAssignments();
  return useMutation({
    mutationFn: ({
      prefix,
      phaseId,
      ruleId,
      update,
    }: PhaseTarget & { ruleId: string; update: PhaseRuleReferenceUpdateBody }) =>
      apiClient.put('/api/rules/programs/{prefix}/phases/{phaseId}/rules/{ruleId}', {
        schema: phaseRulesChangeResultSchema,
        params: { prefix, phaseId, ruleId },
        body: update,
      }),
    onSuccess: invalidate,
  });
}

export function useRemovePhaseRule() {
  const invalidate = useInvalidateAssignments();
  return useMutation({
    mutationFn: ({ prefix, phaseId, ruleId }: PhaseTarget & { ruleId: string }) =>
      apiClient.delete('/api/rules/programs/{prefix}/phases/{phaseId}/rules/{ruleId}', {
        schema: phaseRulesChangeResultSchema,
        params: { prefix, phaseId, ruleId },
      }),
    onSuccess: invalidate,
  });
}

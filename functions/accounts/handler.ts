import {
  accountListQuerySchema,
  accountPathSchema,
  accountUpdateBodySchema,
  type Account,
  type AccountListResponse,
  type AccountResetResult,
} from '@shared/accounts/account';
import {
  accountCommentBodySchema,
  COMMENT_ADDED_MESSAGE,
  commentFieldsOf,
  type AccountCommentResult,
} from '@shared/comments/account-comment';
import { displayDate } from '@shared/common/display-date';
import type { AccountVerdict } from '@shared/rules/explain';
import type { ActionResult } from '@shared/common/fields';
import { accountsRoutes } from '@shared/api/routes/accounts';
import { assertOwnsAccount } from '../lib/account-access';
import { NotFoundError, UnauthorizedError } from '../lib/errors';
import { createHttpHandler, Reply, route } from '../lib/http-handler';
import { accountRepository, publicAccount } from '../lib/repositories/account-repository';
import { commentRepository } from '../lib/repositories/comment-repository';
import { refreshAccount, resetAccount } from './account-actions';
import { accountEvidence, evidenceDownload } from './account-evidence';
import { evidenceQuerySchema } from '@shared/evidence/evidence-pack';
import { accountVerdict } from './verdict';
import { accountTotals } from './account-totals';
import type { AccountsOverview } from '@shared/accounts/accounts-overview';
import { assertUpgradable } from '../lib/judging/program-upgrade';
import { startedByOf, startJob } from '../lib/jobs/job-runs';
import { jobAnswer } from '../lib/jobs/job-repository';

async function existingAccount(accountId: string) {
  const account = await accountRepository.get(accountId);
  if (!account) throw new NotFoundError(`Account ${accountId} not found`);
  return account;
}

export const handler = createHttpHandler(accountsRoutes, {
  // Force All Update re-judges every account it moves: a background job (202 with the job).
  'POST /api/accounts/force-program-update': route({
    async handle({ caller }): Promise<Reply> {
      const job = await startJob({
        kind: 'force-program-update',
        subject: {},
        startedBy: startedByOf(caller),
      });
      return new Reply(202, jobAnswer(job));
    },
  }),

  'GET /api/accounts': route({
    query: accountListQuerySchema,
    async handle({ query }): Promise<AccountListResponse> {
      const page = await accountRepository.listPage({ ...query, search: query.q });
      return {
        data: page.items,
        meta: { limit: query.limit, ...(page.nextCursor && { nextCursor: page.nextCursor }) },
      };
    },
  }),

  'GET /api/accounts/overview': route({
    async handle(): Promise<AccountsOverview> {
      return accountTotals();
    },
  }),

  'GET /api/accounts/{accountId}': route({
    params: accountPathSchema,
    async handle({ params, caller }): Promise<Account> {
      const account = await existingAccount(params.accountId);
      await assertOwnsAccount(caller, account);
      return publicAccount(account, caller);
    },
  }),

  'GET /api/accounts/{accountId}/evidence': route({
    params: accountPathSchema,
    query: evidenceQuerySchema,
    async handle({ params, query, caller }) {
      const account = await existingAccount(params.accountId);
      await assertOwnsAccount(caller, account);
      return evidenceDownload(await accountEvidence(account, query));
    },
  }),

  'GET /api/accounts/{accountId}/verdict': route({
    params: accountPathSchema,
    async handle({ params, caller }): Promise<AccountVerdict> {
      const account = await existingAccount(params.accountId);
      await assertOwnsAccount(caller, account);
      return accountVerdict(account);
    },
  }),

  // The account's force update re-judges its whole history: checked here (404, 409), then a
  // background job (202 with the job).
  'PUT /api/accounts/{accountId}': route({
    params: accountPathSchema,
    body: accountUpdateBodySchema,
    async handle({ params, caller }): Promise<Reply> {
      await assertUpgradable(params.accountId);
      const job = await startJob({
        kind: 'account-upgrade',
        subject: { accountId: params.accountId },
        startedBy: startedByOf(caller),
      });
      return new Reply(202, jobAnswer(job));
    },
  }),

  'POST /api/accounts/{accountId}/refresh': route({
    params: accountPathSchema,
    async handle({ params }): Promise<ActionResult> {
      const days = await refreshAccount(params.accountId);
      return {
        success: true,
        message:
          days === 0
            ? `Account ${params.accountId} has no trading days to re-judge yet`
            : `Account ${params.accountId} refreshed: ${days} trading day${days === 1 ? '' : 's'} re-judged`,
      };
    },
  }),

  'POST /api/accounts/{accountId}/reset': route({
    params: accountPathSchema,
    async handle({ params, caller }): Promise<AccountResetResult> {
      if (!caller) throw new UnauthorizedError();
      const { account, reset } = await resetAccount(params.accountId, caller.userId);
      return {
        success: true,
        message:
          `Account ${params.accountId} reset: judgement restarts from the starting balance ` +
          (reset.afterDate
            ? `on the first day after ${displayDate(reset.afterDate)}`
            : 'on its first day'),
        resetCount: account.resetCount,
        reset,
      };
    },
  }),

  'POST /api/accounts/{accountId}/comments': route({
    params: accountPathSchema,
    body: accountCommentBodySchema,
    async handle({ params, body, caller }): Promise<AccountCommentResult> {
      if (!caller) throw new UnauthorizedError();
      await existingAccount(params.accountId);
      const comment = await commentRepository.add(params.accountId, {
        ...commentFieldsOf(body),
        authorId: caller.userId,
      });
      return { success: true, message: COMMENT_ADDED_MESSAGE, comment };
    },
  }),
});

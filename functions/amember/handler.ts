import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { idSchema, INPUT_LIMITS, queryParamSchema } from '@shared/common/fields';
import {
  manualSyncBodySchema,
  syncStatusQuerySchema,
  type AuthSyncStatus,
  type ManualSyncResponse,
  type MembershipClientLoginResponse,
  type MembershipConfig,
} from '@shared/membership/membership-session';
import {
  createMembershipUserBodySchema,
  memberMaySignIn,
  membershipStatusLabel,
  MEMBERSHIP_USERS_LIMIT,
  type CreateMembershipUserResponse,
  type MembershipUser,
  type RithmicPasswordResponse,
} from '@shared/membership/membership-user';
import { amemberRoutes } from '@shared/api/routes/amember';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../lib/errors';
import { createHttpHandler, Reply, route } from '../lib/http-handler';
import { membershipClient } from '../lib/membership/client';
import { membershipPublicConfig } from '../lib/membership/config';
import { probeTool } from '../lib/membership/tool-probe';
import { toolStatusPathSchema, type ToolStatusResponse } from '@shared/membership/tool-status';
import {
  findSignInUser,
  memberAttemptSubject,
  provisionTraderUser,
  StaffUserError,
  traderIdOfMember,
  withSignInLease,
} from '../lib/membership/trader-users';
import {
  clientAddressOf,
  loginAttemptRepository,
} from '../lib/repositories/login-attempt-repository';

/** A user as staff lists see it: no password hash, no Rithmic password (decision 31). */
function listedUser(user: MembershipUser): MembershipUser {
  const { pass: _pass, rithmic_passwd, ...rest } = user;
  return { ...rest, has_rithmic_passwd: !!rithmic_passwd };
}

const usersQuerySchema = z.strictObject({
  login: queryParamSchema(
    z.string().max(INPUT_LIMITS.name, { error: 'login is too long' }).optional(),
  ),
  email: queryParamSchema(
    z.string().max(INPUT_LIMITS.email, { error: 'email is too long' }).optional(),
  ),
});

const memberIdParams = z.strictObject({ userId: idSchema('userId') });

const GENERATED_PASSWORD_BYTES = 12;

/** Whether the member's trader sign-in (Cognito user) matches the membership record. */
async function syncStatusOf(email: string): Promise<AuthSyncStatus & { member?: MembershipUser }> {
  const member = await membershipClient.findUser(email);
  if (!member) {
    return {
      isSynced: false,
      hasRithmicUser: false,
      hasAmemberPassword: false,
      message: `No membership user with email ${email}`,
    };
  }
  const [signIn, traderId] = await Promise.all([
    findSignInUser(member.user_id),
    traderIdOfMember(member),
  ]);
  const isSynced =
    signIn.exists && signIn.memberId === member.user_id && (signIn.traderId ?? '') === traderId;
  // In sync or not, only an Active member signs in: say so rather than 'can sign in'.
  const message = !memberMaySignIn(member)
    ? `${member.email} cannot sign in: the membership status is ${membershipStatusLabel(member.status)} (only Active members sign in)`
    : isSynced
      ? `${member.email} can sign in as a trader (member ${member.user_id}${traderId ? `, trader ${traderId}` : ', no trading record'})`
      : signIn.exists
        ? `The trader sign-in of ${member.email} differs from the membership record: run a manual sync`
        : `${member.email} has no trader sign-in yet: run a manual sync`;
  return {
    isSynced,
    hasRithmicUser: traderId !== '',
    hasAmemberPassword: !!member.pass,
    message,
    member,
  };
}

export const handler = createHttpHandler(amemberRoutes, {
  'GET /api/amember/config': route({
    async handle(): Promise<MembershipConfig> {
      return membershipPublicConfig();
    },
  }),

  /** Whether a tool's site answers, for the tool page's fallback; any signed-in user. */
  'GET /api/amember/tools/{toolId}/status': route({
    params: toolStatusPathSchema,
    async handle({ params, caller }): Promise<ToolStatusResponse> {
      if (!caller) throw new UnauthorizedError();
      return probeTool(params.toolId);
    },
  }),

  /**
   * The membership check's server tier (spec 000 §7): the signed-in trader's own membership user,
   * found by the token's `custom:memberId` claim (never a query or body). Staff have no membership
   * session.
   *
   * `data.sessionId` is in the spec's answer, so it stays, but it is always null here: the membership
   * site's session id lives in its session cookie, which no call of its REST API reports or checks,
   * and echoing a cookie the browser happens to send would hand an HttpOnly session id to scripts
   * (and one nobody verified). The SPA's cookie tier reports it when the cookie is readable anyway.
   */
  'POST /api/amember/client-login': route({
    async handle({ caller }): Promise<MembershipClientLoginResponse> {
      const member =
        caller?.role === 'trader' && caller.memberId
          ? await membershipClient.getUser(caller.memberId)
          : undefined;
      const sessionId = null;
      if (!member) return { success: true, isLoggedIn: false, data: { user: null, sessionId } };
      return {
        success: true,
        isLoggedIn: true,
        data: {
          user: { user_id: member.user_id, email: member.email, login: member.login },
          sessionId,
        },
      };
    },
  }),

  'GET /api/amember/users': route({
    query: usersQuerySchema,
    async handle({ query }) {
      const page = await membershipClient.listUsers({
        count: MEMBERSHIP_USERS_LIMIT,
        filter: { login: query.login, email: query.email },
      });
      const indexed = Object.fromEntries(
        page.users.map((user, index) => [String(index), listedUser(user)]),
      );
      return {
        success: true,
        data: { users: [{ ...indexed, _total: page.total }], responseStatus: 200 },
      };
    },
  }),

  'POST /api/amember/users': route({
    body: createMembershipUserBodySchema,
    async handle({ body }): Promise<Reply> {
      const generated = body.pass === undefined;
      const pass = body.pass ?? randomBytes(GENERATED_PASSWORD_BYTES).toString('base64url');
      const user = await membershipClient.createUser({ ...body, pass });
      const answer: CreateMembershipUserResponse = {
        success: true,
        data: { user: listedUser(user), ...(generated && { generatedPassword: pass }) },
      };
      return new Reply(201, answer);
    },
  }),

  'GET /api/amember/users/{userId}/rithmic-password': route({
    params: memberIdParams,
    async handle({ params }): Promise<RithmicPasswordResponse> {
      const user = await membershipClient.getUser(params.userId);
      if (!user) throw new NotFoundError(`Membership user ${params.userId} not found`);
      return {
        success: true,
        data: { user_id: user.user_id, rithmic_passwd: user.rithmic_passwd ?? null },
      };
    },
  }),

  'GET /api/amember/sync-status': route({
    query: syncStatusQuerySchema,
    async handle({ query }): Promise<AuthSyncStatus> {
      const { member: _member, ...status } = await syncStatusOf(query.email);
      return status;
    },
  }),

  /**
   * Manual synchronization (spec 001 §5): provisions the member's trader sign-in from the
   * membership record. A given password must be the member's; `force` re-provisions a member
   * already in sync.
   */
  'POST /api/amember/sync': route({
    body: manualSyncBodySchema,
    async handle({ body, event }): Promise<ManualSyncResponse> {
      const before = await syncStatusOf(body.email);
      const { member } = before;
      if (!member) throw new NotFoundError(`No membership user with email ${body.email}`);
      if (body.password !== undefined) {
        // A password check here is a sign-in attempt of the member: it counts against the
        // member's lock from the caller's address, so a staff session is no unlimited oracle.
        const subject = memberAttemptSubject(member, member.login, clientAddressOf(event));
        await loginAttemptRepository.admitOrRefuse(subject);
        const check = await membershipClient.checkLogin(member.login, body.password);
        if (!check.ok)
          throw new ValidationError('The password does not match the membership record');
        await loginAttemptRepository.clear(subject);
      }
      if (before.isSynced && !body.force) {
        const { member: _member, ...status } = before;
        return { success: true, ...status };
      }
      try {
        await withSignInLease(member.user_id, () => provisionTraderUser(member));
      } catch (error) {
        if (error instanceof StaffUserError) throw new ConflictError(error.message);
        throw error;
      }
      const { member: _after, ...status } = await syncStatusOf(body.email);
      return { success: true, ...status };
    },
  }),
});

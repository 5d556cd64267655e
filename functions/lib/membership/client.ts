import * as z from 'zod';
import { MEMBERSHIP_CHECK_TIMEOUT_MS } from '@shared/membership/membership-session';
import {
  MEMBERSHIP_USERS_LIMIT,
  membershipUserSchema,
  type CreateMembershipUserBody,
  type MembershipUser,
} from '@shared/membership/membership-user';
import { BadGatewayError, ConflictError, GatewayTimeoutError } from '../errors';
import { membershipApiKey, membershipSettings } from './config';

/**
 * The one client of the membership system's REST API (aMember Pro, DESIGN §12): the subset the product
 * needs. Authenticated with `X-API-Key`; every failure of the system is a 502 (it answered badly) or a
 * 504 (it did not answer in time) whose message names the membership system and never carries what it
 * answered. Passwords and the key are never logged (nothing here logs at all).
 */

const SYSTEM = 'The membership system';

/** One page of users: the indexed object `{ "0": user, …, "_total": n }` read as a list. */
export interface MembershipUserPage {
  users: MembershipUser[];
  total: number;
}

export interface ListUsersOptions {
  /** `_count`: page size, 1–100. */
  count?: number;
  /** `_page`: 0-based. */
  page?: number;
  /** `_filter[field]=value`: exact matches. */
  filter?: Partial<Record<'login' | 'email' | 'user_id', string>>;
}

/** The answer of a login and password check. */
export type LoginCheck = { ok: true; user: MembershipUser } | { ok: false };

const indexedUsersSchema = z
  .record(z.string(), z.unknown())
  .transform((indexed) => ({
    total: Number(indexed._total ?? 0),
    users: Object.keys(indexed)
      .filter((key) => /^\d+$/.test(key))
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => indexed[key]),
  }))
  .pipe(z.object({ total: z.number().int().min(0), users: z.array(membershipUserSchema) }));

const checkAccessSchema = z.union([
  z.object({ ok: z.literal(true), user_id: z.union([z.string(), z.number()]).transform(String) }),
  z.object({ ok: z.literal(false) }),
]);

const createdSchema = z.union([
  z
    .array(membershipUserSchema)
    .min(1)
    .transform((users) => users[0] as MembershipUser),
  membershipUserSchema,
]);

/** `{ error: true, message }`: the system's refusal of a request. */
const refusalSchema = z.object({ error: z.literal(true), message: z.string().optional() });

type Method = 'GET' | 'POST';

async function call(
  method: Method,
  path: string,
  query: URLSearchParams | undefined,
  body?: URLSearchParams,
): Promise<{ status: number; json: unknown }> {
  const { apiUrl, timeoutMs } = membershipSettings();
  const url = new URL(`${apiUrl.replace(/\/$/, '')}/api${path}`);
  if (query) url.search = query.toString();
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        'X-API-Key': await membershipApiKey(),
        accept: 'application/json',
        ...(body && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: body?.toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new GatewayTimeoutError(`${SYSTEM} did not answer in time`);
    }
    throw new BadGatewayError(`${SYSTEM} cannot be reached`);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new BadGatewayError(`${SYSTEM} answered with something other than JSON`);
  }
  if (response.status === 401 || response.status === 403) {
    throw new BadGatewayError(`${SYSTEM} refused the API key`);
  }
  return { status: response.status, json };
}

function unexpected(status: number): never {
  throw new BadGatewayError(`${SYSTEM} answered with an error (HTTP ${status})`);
}

function parsed<T extends z.ZodType>(schema: T, json: unknown): z.output<T> {
  const result = schema.safeParse(json);
  if (!result.success) throw new BadGatewayError(`${SYSTEM} answered in an unexpected shape`);
  return result.data;
}

export const membershipClient = {
  /** `GET /api/users?_count&_page&_filter[…]`: one page of users and the total. */
  async listUsers(options: ListUsersOptions = {}): Promise<MembershipUserPage> {
    const query = new URLSearchParams({
      _count: String(Math.min(Math.max(options.count ?? MEMBERSHIP_USERS_LIMIT, 1), 100)),
      _page: String(Math.max(options.page ?? 0, 0)),
    });
    for (const [field, value] of Object.entries(options.filter ?? {})) {
      if (value !== undefined) query.set(`_filter[${field}]`, value);
    }
    const { status, json } = await call('GET', '/users', query);
    if (status !== 200) unexpected(status);
    return parsed(indexedUsersSchema, json);
  },

  /** The one user with this exact login or email (case-insensitive), or undefined. */
  async findUser(loginOrEmail: string): Promise<MembershipUser | undefined> {
    const field = loginOrEmail.includes('@') ? 'email' : 'login';
    const { users } = await this.listUsers({ count: 2, filter: { [field]: loginOrEmail } });
    const wanted = loginOrEmail.trim().toLowerCase();
    return users.find((user) => user[field].trim().toLowerCase() === wanted);
  },

  /** `GET /api/users/{id}`, or undefined for an unknown id. */
  async getUser(userId: string): Promise<MembershipUser | undefined> {
    const { status, json } = await call('GET', `/users/${encodeURIComponent(userId)}`, undefined);
    if (status === 404) return undefined;
    if (status !== 200) unexpected(status);
    return parsed(createdSchema, json);
  },

  /** `POST /api/users`; a taken login or email is a 409 with the system's reason. */
  async createUser(body: CreateMembershipUserBody & { pass: string }): Promise<MembershipUser> {
    const form = new URLSearchParams({
      login: body.login,
      email: body.email,
      name_f: body.name_f,
      name_l: body.name_l,
      pass: body.pass,
      status: String(body.status),
    });
    const { status, json } = await call('POST', '/users', undefined, form);
    if (status === 409 || status === 400) {
      const refusal = refusalSchema.safeParse(json);
      if (status === 409) {
        throw new ConflictError(refusal.data?.message ?? 'The user already exists');
      }
      unexpected(status);
    }
    if (status !== 200 && status !== 201) unexpected(status);
    return parsed(createdSchema, json);
  },

  /**
   * Checks a login (username or email) and password (`GET /api/check-access/by-login-pass`). An email
   * is first resolved to its login, so the check works with either.
   */
  async checkLogin(loginOrEmail: string, password: string): Promise<LoginCheck> {
    let login = loginOrEmail.trim();
    if (login.includes('@')) {
      const user = await this.findUser(login);
      if (!user) return { ok: false };
      login = user.login;
    }
    const { status, json } = await call(
      'GET',
      '/check-access/by-login-pass',
      new URLSearchParams({ login, pass: password }),
    );
    if (status !== 200) unexpected(status);
    const answer = parsed(checkAccessSchema, json);
    if (!answer.ok) return { ok: false };
    const user = await this.getUser(answer.user_id);
    if (!user) throw new BadGatewayError(`${SYSTEM} confirmed a user it does not know`);
    return { ok: true, user };
  },
};

export { MEMBERSHIP_CHECK_TIMEOUT_MS };
